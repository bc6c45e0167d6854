// The test-only relay delay (NETPLAY_TEST_DELAY_MS ± NETPLAY_TEST_JITTER_MS): every message the server
// sends a socket waits that long first, in order, as a slow network would hold it. Off (0) in production.
import type { NetplayTrace } from './test-trace'

export interface TestDelay {
  /** Mean delay added to each message, ms. */
  delayMs: number
  /** Each message's delay is spread evenly within ± this, ms (never earlier than the one before). */
  jitterMs: number
  /** Test-only trace of what the sockets receive and write (NETPLAY_TEST_TRACE). */
  trace?: NetplayTrace
}

export class DelayedSender {
  private readonly queue: { due: number; send: () => void }[] = []
  private timer: ReturnType<typeof setTimeout> | undefined
  private lastDue = 0
  /** No delay is set: `push` runs each send at once (the caller may as well do it itself). */
  readonly isImmediate: boolean

  constructor(
    private readonly delay: TestDelay | undefined,
    private readonly random: () => number = Math.random,
  ) {
    this.isImmediate = !delay || (delay.delayMs <= 0 && delay.jitterMs <= 0)
  }

  /** Runs `send` now, or after the delay, after everything pushed before it. */
  push(send: () => void): void {
    const delay = this.delay
    if (!delay || this.isImmediate) return send()
    const wait = Math.max(0, delay.delayMs + (this.random() * 2 - 1) * delay.jitterMs)
    this.lastDue = Math.max(this.lastDue, performance.now() + wait)
    this.queue.push({ due: this.lastDue, send })
    if (this.queue.length === 1) this.schedule()
  }

  private schedule(): void {
    const head = this.queue[0]
    if (!head) return
    this.timer = setTimeout(
      () => {
        while (this.queue[0] && this.queue[0].due <= performance.now() + 0.5) {
          this.queue.shift()?.send()
        }
        this.schedule()
      },
      Math.max(0, head.due - performance.now()),
    )
  }

  /** Drops whatever waits (the socket closed). */
  clear(): void {
    clearTimeout(this.timer)
    this.queue.length = 0
  }
}
