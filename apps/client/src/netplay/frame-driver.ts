// What makes a lockstep loop go in a page: animation frames run the due frames, and so does a timer set
// for the moment the next frame is due, and the arrival of the input a wait was for: a page's animation
// frames can stop for 100 ms and more while its compositor is behind (two Chromium pages on 2 shared
// cores, bench/netplay/README.md), and a frame run only from them kept the other player waiting. Kept
// apart from the session (no WebSocket, no EmulatorJS) so the number of timers it arms can be counted
// in a unit test (frame-driver.test.ts).

/** The part of the lockstep loop (lockstep.ts) the driver calls. */
export interface DrivenLoop {
  tick(now: number): void
  pumpInput(now: number): void
  nextWake(now: number): number | undefined
}

/** The page's clocks; the defaults are the browser's. */
export interface DriverClock {
  now(): number
  requestFrame(run: () => void): number
  cancelFrame(id: number): void
  setTimer(run: () => void, ms: number): ReturnType<typeof setTimeout>
  clearTimer(id: ReturnType<typeof setTimeout> | undefined): void
}

export const browserClock: DriverClock = {
  now: () => performance.now(),
  requestFrame: (run) => requestAnimationFrame(run),
  cancelFrame: (id) => cancelAnimationFrame(id),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (id) => clearTimeout(id),
}

export class FrameDriver {
  private raf = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  /** The time the timer is set for (the loop's clock). */
  private timerAt: number | undefined
  private isRunning = false

  /** `failed`: a frame threw (the game stopped); the driver has stopped. */
  constructor(
    private readonly loop: DrivenLoop,
    private readonly failed: (error: unknown) => void,
    private readonly clock: DriverClock = browserClock,
  ) {}

  start(): void {
    this.isRunning = true
    this.raf = this.clock.requestFrame(this.frame)
  }

  stop(): void {
    this.isRunning = false
    this.clock.cancelFrame(this.raf)
    this.clock.clearTimer(this.timer)
  }

  /** Something arrived that may let a frame run (the other player's input, confirmed frames). */
  wake(): void {
    if (this.isRunning) this.runDue()
  }

  private readonly frame = () => {
    if (this.runDue()) this.raf = this.clock.requestFrame(this.frame)
  }

  /** Runs the frames due now and arms the timer for the next; false if a frame threw (stopped). */
  private runDue(): boolean {
    try {
      this.loop.tick(this.clock.now())
    } catch (error) {
      this.stop()
      this.failed(error)
      return false
    }
    this.armTimer()
    return true
  }

  /**
   * One timer, for when the next frame is due (running it sends the next pad). None while the loop
   * waits for the other player: the input's arrival calls wake() instead (a timer polling the wait ran
   * every few ms and kept the page's main thread busy, which delayed the very messages it waited for).
   */
  private armTimer(): void {
    const now = this.clock.now()
    const wake = this.loop.nextWake(now)
    if (wake === this.timerAt && this.timer !== undefined) return // already set for it
    this.clock.clearTimer(this.timer)
    this.timer = undefined
    this.timerAt = wake
    if (wake === undefined) return
    // Whole milliseconds, rounded up: a browser truncates a fractional delay, so the timer would fire
    // just before the frame is due, find nothing to send and arm again.
    this.timer = this.clock.setTimer(
      () => {
        this.timer = undefined
        this.runDue()
      },
      Math.ceil(wake - now),
    )
  }
}
