import { describe, expect, it } from 'vitest'
import type { NesButton } from '../types'
import { HEIGHT, WIDTH, indicesFromFceumm, indicesFromJsnes } from './core-compare'
import { FCEUMM_RGB565, jsnesRgb } from './core-palettes'
import { findFirstDifference } from './first-difference'
import type { SteppedCore } from './first-difference'

/** A core whose step k (1-based) answers `picture(k)`; records the buttons it gets, by the step they come before. */
function fakeCore(picture: (step: number) => Uint16Array) {
  let steps = 0
  const buttons: string[] = []
  const core: SteppedCore = {
    setButton: (button: NesButton, down: boolean) => buttons.push(`${steps + 1}:${button}:${down}`),
    step: () => Promise.resolve(picture(++steps)),
  }
  return { core, buttons, steps: () => steps }
}

/** Each core's colour ids of the 64 plain colours, read from one picture per core holding them all. */
const JSNES_IDS = (() => {
  const rgba = new Uint8ClampedArray(256 * 240 * 4)
  for (let c = 0; c < 64; c++) rgba.set([...jsnesRgb(c), 255], (8 * 256 + c) * 4)
  return indicesFromJsnes(rgba).slice(0, 64)
})()
const FCEUMM_IDS = (() => {
  const rgb565 = new Uint16Array(WIDTH * HEIGHT)
  for (let c = 0; c < 64; c++) rgb565[c] = FCEUMM_RGB565[c]!
  return indicesFromFceumm({ width: WIDTH, height: HEIGHT, rgb565, frame: 1 }).slice(0, 64)
})()

type Core = 'jsnes' | 'fceumm'
/** A picture of one plain colour as `core`'s step answers it. */
const plain = (core: Core, colour: number) =>
  new Uint16Array(WIDTH * HEIGHT).fill((core === 'jsnes' ? JSNES_IDS : FCEUMM_IDS)[colour & 0x3f]!)
/** What a program shows in its frame k when it starts `late` frames after power-on: colour k - late. */
const cycle = (core: Core, late: number) => (k: number) => plain(core, Math.max(0, k - late))

describe('findFirstDifference', () => {
  it('compares jsnes frame N with fceumm picture N + 1 and stops at the first differing frame', async () => {
    // fceumm shows one picture at power-on that jsnes does not: its step k + 1 is jsnes's step k
    const jsnes = fakeCore(cycle('jsnes', 0))
    const fceumm = fakeCore((k) => (k < 8 ? cycle('fceumm', 1)(k) : plain('fceumm', 0x3f)))
    const progress: number[] = []
    const result = await findFirstDifference(jsnes.core, fceumm.core, {
      frames: 300,
      onProgress: (k) => progress.push(k),
    })
    expect(result).toMatchObject({ kind: 'different', frame: 7, lead: 1, count: WIDTH * HEIGHT })
    expect(progress).toEqual([1, 2, 3, 4, 5, 6])
    expect(jsnes.steps()).toBe(7)
  })

  it('reports no difference after all frames', async () => {
    const result = await findFirstDifference(
      fakeCore(cycle('jsnes', 0)).core,
      fakeCore(cycle('fceumm', 1)).core,
      {
        frames: 20,
      },
    )
    expect(result).toEqual({ kind: 'same', frames: 20, lead: 1 })
  })

  // Failed before: the check compared only jsnes frame N with fceumm frame N + 1, so a program whose vblank wait
  // lost a frame on jsnes (its $2002 read race) differed on every pixel from its third frame on.
  it('follows a program that starts a frame later on jsnes, or on fceumm', async () => {
    const jsnesLate = await findFirstDifference(
      fakeCore(cycle('jsnes', 1)).core,
      fakeCore(cycle('fceumm', 1)).core,
      {
        frames: 100,
      },
    )
    expect(jsnesLate).toEqual({ kind: 'same', frames: 100, lead: 0 })
    const fceummLate = await findFirstDifference(
      fakeCore(cycle('jsnes', 0)).core,
      fakeCore(cycle('fceumm', 2)).core,
      {
        frames: 100,
      },
    )
    expect(fceummLate).toEqual({ kind: 'same', frames: 100, lead: 2 })
  })

  it('reports a real difference under the alignment that agreed longest', async () => {
    const jsnes = fakeCore((k) => (k < 40 ? cycle('jsnes', 1)(k) : plain('jsnes', 0x16)))
    const result = await findFirstDifference(jsnes.core, fakeCore(cycle('fceumm', 1)).core, {
      frames: 300,
    })
    expect(result).toMatchObject({ kind: 'different', frame: 40, lead: 0 })
    if (result.kind !== 'different') return
    expect([result.jsnes[0], result.fceumm[0]]).toEqual([JSNES_IDS[0x16], FCEUMM_IDS[39]])
  })

  it('gives both cores the same buttons on the frames that are compared', async () => {
    const jsnes = fakeCore(() => plain('jsnes', 1))
    const fceumm = fakeCore(() => plain('fceumm', 1))
    await findFirstDifference(jsnes.core, fceumm.core, {
      frames: 5,
      buttons: (k) => (k >= 2 && k <= 3 ? ['a', 'right'] : []),
    })
    expect(jsnes.buttons).toEqual(['2:a:true', '2:right:true', '4:a:false', '4:right:false'])
    // fceumm's step k + 1 is jsnes's frame k
    expect(fceumm.buttons).toEqual(['3:a:true', '3:right:true', '5:a:false', '5:right:false'])
  })

  it('stops when cancelled', async () => {
    const controller = new AbortController()
    const jsnes = fakeCore((k) => {
      if (k === 3) controller.abort()
      return plain('jsnes', 1)
    })
    await expect(
      findFirstDifference(jsnes.core, fakeCore(() => plain('fceumm', 1)).core, {
        frames: 300,
        signal: controller.signal,
      }),
    ).rejects.toThrow()
    expect(jsnes.steps()).toBe(3)
  })
})
