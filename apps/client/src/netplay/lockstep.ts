// The lockstep loop of one browser in a room (docs/netplay.md). Every browser runs the same frames with
// the same pads, one per 1/60.0988 s: frames the room has confirmed (both pads known), and on a player's
// browser also frames for which it has its own pad as it sent it and the other player's as the room
// relayed it (final once the room took it). A player sends its own pad for frame n + delay right after
// it runs frame n. No React, no EmulatorJS: the
// emulator is a LockstepCore and the room a LockstepLink, so the loop is tested with fakes
// (lockstep.test.ts), down to two browsers on a simulated network with delay and clock drift.
import {
  NES_FRAMES_PER_SECOND,
  NETPLAY_HASH_EVERY_FRAMES,
} from '@nes-studio/shared/netplay-constants'
import { FrameLog } from './frame-log'
import type { FramePads } from './frame-log'
import { stateHash } from './state-hash'

/** One NTSC frame, ms. */
export const FRAME_MS = 1000 / NES_FRAMES_PER_SECOND

/** Most frames one tick runs on time; a browser further behind catches up in MAX_CATCH_UP steps. */
const MAX_FRAMES_PER_TICK = 4
const MAX_CATCH_UP = 20
/** The game is muted once a wait lasts this long, ms (a short wait would only click). */
const MUTE_AFTER_MS = 50
/** Confirmed frames kept behind the one on screen, for replays after a re-sync state. */
const KEEP_BEHIND = 600
/** Own input remembered, to send again after a dropped connection. */
const INPUT_HISTORY = 256
const MAX_INPUT_BATCH = 32
/** How early a timer may fire and still count its frame as due, ms (float sums of FRAME_MS). */
const DUE_SLACK_MS = 0.01

/** The emulator, as the loop needs it (emulator/lockstep-core.ts implements it on EmulatorJS). */
export interface LockstepCore {
  /** Runs exactly one frame with these pads (PAD_BITS bytes of controllers 1 and 2). */
  stepFrame(pads: FramePads): void
  saveState(): Uint8Array
  /** Replaces the game's state: the next stepFrame runs the frame after the state's. */
  loadState(state: Uint8Array): void
  /**
   * The buttons of this browser (keys, gamepads, on-screen pad) as one pad byte: those held now and
   * those pressed since the last call, so a tap shorter than a frame still reaches the room. Called
   * only when the pad is sent.
   */
  localPad(): number
  /** Silent while true (a wait or a pause), so the sound does not loop. */
  setWaiting(waiting: boolean): void
}

/** What the loop sends to the room. */
export interface LockstepLink {
  sendInput(first: number, pads: number[]): void
  sendHash(frame: number, hash: string): void
  /** The host's answer to a state request. */
  sendState(id: number, frame: number, state: Uint8Array): void
  /** The loop lost track (a gap in the frames): it needs the host's state again. */
  needState(): void
}

export interface LockstepStatus {
  /** The last frame run (its picture is on screen). */
  frame: number
  /** The last confirmed frame (received, or confirmed by this player from both pads it holds). */
  confirmed: number
  /** How long the loop has waited for the next frame so far, ms (0 when it is not waiting). */
  waitingMs: number
}

export class Lockstep {
  private frameNow = 0
  private readonly log = new FrameLog()
  private hasState: boolean
  private isPaused = false
  private pad: 1 | 2 | null = null
  private nextInput = 0
  private readonly sentInputs = new Map<number, number>()
  /** The other player's pad by frame, relayed by the room before the frames are confirmed. */
  private readonly relayed = new Map<number, number>()
  /** The first frame whose own pad is this role's as sent (Infinity while watching). */
  private ownFrom = Infinity
  private delay = 3
  private lastHashed = 0
  private nextDue: number | undefined
  private waitStart: number | undefined
  /** Lengths of the waits that ended (ms), for benchmarks and the status line. */
  readonly waits: number[] = []

  constructor(
    private readonly core: LockstepCore,
    private readonly link: LockstepLink,
    private readonly options: {
      hasState: boolean
      /** Told the length of each wait that ended, ms (bench/netplay counts them). */
      onWait?(ms: number): void
    },
  ) {
    this.hasState = options.hasState
  }

  get frame(): number {
    return this.frameNow
  }

  /** Whether this loop runs the room's game (the host's, or a state it was sent and loaded). */
  get isSynced(): boolean {
    return this.hasState
  }

  status(now: number): LockstepStatus {
    return {
      frame: this.frameNow,
      confirmed: this.log.newest,
      waitingMs: this.waitStart === undefined ? 0 : Math.max(0, now - this.waitStart),
    }
  }

  /** This browser plays `pad` from frame `inputFrom` on (null: it watches). */
  setRole(pad: 1 | 2 | null, inputFrom: number | null): void {
    this.pad = pad
    this.relayed.clear()
    this.ownFrom = Infinity
    if (pad === null || inputFrom === null) return
    this.ownFrom = inputFrom
    if (inputFrom < this.nextInput) {
      // The room lost some of what this browser sent (a dropped connection): send it again.
      const again: number[] = []
      for (let f = inputFrom; f < this.nextInput; f++) again.push(this.sentInputs.get(f) ?? 0)
      this.sendBatches(inputFrom, again)
    } else {
      this.nextInput = inputFrom
    }
    if (this.hasState) this.sendInputsUpTo(this.frameNow + this.delay)
  }

  setDelay(frames: number): void {
    this.delay = frames
  }

  /** The room is paused on purpose (a player paused, or a player's tab is hidden). */
  setPaused(paused: boolean): void {
    this.isPaused = paused
  }

  receiveFrames(first: number, pads: readonly FramePads[]): void {
    const result = this.log.add(first, pads)
    if (result !== 'ok' && this.hasState) {
      this.hasState = false
      this.link.needState()
    }
    this.confirmHeld()
  }

  /** The other player's pad for frames `first`, `first + 1`, … (what the room took from that player). */
  receiveInput(pad: 1 | 2, first: number, values: readonly number[]): void {
    if (this.pad === null || pad === this.pad) return
    values.forEach((value, i) => {
      if (first + i > this.frameNow - KEEP_BEHIND) this.relayed.set(first + i, value)
    })
    this.confirmHeld()
  }

  /**
   * A player holding both pads of the next frames (its own as sent, the other's as relayed) confirms
   * them itself: the room sends it no `frames` for those (docs/netplay.md, "Wire protocol"). Both are
   * final: the room took the other pad, and takes this player's as it was sent.
   */
  private confirmHeld(): void {
    if (this.pad === null) return
    let frame = this.log.newest + 1
    while (frame >= this.ownFrom) {
      const own = this.sentInputs.get(frame)
      const other = this.relayed.get(frame)
      if (own === undefined || other === undefined) return
      const pads: FramePads = this.pad === 1 ? [own, other] : [other, own]
      if (this.log.add(frame, [pads]) !== 'ok') return
      frame++
    }
  }

  /**
   * Host: sends the state of the frame on screen. Frames run only inside tick, so outside it the game
   * is always between two frames (also in a hidden tab, where tick does not run).
   */
  stateRequested(id: number): void {
    this.link.sendState(id, this.frameNow, this.core.saveState())
  }

  /** A state of the host's game after `frame`: load it, and run again what this browser had run since. */
  receiveState(frame: number, state: Uint8Array): void {
    const previous = this.frameNow
    this.core.loadState(state)
    this.frameNow = frame
    this.hasState = true
    if (frame + 1 < this.log.oldest || frame > this.log.newest) this.log.restartAfter(frame)
    this.confirmHeld()
    while (this.frameNow < previous && this.canRun(this.frameNow + 1)) {
      this.step(this.frameNow + 1)
    }
    this.sendInputsUpTo(this.frameNow + this.delay)
  }

  /** Runs the frames that are due at `now`; call once per animation frame (or timer tick). */
  tick(now: number): void {
    if (!this.hasState || this.isPaused) {
      this.nextDue = undefined
      this.core.setWaiting(this.isPaused)
      return
    }
    let ran = this.catchUp(now)
    if (
      this.nextDue === undefined ||
      (this.waitStart !== undefined && this.canRun(this.frameNow + 1))
    ) {
      // Starting, or the frame waited for has come: the clock starts again from now.
      this.nextDue = Math.max(this.nextDue ?? now, now)
    }
    while (now >= this.nextDue && ran < MAX_FRAMES_PER_TICK) {
      if (!this.canRun(this.frameNow + 1)) {
        this.waitStart ??= this.nextDue
        break
      }
      this.endWait(now)
      this.run()
      ran++
      this.nextDue += this.period()
    }
    // A browser that fell behind in time (a busy tab) does not rush to catch up with the clock.
    if (now - this.nextDue > 2 * FRAME_MS) this.nextDue = now
    this.core.setWaiting(this.waitStart !== undefined && now - this.waitStart > MUTE_AFTER_MS)
    this.pumpInput(now)
  }

  /**
   * Sends this player's pad for frame n + delay as soon as frame n is due and can run, without waiting
   * for the animation frame that will show it (up to 16 ms later): call from a timer at `nextWake()`,
   * and when the other player's input or confirmed frames arrive.
   */
  pumpInput(now: number): void {
    if (!this.hasState || this.isPaused || this.nextDue === undefined) return
    // DUE_SLACK_MS: a timer set for the due time of frame n must count frame n as due, whatever the
    // rounding of the sum of frame times.
    const late = now + DUE_SLACK_MS - this.nextDue
    if (late < 0) return
    const due = this.frameNow + 1 + Math.floor(late / FRAME_MS)
    let target = this.frameNow
    while (target < due && this.canRun(target + 1)) target++
    if (target > this.frameNow) this.sendInputsUpTo(target + this.delay)
  }

  /**
   * When `pumpInput` next has a pad to send (ms, the clock `tick` is given; `now` if that is already
   * due), or undefined when only an arrival can change that: a spectator, a paused room, or the next
   * frame to send for waits for the other player. One timer per frame, none while waiting.
   */
  nextWake(now: number): number | undefined {
    if (!this.hasState || this.isPaused || this.nextDue === undefined) return undefined
    if (this.pad === null || this.nextInput === 0) return undefined
    // The first frame whose running sends a pad not yet sent.
    const unsent = Math.max(this.frameNow + 1, this.nextInput - this.delay)
    for (let f = this.frameNow + 1; f <= unsent; f++) if (!this.canRun(f)) return undefined
    return Math.max(now, this.nextDue + (unsent - this.frameNow - 1) * FRAME_MS)
  }

  /** A browser far behind the confirmed frames (it just joined, or its tab was busy) runs them at once. */
  private catchUp(now: number): number {
    const behind = this.log.newest - this.frameNow
    const allowed = this.pad === null ? 6 : this.delay + 3
    let ran = 0
    while (behind - ran > allowed && ran < MAX_CATCH_UP && this.log.has(this.frameNow + 1)) {
      this.run()
      ran++
    }
    if (ran > 0) this.endWait(now)
    return ran
  }

  /**
   * A frame's length on this browser. Players keep NES time: the clocks of two players stay in step
   * because one that had to wait starts again from the arrival (tick), so it lines up with the slower
   * one. A spectator behind runs a little faster.
   */
  private period(): number {
    if (this.pad !== null) return FRAME_MS
    return this.log.newest - this.frameNow > 3 ? FRAME_MS * 0.97 : FRAME_MS
  }

  private endWait(now: number): void {
    if (this.waitStart === undefined) return
    this.waits.push(now - this.waitStart)
    this.options.onWait?.(now - this.waitStart)
    this.waitStart = undefined
  }

  /** Runs the next frame and does what follows it: this player's input, the hash, forgetting. */
  private run(): void {
    const frame = this.frameNow + 1
    this.step(frame)
    this.sendInputsUpTo(frame + this.delay)
    if (frame % NETPLAY_HASH_EVERY_FRAMES === 0 && frame > this.lastHashed) {
      this.lastHashed = frame
      this.link.sendHash(frame, stateHash(this.core.saveState()))
    }
    this.log.forgetBefore(frame - KEEP_BEHIND)
    this.relayed.delete(frame - KEEP_BEHIND)
  }

  /** Both pads of `frame`: confirmed by the room, or this player's own as sent and the other's relayed. */
  private padsOf(frame: number): FramePads | undefined {
    const confirmed = this.log.get(frame)
    if (confirmed || this.pad === null || frame < this.ownFrom) return confirmed
    const own = this.sentInputs.get(frame)
    const other = this.relayed.get(frame)
    if (own === undefined || other === undefined) return undefined
    return this.pad === 1 ? [own, other] : [other, own]
  }

  private canRun(frame: number): boolean {
    return this.log.has(frame) || this.padsOf(frame) !== undefined
  }

  private step(frame: number): void {
    const pads = this.padsOf(frame)
    if (!pads) throw new Error(`Frame ${frame} has no pads yet`)
    this.core.stepFrame(pads)
    this.frameNow = frame
  }

  private sendInputsUpTo(target: number): void {
    if (this.pad === null || this.nextInput === 0 || target < this.nextInput) return
    const pad = this.core.localPad()
    const first = this.nextInput
    const pads: number[] = []
    for (let f = first; f <= target; f++) {
      pads.push(pad)
      this.sentInputs.set(f, pad)
      this.sentInputs.delete(f - INPUT_HISTORY)
    }
    this.nextInput = target + 1
    this.sendBatches(first, pads)
    this.confirmHeld()
  }

  private sendBatches(first: number, pads: number[]): void {
    for (let i = 0; i < pads.length; i += MAX_INPUT_BATCH) {
      this.link.sendInput(first + i, pads.slice(i, i + MAX_INPUT_BATCH))
    }
  }
}
