// The browser's log of confirmed frames (both pads of each frame, as the room sent them): what the
// lockstep loop runs next, and the recent past it runs again after loading an older state (a re-sync).
// Frames are kept in order without gaps; a gap means a message was lost and the browser needs a state.

/** Both pads of one frame (PAD_BITS bytes). */
export type FramePads = readonly [number, number]

export type AddResult = 'ok' | 'gap' | 'overflow'

export class FrameLog {
  private readonly ring: Uint16Array
  private oldestFrame: number
  private newestFrame: number

  /** `capacity` frames are kept: what is not run yet plus the recent past. */
  constructor(
    private readonly capacity = 2048,
    start = 0,
  ) {
    this.ring = new Uint16Array(capacity)
    this.oldestFrame = start + 1
    this.newestFrame = start
  }

  /** The last confirmed frame received. */
  get newest(): number {
    return this.newestFrame
  }

  get oldest(): number {
    return this.oldestFrame
  }

  /**
   * Takes frames `first`, `first + 1`, …; frames already held are skipped. 'gap' when they do not follow
   * the newest held, 'overflow' when keeping them would drop frames not forgotten yet.
   */
  add(first: number, pads: readonly FramePads[]): AddResult {
    for (let i = 0; i < pads.length; i++) {
      const frame = first + i
      if (frame <= this.newestFrame) continue
      if (frame !== this.newestFrame + 1) return 'gap'
      if (frame - this.oldestFrame >= this.capacity) return 'overflow'
      const [a, b] = pads[i] ?? [0, 0]
      this.ring[frame % this.capacity] = (a & 0xff) | ((b & 0xff) << 8)
      this.newestFrame = frame
    }
    return 'ok'
  }

  has(frame: number): boolean {
    return frame >= this.oldestFrame && frame <= this.newestFrame
  }

  get(frame: number): FramePads | undefined {
    if (!this.has(frame)) return undefined
    const packed = this.ring[frame % this.capacity] ?? 0
    return [packed & 0xff, packed >> 8]
  }

  /** Frames before `frame` are no longer needed. */
  forgetBefore(frame: number): void {
    this.oldestFrame = Math.max(this.oldestFrame, Math.min(frame, this.newestFrame + 1))
  }

  /** Starts over after frame `frame` (a state of that frame was loaded and later frames are not held). */
  restartAfter(frame: number): void {
    this.oldestFrame = frame + 1
    this.newestFrame = frame
  }
}
