import { describe, expect, it } from 'vitest'
import { HEIGHT, WIDTH, diffPictures, indicesFromFceumm, indicesFromJsnes } from './core-compare'
import { ENTRIES, FCEUMM_RGB565, jsnesRgb } from './core-palettes'

/** A jsnes RGBA picture (256×240) of entry `fill` (emphasis * 64 + colour), with `at` pixels (x, y in fceumm's rows). */
function jsnesPicture(fill: number, at: [number, number, number][] = []): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(256 * 240 * 4)
  const [r, g, b] = jsnesRgb(fill)
  new Uint32Array(rgba.buffer).fill(r | (g << 8) | (b << 16) | (0xff << 24)) // little-endian RGBA
  for (const [x, y, entry] of at) rgba.set([...jsnesRgb(entry), 255], ((y + 8) * 256 + x) * 4)
  return rgba
}

function fceummPicture(fill: number, at: [number, number, number][] = []) {
  const rgb565 = new Uint16Array(WIDTH * HEIGHT).fill(FCEUMM_RGB565[fill]!)
  for (const [x, y, entry] of at) rgb565[y * WIDTH + x] = FCEUMM_RGB565[entry]!
  return { width: WIDTH, height: HEIGHT, rgb565, frame: 1 }
}

/** Whether each pair (jsnes's entry, fceumm's entry) counts as the same colour: one pixel per pair. */
function agreement(pairs: [number, number][]): boolean[] {
  const at = (k: number): [number, number] => [k % WIDTH, Math.floor(k / WIDTH)]
  const a = indicesFromJsnes(
    jsnesPicture(
      0x0f,
      pairs.map(([j], k) => [...at(k), j]),
    ),
  )
  const b = indicesFromFceumm(
    fceummPicture(
      0x0f,
      pairs.map(([, f], k) => [...at(k), f]),
    ),
  )
  const { mask } = diffPictures(a, b)
  return pairs.map((_, k) => mask[k] === 0)
}

const BLACKS = [0x0d, 0x0e, 0x0f, 0x1d, 0x1e, 0x1f, 0x2e, 0x2f, 0x3e, 0x3f]
const EMPHASIS_RED = 1 << 6
const EMPHASIS_ALL = 7 << 6

describe('colour entries', () => {
  it('counts as one the plain colours a core cannot tell apart (the blacks, $20 and $30), and no others', () => {
    const pairs: [number, number][] = []
    for (let j = 0; j < 64; j++) for (let f = 0; f < 64; f++) pairs.push([j, f])
    const same = (j: number, f: number) =>
      j === f ||
      (BLACKS.includes(j) && BLACKS.includes(f)) ||
      ([0x20, 0x30].includes(j) && [0x20, 0x30].includes(f))
    const wrong = agreement(pairs)
      .map((agrees, k) => [pairs[k]!, agrees] as const)
      .filter(([[j, f], agrees]) => agrees !== same(j, f))
      .map(([[j, f]]) => `jsnes $${j.toString(16)} / fceumm $${f.toString(16)}`)
    expect(wrong).toEqual([])
  })

  // Failed before: an emphasised colour was mapped to the nearest plain colour of each core's palette, and the two
  // cores' nearest colours were not the same, so a program that set emphasis differed on every pixel.
  it("counts each core's own RGB of every colour under every emphasis as the same colour", () => {
    const pairs = Array.from({ length: ENTRIES }, (_, e): [number, number] => [e, e])
    const wrong = agreement(pairs)
      .map((agrees, e) => (agrees ? '' : `emphasis ${e >> 6} colour $${(e & 63).toString(16)}`))
      .filter(Boolean)
    expect(wrong).toEqual([])
  })

  it('tells an emphasised colour from the plain one, and counts its black as black', () => {
    expect(
      agreement([
        [EMPHASIS_RED + 0x21, 0x21],
        [0x21, EMPHASIS_RED + 0x21],
        [EMPHASIS_ALL + 0x0f, 0x0d],
        [0x16, 0x16],
      ]),
    ).toEqual([false, false, true, true])
  })

  it('takes jsnes rows 8-231 (the rows fceumm shows) and maps an RGB outside its table to the nearest', () => {
    const rgba = jsnesPicture(0x0f, [[3, 0, 0x16]])
    rgba.set([255, 255, 255, 255], 0) // row 0 of jsnes: cropped
    const [r, g, b] = jsnesRgb(0x2a)
    rgba.set([r + 3, g - 4, b + 2, 255], (9 * 256 + 5) * 4) // near $2A at (5, 1)
    const out = indicesFromJsnes(rgba)
    expect(out.length).toBe(WIDTH * HEIGHT)
    const exact = indicesFromJsnes(
      jsnesPicture(0x0f, [
        [0, 0, 0x16],
        [1, 0, 0x2a],
      ]),
    )
    expect([out[3], out[0], out[WIDTH + 5]]).toEqual([exact[0], exact[2], exact[1]])
  })

  it('refuses a fceumm picture of another size', () => {
    expect(() =>
      indicesFromFceumm({ width: 256, height: 240, rgb565: new Uint16Array(256 * 240), frame: 1 }),
    ).toThrow('fceumm drew 256×240')
  })

  it('counts and marks the differing pixels', () => {
    const a = indicesFromJsnes(jsnesPicture(0x21, [[10, 20, 0x16]]))
    const b = indicesFromFceumm(fceummPicture(0x21, [[11, 20, 0x16]]))
    const { count, mask } = diffPictures(a, b)
    expect(count).toBe(2)
    expect([mask[20 * WIDTH + 10], mask[20 * WIDTH + 11], mask[0]]).toEqual([1, 1, 0])
  })
})
