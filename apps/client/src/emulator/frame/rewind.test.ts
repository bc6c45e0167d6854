import { describe, expect, it } from 'vitest'
import { createRewind, REWIND_STATES } from './rewind'

/** A fake core whose state is its frame number; one emulated frame per animation frame. */
function fakeCore() {
  let frame = 0
  let pending: number | undefined
  return {
    getFrameNum: () => frame,
    getState: () => Uint8Array.of(frame & 0xff, frame >> 8),
    loadState: (state: Uint8Array) => {
      pending = (state[0] ?? 0) | ((state[1] ?? 0) << 8)
    },
    /** Runs one frame: a state loaded meanwhile applies first (as the core does). */
    step() {
      if (pending !== undefined) frame = pending
      pending = undefined
      frame += 1
    },
    get frame() {
      return frame
    },
  }
}

describe('rewind ring', () => {
  it('keeps a state every other frame and plays them back newest first', () => {
    const core = fakeCore()
    const ticks: (() => void)[] = []
    const rewind = createRewind((callback) => ticks.push(callback))
    rewind.attach(core)
    const animationFrame = () => {
      core.step()
      ticks.shift()?.()
    }
    for (let i = 0; i < 200; i++) animationFrame()
    expect(rewind.size()).toBe(100)
    const before = core.frame
    rewind.setRewinding(true)
    for (let i = 0; i < 30; i++) animationFrame()
    rewind.setRewinding(false)
    core.step()
    // 30 shown frames back: about 30 emulated frames (each loaded state is two frames older).
    expect(core.frame).toBeLessThan(before - 20)
    expect(core.frame).toBeGreaterThan(before - 80)
  })

  it('keeps at most the last 20 seconds', () => {
    const core = fakeCore()
    const ticks: (() => void)[] = []
    const rewind = createRewind((callback) => ticks.push(callback))
    rewind.attach(core)
    for (let i = 0; i < REWIND_STATES * 3; i++) {
      core.step()
      ticks.shift()?.()
    }
    expect(rewind.size()).toBe(REWIND_STATES)
  })
})
