// A member's round trip to the room, timed by the room on its home server. The room asks the gateway
// that holds the member's socket to send it a WebSocket ping (ToGateway `ping`, behind whatever is queued
// for the socket, test delay included); the browser's network stack answers it with a pong, not the
// page's main thread, and the gateway hands the pong back to the home (ToHome `pong`). So the time from
// the home's ping to the pong is the network's, plus the hop between the app servers both ways when the
// socket is on another server: the same path every input and frame of that member takes.
import type { RoomOutput } from './room'

/** Pings back to back when a socket joins, so the input delay is chosen from measured round trips. */
export const QUICK_PINGS = 3
/** Round trips a member's figure is taken from (the newest). */
const SAMPLES = 8
/** The figure is this percentile of them: a round trip that a few slow pings stretch, not the median. */
const PERCENTILE = 0.8
/** Pings sent and not answered that are still waited for (an older one's pong is ignored). */
const PENDING = 8

/** The round trips of one member's socket. */
export class RoundTrips {
  private readonly sent = new Map<number, number>()
  private readonly samples: number[] = []
  private next = 1

  /** Round trips measured on this socket. */
  get count(): number {
    return this.samples.length
  }

  /** A ping leaves now (ms, a monotonic clock): its number. */
  start(now: number): number {
    const n = this.next++
    this.sent.set(n, now)
    if (this.sent.size > PENDING) this.sent.delete(this.sent.keys().next().value!)
    return n
  }

  /** Ping `n`'s pong came now: the member's round trip (ms, rounded), or undefined if `n` is not ours. */
  answer(n: number, now: number): number | undefined {
    const at = this.sent.get(n)
    if (at === undefined) return undefined
    this.sent.delete(n)
    this.samples.push(Math.max(0, now - at))
    if (this.samples.length > SAMPLES) this.samples.shift()
    const sorted = [...this.samples].sort((a, b) => a - b)
    return Math.round(sorted[Math.floor(sorted.length * PERCENTILE)] ?? 0)
  }

  /** A new socket: its round trips start again. */
  reset(): void {
    this.sent.clear()
    this.samples.length = 0
  }
}

/** Sends the socket `member` a WebSocket ping through its gateway. */
export function ping(
  output: RoomOutput,
  member: { id: string; trips: RoundTrips },
  now: number,
): void {
  output.ping(member.id, member.trips.start(now))
}
