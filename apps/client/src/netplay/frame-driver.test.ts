import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeLockstepCore } from '../testing/fake-lockstep-core'
import { FrameDriver } from './frame-driver'
import type { DriverClock } from './frame-driver'
import { FRAME_MS, Lockstep } from './lockstep'

const DELAY = 3

/**
 * A page on fake timers: animation frames at `refreshHz`, and the driver's timers counted. A 50 Hz
 * display shows what a late animation frame does: a frame is due up to 20 ms before the animation
 * frame that runs it.
 */
function page(options: { pad: 1 | 2 | null; refreshHz: number }) {
  const core = new FakeLockstepCore()
  const sent: { at: number; first: number; pads: number[] }[] = []
  const loop = new Lockstep(
    core,
    {
      sendInput: (first, pads) => sent.push({ at: performance.now(), first, pads }),
      sendHash: () => undefined,
      sendState: () => undefined,
      needState: () => undefined,
    },
    { hasState: true },
  )
  loop.setDelay(DELAY)
  loop.setRole(options.pad, options.pad === null ? null : 1)
  let armed = 0
  let pending: (() => void)[] = []
  /** While true, no animation frame runs (a compositor that has not taken the last picture yet). */
  let stalled = false
  const vsync = setInterval(() => {
    if (stalled) return
    const run = pending
    pending = []
    for (const callback of run) callback()
  }, 1000 / options.refreshHz)
  const clock: DriverClock = {
    now: () => performance.now(),
    requestFrame: (run) => pending.push(run),
    cancelFrame: () => {
      pending = []
    },
    setTimer: (run, ms) => {
      armed++
      return setTimeout(run, ms)
    },
    clearTimer: (id) => clearTimeout(id),
  }
  const driver = new FrameDriver(
    loop,
    (error) => {
      throw error
    },
    clock,
  )
  const stop = () => {
    driver.stop()
    clearInterval(vsync)
  }
  const stall = (on: boolean) => {
    stalled = on
  }
  return { core, loop, driver, sent, armed: () => armed, stop, stall }
}

/** When this page sent its pad for `frame`, ms. */
const sentAt = (sent: { at: number; first: number; pads: number[] }[], frame: number) =>
  sent.find((s) => frame >= s.first && frame < s.first + s.pads.length)?.at

describe('FrameDriver: timers', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('arms about one timer per frame when frames are due before the animation frame runs them, and still sends each pad when its frame is due', () => {
    const p = page({ pad: 1, refreshHz: 50 })
    p.loop.receiveInput(2, 1, new Array<number>(200).fill(0))
    p.driver.start()
    vi.advanceTimersByTime(20) // the first animation frame: the clock starts
    const start = performance.now()
    const firstFrame = p.loop.frame
    const armedBefore = p.armed()
    vi.advanceTimersByTime(1000)
    const frames = p.loop.frame - firstFrame
    expect(frames).toBeGreaterThanOrEqual(58)
    expect(p.armed() - armedBefore).toBeLessThanOrEqual(frames * 1.5)
    // The pad for frame f + delay leaves when frame f is due, not at the animation frame after it.
    for (let f = firstFrame + 1; f <= firstFrame + 50; f++) {
      const late = sentAt(p.sent, f + DELAY)! - (start + (f - firstFrame) * FRAME_MS)
      expect(late).toBeGreaterThanOrEqual(0)
      expect(late).toBeLessThan(1.5)
    }
    p.stop()
  })

  it('arms no timer while it waits for the other player, and sends its pad the moment the input arrives', () => {
    const p = page({ pad: 1, refreshHz: 60 })
    p.loop.receiveInput(2, 1, new Array<number>(10).fill(0))
    p.driver.start()
    vi.advanceTimersByTime(300)
    expect(p.loop.frame).toBe(10)
    const armedInWait = p.armed()
    vi.advanceTimersByTime(300)
    expect(p.armed() - armedInWait).toBeLessThanOrEqual(1)
    expect(sentAt(p.sent, 11 + DELAY)).toBeUndefined()
    p.loop.receiveInput(2, 11, [0, 0])
    const arrived = performance.now()
    p.driver.wake()
    expect(sentAt(p.sent, 11 + DELAY)).toBe(arrived)
    p.stop()
  })

  it('runs the frame it waited for the moment the input arrives, not at the next animation frame', () => {
    const p = page({ pad: 1, refreshHz: 60 })
    p.loop.receiveInput(2, 1, new Array<number>(10).fill(0))
    p.driver.start()
    vi.advanceTimersByTime(300)
    expect(p.loop.frame).toBe(10)
    vi.advanceTimersByTime(5) // between two animation frames
    p.loop.receiveInput(2, 11, [0, 0])
    p.driver.wake()
    expect(p.loop.frame).toBe(11)
    p.stop()
  })

  it('keeps running due frames from its timer while no animation frame comes (a busy compositor)', () => {
    const p = page({ pad: 1, refreshHz: 60 })
    p.loop.receiveInput(2, 1, new Array<number>(200).fill(0))
    p.driver.start()
    vi.advanceTimersByTime(100)
    const before = p.loop.frame
    p.stall(true)
    vi.advanceTimersByTime(200)
    // 200 ms is 12 frames: each runs when due, so the pads after them leave in time for the other player.
    expect(p.loop.frame - before).toBeGreaterThanOrEqual(11)
    p.stall(false)
    p.stop()
  })

  it('arms no timer for a spectator (it sends nothing) or while the room is paused', () => {
    const watcher = page({ pad: null, refreshHz: 60 })
    watcher.loop.receiveFrames(1, new Array(100).fill([0, 0]))
    watcher.driver.start()
    vi.advanceTimersByTime(500)
    expect(watcher.loop.frame).toBeGreaterThan(20)
    expect(watcher.armed()).toBe(0)
    watcher.stop()

    const player = page({ pad: 1, refreshHz: 60 })
    player.loop.receiveInput(2, 1, new Array<number>(100).fill(0))
    player.loop.setPaused(true)
    player.driver.start()
    vi.advanceTimersByTime(500)
    expect(player.armed()).toBe(0)
    player.stop()
  })
})
