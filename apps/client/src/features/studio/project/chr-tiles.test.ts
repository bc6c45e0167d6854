import { describe, expect, it } from 'vitest'
import { chrTextToBytes } from './chr-text'
import { TILES_PER_ROW, tileSheetPixels, visibleTileCount } from './chr-tiles'

describe('chr tiles', () => {
  it('decodes what chr-text encodes, pixel for pixel', () => {
    const rows = [
      '01230123',
      '32103210',
      '........',
      '33333333',
      '1.......',
      '.......2',
      '00000000',
      '11112222',
    ]
    const { bytes } = chrTextToBytes(rows.join('\n'))
    const pixels = tileSheetPixels(bytes, 1)
    const width = TILES_PER_ROW * 8
    const decoded = rows.map((_, y) => [...pixels.subarray(y * width, y * width + 8)].join(''))
    expect(decoded).toEqual(rows.map((r) => r.replaceAll('.', '0')))
  })

  it('shows whole rows up to the last non-empty tile', () => {
    const bytes = new Uint8Array(8192)
    expect(visibleTileCount(bytes)).toBe(8)
    bytes[20 * 16 + 3] = 1
    expect(visibleTileCount(bytes)).toBe(24)
  })
})
