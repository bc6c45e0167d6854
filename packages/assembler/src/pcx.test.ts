import { describe, expect, it } from 'vitest'
import { asm, code, fails, src } from '../test/helpers'
import { decodePcx, packTile } from './pcx'

/** A minimal 8-bit, single-plane, RLE PCX of `w` x `h` pixels with colour index f(x, y). */
function pcx8(w: number, h: number, f: (x: number, y: number) => number): Uint8Array {
  const head = new Uint8Array(128)
  head[0] = 10
  head[1] = 5
  head[2] = 1
  head[3] = 8
  head[8] = (w - 1) & 0xff
  head[9] = (w - 1) >> 8
  head[10] = (h - 1) & 0xff
  head[11] = (h - 1) >> 8
  head[65] = 1
  head[66] = w & 0xff
  const body: number[] = []
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = f(x, y)
      if (v >= 0xc0) body.push(0xc1)
      body.push(v)
    }
  }
  body.push(12, ...new Array<number>(768).fill(0))
  const out = new Uint8Array(128 + body.length)
  out.set(head)
  out.set(body, 128)
  return out
}

describe('pcx', () => {
  const img = pcx8(16, 16, (x, y) => (x + y) & 3)
  it('decodes 8-bit RLE', () => {
    const d = decodePcx(img)
    expect(typeof d).toBe('object')
    if (typeof d === 'string') return
    expect([d.width, d.height, d.pixels[0], d.pixels[17]]).toEqual([16, 16, 0, 2])
  })
  it('packs a tile: bit 0 to plane 0, bit 1 to plane 1, leftmost pixel = bit 7', () => {
    const d = decodePcx(pcx8(16, 16, (x) => (x === 0 ? 3 : x === 7 ? 1 : 0)))
    if (typeof d === 'string') throw new Error(d)
    const t = new Uint8Array(16)
    packTile(d, 0, 0, t)
    expect([t[0], t[8]]).toEqual([0x81, 0x80])
  })
  it('.incchr converts tiles left to right, top to bottom', () => {
    const bytes = code('.incchr "t.pcx"', {
      't.pcx': pcx8(16, 16, (x, y) => (x < 8 ? 1 : 2) + (y < 8 ? 0 : 0)),
    })
    expect(bytes.length).toBe(64)
    expect([bytes[0], bytes[8], bytes[16], bytes[24]]).toEqual([0xff, 0, 0, 0xff])
  })
  it('.incchr with a tile count', () =>
    expect(code('.incchr "t.pcx", 1, 1', { 't.pcx': img }).length).toBe(16))
  it('coordinates out of range', () => {
    const r = asm(src('.incchr "t.pcx", 3, 1'), { 't.pcx': img })
    expect(r.diagnostics[0]?.code).toBe('PcxError')
  })
  it('missing picture', () => fails('.incchr "none.pcx"', 'FileNotFound'))
  it('too small', () => {
    const d = decodePcx(pcx8(8, 8, () => 0))
    expect(d).toBe('Picture size too small, min. 16x16!')
  })
})
