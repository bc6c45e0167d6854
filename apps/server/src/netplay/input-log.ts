// The room's input log: each pad's stream of input bytes as its player sends them, merged into confirmed
// frames (both pads known) in order, and the last NETPLAY_LOG_FRAMES confirmed frames kept so a browser
// back from a short drop, or one that was sent an older state, can run the frames it missed.
//
// A pad's stream is contiguous: its player sends frame after frame, and nothing else is accepted. A pad
// nobody holds (no player 2, or one who left) is "inactive": its missing input counts as 0 (no button),
// so the host plays on alone. Whoever takes the pad next continues the stream at `nextFrame(pad)`.
import { NETPLAY_LOG_FRAMES, NETPLAY_MAX_INPUT_AHEAD } from '@nes-studio/shared/netplay-constants'

export type Pad = 1 | 2
/** Both pads of one frame. */
export type FramePads = [number, number]

interface Stream {
  active: boolean
  /** The next frame this pad's player must send. */
  next: number
  /** Bytes for frames confirmed + 1 … next - 1. */
  queue: number[]
}

/** Why input was refused; the message is for the close reason. */
export interface InputProblem {
  message: string
}

export class InputLog {
  private confirmedFrame = 0
  private readonly ring: Uint16Array
  private readonly streams: Record<Pad, Stream> = {
    1: { active: true, next: 1, queue: [] },
    2: { active: false, next: 1, queue: [] },
  }

  constructor(private readonly capacity = NETPLAY_LOG_FRAMES) {
    this.ring = new Uint16Array(capacity)
  }

  /** The last frame with both pads known (0 before the first). */
  get confirmed(): number {
    return this.confirmedFrame
  }

  /** The next frame `pad`'s player sends input for. */
  nextFrame(pad: Pad): number {
    return Math.max(this.streams[pad].next, this.confirmedFrame + 1)
  }

  isActive(pad: Pad): boolean {
    return this.streams[pad].active
  }

  /**
   * A player takes `pad`; returns the first frame they must send. Input already sent for later frames (by
   * the player who had the pad) stands.
   */
  activate(pad: Pad): number {
    const stream = this.streams[pad]
    stream.active = true
    stream.next = this.nextFrame(pad)
    return stream.next
  }

  /** Nobody holds `pad` any more: its frames from `nextFrame(pad)` on have no button pressed. */
  deactivate(pad: Pad): void {
    this.streams[pad].active = false
  }

  /** Takes `values` for frames `first`, `first + 1`, … from `pad`'s player. */
  add(pad: Pad, first: number, values: readonly number[]): InputProblem | undefined {
    const stream = this.streams[pad]
    if (!stream.active) return { message: `Pad ${pad} is not yours to send input for.` }
    const expected = this.nextFrame(pad)
    if (first !== expected) {
      return { message: `Input for frame ${first} came where frame ${expected} was expected.` }
    }
    const last = first + values.length - 1
    if (last - this.confirmedFrame > NETPLAY_MAX_INPUT_AHEAD) {
      return {
        message: `Input for frame ${last} is more than ${NETPLAY_MAX_INPUT_AHEAD} frames ahead of the game.`,
      }
    }
    stream.next = Math.max(stream.next, first)
    stream.queue.length = stream.next - this.confirmedFrame - 1
    stream.queue.push(...values)
    stream.next = last + 1
    return undefined
  }

  /** Confirms every frame whose pads are both known now; returns them (empty when none). */
  merge(): { first: number; pads: FramePads[] } {
    const first = this.confirmedFrame + 1
    const pads: FramePads[] = []
    for (;;) {
      const a = this.take(1)
      if (a === undefined) break
      const b = this.take(2)
      if (b === undefined) {
        this.streams[1].queue.unshift(a)
        break
      }
      this.confirmedFrame += 1
      this.ring[this.confirmedFrame % this.capacity] = a | (b << 8)
      pads.push([a, b])
    }
    return { first, pads }
  }

  /** Confirmed frames `from` … `to` (inclusive), or undefined when some are no longer kept. */
  range(from: number, to: number = this.confirmedFrame): FramePads[] | undefined {
    if (from > to) return []
    if (from < 1 || to > this.confirmedFrame || from <= this.confirmedFrame - this.capacity) {
      return undefined
    }
    const out: FramePads[] = []
    for (let f = from; f <= to; f++) {
      const packed = this.ring[f % this.capacity] ?? 0
      out.push([packed & 0xff, packed >> 8])
    }
    return out
  }

  /**
   * Whether a browser whose game is after frame `at` (its `pad`, null for a spectator) can go on from
   * there: the frames after it are kept, or it is a player that ran past the confirmed frames with its
   * own pad (which it sends again) and the other's relayed, which the log holds up to the other's next
   * frame.
   */
  canResume(at: number | undefined, pad: Pad | null): boolean {
    if (at === undefined) return false
    if (at <= this.confirmedFrame) return this.range(at + 1) !== undefined
    const other: Pad | null = pad === null ? null : pad === 1 ? 2 : 1
    return other !== null && this.isActive(other) && at < this.nextFrame(other)
  }

  /** The next frame's byte of `pad`, or undefined while its player has not sent it. */
  private take(pad: Pad): number | undefined {
    const stream = this.streams[pad]
    const value = stream.queue.shift()
    if (value !== undefined) return value
    if (stream.active) return undefined
    stream.next = Math.max(stream.next, this.confirmedFrame + 2)
    return 0
  }
}
