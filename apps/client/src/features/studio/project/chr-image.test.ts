import { describe, expect, it } from 'vitest'
import { chrTextToBytes } from './chr-text'
import {
  chrToRgba,
  fillTile,
  getPixel,
  patchChrText,
  rgbaToChr,
  setPixel,
  transformTile,
} from './chr-image'
import { DEFAULT_CHR_PALETTE, NES_PALETTE } from './nes-palette'

const colours = DEFAULT_CHR_PALETTE.map((i) => NES_PALETTE[i]!)

describe('tile pixels', () => {
  it('sets and reads pixels in both bit planes', () => {
    const bytes = new Uint8Array(32)
    setPixel(bytes, 1, 0, 2, 3)
    setPixel(bytes, 1, 7, 2, 2)
    expect([bytes[16 + 2], bytes[16 + 10]]).toEqual([0x80, 0x81])
    expect([getPixel(bytes, 1, 0, 2), getPixel(bytes, 1, 7, 2), getPixel(bytes, 1, 3, 2)]).toEqual([
      3, 2, 0,
    ])
    setPixel(bytes, 1, 0, 2, 0)
    expect(getPixel(bytes, 1, 0, 2)).toBe(0)
  })

  it('fills an area inside one tile only', () => {
    const bytes = new Uint8Array(32)
    for (let y = 0; y < 8; y += 1) setPixel(bytes, 0, 4, y, 1) // a wall at x = 4
    fillTile(bytes, 0, 0, 0, 2)
    expect(getPixel(bytes, 0, 3, 7)).toBe(2)
    expect(getPixel(bytes, 0, 5, 0)).toBe(0)
    expect(getPixel(bytes, 1, 0, 0)).toBe(0)
  })
})

describe('transformTile', () => {
  it('flips and rotates one tile', () => {
    const bytes = new Uint8Array(32)
    setPixel(bytes, 1, 1, 0, 3) // top row, second from the left
    const flipped = bytes.slice()
    transformTile(flipped, 1, 'flip-h')
    expect(getPixel(flipped, 1, 6, 0)).toBe(3)
    transformTile(flipped, 1, 'flip-v')
    expect(getPixel(flipped, 1, 6, 7)).toBe(3)
    const turned = bytes.slice()
    transformTile(turned, 1, 'rotate') // clockwise: (1, 0) goes to (7, 1)
    expect(getPixel(turned, 1, 7, 1)).toBe(3)
    expect([...turned.subarray(0, 16)]).toEqual(new Array(16).fill(0))
  })
})

describe('PNG pixels', () => {
  it('round-trips tiles through an RGBA sheet', () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 31) & 0xff)
    const sheet = chrToRgba(bytes, colours)
    expect([sheet.width, sheet.height]).toEqual([128, 128])
    const back = rgbaToChr(sheet.data, sheet.width, sheet.height, colours)
    expect(back.ok && [...back.bytes]).toEqual([...bytes])
  })

  it('maps near colours to the palette and transparency to colour 0', () => {
    const data = new Uint8ClampedArray(8 * 8 * 4)
    data.set([250, 250, 250, 255], 0) // near white: colour 3
    data.set([255, 0, 0, 0], 4) // transparent
    const r = rgbaToChr(data, 8, 8, colours)
    expect(r.ok && [getPixel(r.bytes, 0, 0, 0), getPixel(r.bytes, 0, 1, 0)]).toEqual([3, 0])
  })

  it('refuses a tile with 5 colours, naming it, and a size that is not a multiple of 8', () => {
    const data = new Uint8ClampedArray(16 * 8 * 4)
    for (let x = 0; x < 5; x += 1) data.set([x * 50, 0, 0, 255], (8 + x) * 4)
    expect(rgbaToChr(data, 16, 8, colours)).toEqual({
      ok: false,
      message: 'Tile $01 (column 2, row 1) uses more than 4 colours.',
    })
    expect(rgbaToChr(new Uint8ClampedArray(10 * 8 * 4), 10, 8, colours)).toEqual({
      ok: false,
      message: 'The image is 10×8 pixels: both sides must be a multiple of 8.',
    })
  })
})

describe('patchChrText', () => {
  const text = '; my tiles\n11111111 ; top\n' + '........\n'.repeat(7) + '.fill 64\n'

  it('rewrites the changed rows and keeps comments and .fill', () => {
    const bytes = chrTextToBytes(text).bytes
    setPixel(bytes, 0, 0, 1, 2)
    const patched = patchChrText(text, bytes)
    expect(patched.split('\n').slice(0, 4)).toEqual([
      '; my tiles',
      '11111111 ; top',
      '2.......',
      '........',
    ])
    expect(patched).toContain('.fill 64')
    expect([...chrTextToBytes(patched).bytes]).toEqual([...bytes])
  })

  it('writes out only the tiles of a .fill region that got pixels, keeping every other line', () => {
    const blank = '; blank\n.fill 8192 ; the whole bank\n'
    const bytes = chrTextToBytes(blank).bytes
    setPixel(bytes, 5, 1, 2, 3)
    const patched = patchChrText(blank, bytes)
    expect(patched).not.toContain('converted from the binary file')
    const lines = patched.split('\n')
    expect(lines.slice(0, 2)).toEqual(['; blank', '.fill 80'])
    expect(lines).toContain('.3......')
    expect(lines.filter((l) => /^[0-3.]{8}$/.test(l))).toHaveLength(8)
    expect(lines.at(-2)).toBe('.fill 8192 ; the whole bank')
    expect([...chrTextToBytes(patched).bytes]).toEqual([...bytes])
    setPixel(bytes, 0, 0, 0, 1)
    const again = patchChrText(patched, bytes)
    expect(again.split('\n').slice(0, 4)).toEqual([
      '; blank',
      '',
      '; tile $00 at $0000',
      '1.......',
    ])
    expect([...chrTextToBytes(again).bytes]).toEqual([...bytes])
  })

  it('keeps the text right when a pixel lands in a .fill region', () => {
    const bytes = chrTextToBytes(text).bytes
    setPixel(bytes, 2, 0, 0, 1)
    const patched = patchChrText(text, bytes)
    expect([...chrTextToBytes(patched).bytes]).toEqual([...bytes])
  })
})
