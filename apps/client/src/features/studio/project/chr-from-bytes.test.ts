import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bytesToChrText, chrTextFromBytes, isChrTextFor } from './chr-from-bytes'
import { chrTextToBytes } from './chr-text'

/** Text -> bytes of the generated CHR text, failing on any problem. */
function backToBytes(text: string | undefined): number[] {
  if (text === undefined) throw new Error('no CHR text')
  const { bytes, problems } = chrTextToBytes(text)
  expect(problems).toEqual([])
  return [...bytes]
}

/** Lines that are neither blank nor a comment. */
function codeLines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith(';'))
}

const tileBuffers = (maxTiles: number) =>
  fc
    .array(
      fc.oneof(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        // Blank tiles and tiles with only a few bits set are common in real pattern tables.
        fc.constant(new Uint8Array(16)),
        fc.nat(127).map((bit) => {
          const tile = new Uint8Array(16)
          tile[bit >> 3] = 1 << (bit & 7)
          return tile
        }),
      ),
      { maxLength: maxTiles },
    )
    .map((tiles) => {
      const out = new Uint8Array(tiles.length * 16)
      tiles.forEach((tile, i) => out.set(tile, i * 16))
      return out
    })

describe('binary CHR to CHR text', () => {
  it('round-trips any whole number of tiles exactly, trailing zero runs included', () => {
    fc.assert(
      fc.property(tileBuffers(80), (bytes) => {
        expect(backToBytes(chrTextFromBytes(bytes))).toEqual([...bytes])
      }),
      { numRuns: 300 },
    )
  })

  it('round-trips random 16-byte multiples up to one 8 KiB bank', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 512 })
          .chain((tiles) => fc.uint8Array({ minLength: tiles * 16, maxLength: tiles * 16 })),
        (bytes) => {
          expect(backToBytes(bytesToChrText(bytes))).toEqual([...bytes])
        },
      ),
      { numRuns: 60 },
    )
  })

  it('keeps an all-zero 8 KiB bank compact: one .fill', () => {
    const text = bytesToChrText(new Uint8Array(8192))
    expect(codeLines(text ?? '')).toEqual(['.fill 8192'])
    expect(text!.split('\n').length).toBeLessThan(12)
    expect(backToBytes(text)).toEqual([...new Uint8Array(8192)])
  })

  it('writes tiles as pixel rows in .defchr order and blank runs as .fill to the run end', () => {
    const bytes = new Uint8Array(16 * 6)
    // Tile 0: top row colour 1 (plane 0), bottom row colour 3 (both planes).
    bytes[0] = 0xff
    bytes[7] = 0xff
    bytes[15] = 0xff
    // Tiles 1-3 blank, tile 4 one pixel of colour 2 (plane 1, leftmost), tile 5 blank.
    bytes[4 * 16 + 8] = 0x80
    const text = bytesToChrText(bytes)!
    expect(codeLines(text)).toEqual([
      '11111111',
      ...new Array<string>(6).fill('........'),
      '33333333',
      '.fill 64',
      '2.......',
      ...new Array<string>(7).fill('........'),
      '.fill 96',
    ])
    expect(text).toContain('; tile $04 at $0040')
    expect(text).toContain('; tiles $01-$03 blank')
    expect(backToBytes(text)).toEqual([...bytes])
  })

  it('keeps a single blank tile between tiles as rows', () => {
    const bytes = new Uint8Array(48).fill(0x11)
    bytes.fill(0, 16, 32)
    expect(codeLines(bytesToChrText(bytes)!)).toHaveLength(24)
  })

  it('refuses lengths that are not whole tiles', () => {
    expect(bytesToChrText(new Uint8Array(17))).toBeUndefined()
    expect(chrTextFromBytes(new Uint8Array(8191))).toBeUndefined()
  })

  it('isChrTextFor accepts only problem-free text that gives exactly the bytes', () => {
    const bytes = new Uint8Array(32)
    expect(isChrTextFor('.fill 32', bytes)).toBe(true)
    expect(isChrTextFor('.fill 16', bytes)).toBe(false)
    expect(isChrTextFor('.fill 32\nbad', bytes)).toBe(false)
  })
})
