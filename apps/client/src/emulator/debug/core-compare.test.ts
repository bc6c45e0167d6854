import { describe, expect, it } from 'vitest'
import type { NesButton } from '../types'
import {
  CANONICAL,
  FCEUMM_RGB565,
  HEIGHT,
  WIDTH,
  diffPictures,
  findFirstDifference,
  indicesFromFceumm,
  indicesFromJsnes,
} from './core-compare'
import type { SteppedCore } from './core-compare'
import { nesColor } from './nes-palette'

/** A jsnes RGBA picture (256×240) of colour `fill`, with `at` pixels (x, y in fceumm's rows) set. */
function jsnesPicture(fill: number, at: [number, number, number][] = []): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(256 * 240 * 4)
  for (let i = 0; i < 256 * 240; i++) rgba.set([...nesColor(fill), 255], i * 4)
  for (const [x, y, colour] of at) rgba.set([...nesColor(colour), 255], ((y + 8) * 256 + x) * 4)
  return rgba
}

function fceummPicture(fill: number, at: [number, number, number][] = []) {
  const rgb565 = new Uint16Array(WIDTH * HEIGHT).fill(FCEUMM_RGB565[fill]!)
  for (const [x, y, colour] of at) rgb565[y * WIDTH + x] = FCEUMM_RGB565[colour]!
  return { width: WIDTH, height: HEIGHT, rgb565, frame: 1 }
}

describe('colour indices', () => {
  it('counts as one the colours a core cannot tell apart, and no others', () => {
    for (const black of [0x0e, 0x0f, 0x1d, 0x1e, 0x1f, 0x2e, 0x2f, 0x3e, 0x3f])
      expect(CANONICAL[black]).toBe(0x0d)
    expect(CANONICAL[0x30]).toBe(0x20) // both white in fceumm
    const distinct = new Set(CANONICAL)
    expect(distinct.size).toBe(64 - 9 - 1)
    expect(CANONICAL[0x16]).toBe(0x16)
  })

  it("maps each core's own RGB of every colour to the same index", () => {
    for (let colour = 0; colour < 64; colour++) {
      const a = indicesFromJsnes(jsnesPicture(colour))
      const b = indicesFromFceumm(fceummPicture(colour))
      expect([a[0], b[0]]).toEqual([CANONICAL[colour], CANONICAL[colour]])
    }
  })

  it('takes jsnes rows 8-231 (the rows fceumm shows) and maps a tinted colour to the nearest', () => {
    const rgba = jsnesPicture(0x0f, [[3, 0, 0x16]])
    rgba.set([255, 255, 255, 255], 0) // row 0 of jsnes: cropped
    const [r, g, b] = nesColor(0x2a)
    rgba.set([r + 3, g - 4, b + 2, 255], (9 * 256 + 5) * 4) // emphasis-like tint of $2A at (5, 1)
    const out = indicesFromJsnes(rgba)
    expect(out.length).toBe(WIDTH * HEIGHT)
    expect(out[3]).toBe(0x16)
    expect(out[0]).toBe(0x0d)
    expect(out[WIDTH + 5]).toBe(0x2a)
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

/** A core whose frame k (1-based, after `lead` frames) is `picture(k)`; records the buttons it gets. */
function fakeCore(picture: (frame: number) => Uint8Array, lead = 0) {
  let frame = -lead
  const buttons: string[] = []
  const core: SteppedCore = {
    setButton: (button: NesButton, down: boolean) => buttons.push(`${frame + 1}:${button}:${down}`),
    step: () => Promise.resolve(picture(++frame)),
  }
  return { core, buttons, frames: () => frame }
}

const plain = (colour: number) => new Uint8Array(WIDTH * HEIGHT).fill(colour)

describe('findFirstDifference', () => {
  it('steps fceumm one lead frame, then both, and stops at the first differing frame', async () => {
    const jsnes = fakeCore((k) => plain(k))
    const fceumm = fakeCore((k) => (k < 7 ? plain(k) : plain(0)), 1)
    const progress: number[] = []
    const result = await findFirstDifference(jsnes.core, fceumm.core, {
      frames: 300,
      onProgress: (k) => progress.push(k),
    })
    expect(result).toMatchObject({ kind: 'different', frame: 7, count: WIDTH * HEIGHT })
    expect(progress).toEqual([1, 2, 3, 4, 5, 6])
    expect([jsnes.frames(), fceumm.frames()]).toEqual([7, 7])
  })

  it('reports no difference after all frames', async () => {
    const same = (k: number) => plain(k & 0x3f)
    const result = await findFirstDifference(fakeCore(same).core, fakeCore(same, 1).core, {
      frames: 20,
    })
    expect(result).toEqual({ kind: 'same', frames: 20 })
  })

  it('gives both cores the same buttons on the same frames', async () => {
    const jsnes = fakeCore(() => plain(1))
    const fceumm = fakeCore(() => plain(1), 1)
    await findFirstDifference(jsnes.core, fceumm.core, {
      frames: 5,
      buttons: (k) => (k >= 2 && k <= 3 ? ['a', 'right'] : []),
    })
    expect(jsnes.buttons).toEqual(['2:a:true', '2:right:true', '4:a:false', '4:right:false'])
    expect(fceumm.buttons).toEqual(jsnes.buttons)
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    const jsnes = fakeCore((k) => {
      if (k === 3) controller.abort()
      return plain(1)
    })
    await expect(
      findFirstDifference(jsnes.core, fakeCore(() => plain(1), 1).core, {
        frames: 300,
        signal: controller.signal,
      }),
    ).rejects.toThrow()
    expect(jsnes.frames()).toBe(3)
  })
})
