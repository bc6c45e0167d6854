// Two browsers' lockstep loops on a simulated network, in simulated time: each player's messages take
// `oneWayMs` (± jitter, in order) to and from a minimal room that relays each pad's input to the other
// player and merges both pads into confirmed frames as the server does; each browser ticks at its own animation-frame rate (a clock that
// drifts). Used by lockstep.test.ts and bench/netplay/lockstep-sim.ts.
import { FakeLockstepCore } from './fake-lockstep-core'
import type { FramePads } from '../netplay/frame-log'
import { Lockstep } from '../netplay/lockstep'

export interface SimPlayerOptions {
  /** One way between this browser and the server, ms. */
  oneWayMs: number
  /** Each message's delay is spread evenly within ± this, ms (never overtaking an earlier one). */
  jitterMs?: number
  /** Animation frames per second of this browser's display (drift: 60 × 1.003 …). */
  refreshHz?: number
  /** This browser starts its loop this much later (its game clock is that far behind), ms. */
  startDelayMs?: number
}

interface Event {
  at: number
  seq: number
  run: () => void
}

/** A tiny deterministic random source (mulberry32), so a simulated run repeats exactly. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class SimPlayer {
  readonly core = new FakeLockstepCore()
  readonly loop: Lockstep
  /** When each frame ran (simulated ms), by frame. */
  readonly ranAt: number[] = []
  /** The other pad's frames the server relayed to this player (it confirms them itself). */
  relayedFrom = 0
  relayedTo = -1
  private lastUp = 0
  private lastDown = 0
  private timerAt: number | undefined

  constructor(
    readonly sim: LockstepSim,
    readonly pad: 1 | 2,
    readonly options: SimPlayerOptions,
  ) {
    this.loop = new Lockstep(
      this.core,
      {
        sendInput: (first, pads) => this.up(() => sim.input(pad, first, pads)),
        sendHash: () => undefined,
        sendState: () => undefined,
        needState: () => undefined,
      },
      { hasState: true },
    )
  }

  private delay(): number {
    const jitter = this.options.jitterMs ?? 0
    return Math.max(0, this.options.oneWayMs + (this.sim.random() * 2 - 1) * jitter)
  }

  /** A message to the server. */
  up(run: () => void): void {
    this.lastUp = Math.max(this.lastUp, this.sim.now + this.delay())
    this.sim.at(this.lastUp, run)
  }

  /** A message from the server. */
  down(run: () => void): void {
    this.lastDown = Math.max(this.lastDown, this.sim.now + this.delay())
    this.sim.at(this.lastDown, run)
  }

  startTicking(): void {
    const every = 1000 / (this.options.refreshHz ?? 60)
    const tick = () => {
      const before = this.loop.frame
      this.loop.tick(this.sim.now)
      for (let f = before + 1; f <= this.loop.frame; f++) this.ranAt[f] = this.sim.now
      this.sim.at(this.sim.now + every, tick)
      this.armTimer()
    }
    this.sim.at(this.sim.now + (this.options.startDelayMs ?? 0) + this.sim.random() * every, tick)
  }

  /** The session's timer at the next due frame (a browser's timers fire about 1 ms late). */
  private armTimer(): void {
    const wake = this.loop.nextWake(this.sim.now)
    if (wake === undefined || wake === this.timerAt) return
    this.timerAt = wake
    this.sim.at(Math.max(this.sim.now, wake) + 1, () => {
      if (this.timerAt !== wake) return // set again for another time since
      this.timerAt = undefined
      this.loop.pumpInput(this.sim.now)
      this.armTimer()
    })
  }

  /** The other player's input or confirmed frames arrived: as the session's FrameDriver.wake(). */
  arrived(): void {
    this.loop.pumpInput(this.sim.now)
    this.armTimer()
  }
}

export class LockstepSim {
  now = 0
  readonly random: () => number
  readonly players: [SimPlayer, SimPlayer]
  private readonly events: Event[] = []
  private seq = 0
  /** Each pad's input by frame, as the server has it. */
  private readonly inputs: Record<1 | 2, Map<number, number>> = { 1: new Map(), 2: new Map() }
  private confirmed = 0

  /** `delay`: both pads' input delay, or each pad's own (the room gives each player its own). */
  constructor(
    p1: SimPlayerOptions,
    p2: SimPlayerOptions,
    delay: number | [number, number],
    seed = 1,
  ) {
    this.random = random(seed)
    this.players = [new SimPlayer(this, 1, p1), new SimPlayer(this, 2, p2)]
    for (const player of this.players) {
      player.loop.setDelay(typeof delay === 'number' ? delay : delay[player.pad - 1]!)
      player.loop.setRole(player.pad, 1)
      player.startTicking()
    }
  }

  at(time: number, run: () => void): void {
    const event = { at: time, seq: this.seq++, run }
    // After every event due at the same time or earlier: events at one time run in the order given.
    let i = this.events.length
    while (i > 0 && this.events[i - 1]!.at > time) i--
    this.events.splice(i, 0, event)
  }

  runUntil(time: number): void {
    while (this.events[0] && this.events[0].at <= time) {
      const event = this.events.shift()!
      this.now = event.at
      event.run()
    }
    this.now = time
  }

  /**
   * The server got `pad`'s input: merge, and send the confirmed frames to each player less those whose
   * other pad was relayed to it (it confirms them itself), as the room does (confirmed-frames.ts).
   */
  input(pad: 1 | 2, first: number, pads: number[]): void {
    pads.forEach((value, i) => this.inputs[pad].set(first + i, value))
    const merged: FramePads[] = []
    const start = this.confirmed + 1
    for (;;) {
      const a = this.inputs[1].get(this.confirmed + 1)
      const b = this.inputs[2].get(this.confirmed + 1)
      if (a === undefined || b === undefined) break
      this.confirmed += 1
      merged.push([a, b])
    }
    if (merged.length > 0) for (const player of this.players) this.sendFrames(player, start, merged)
    // What is still not confirmed goes to the other player at once, as the room relays it.
    const from = Math.max(first, this.confirmed + 1)
    const other = this.players[2 - pad]!
    const rest = pads.slice(from - first)
    if (rest.length === 0) return
    other.down(() => {
      other.loop.receiveInput(pad, from, rest)
      other.arrived()
    })
    if (other.relayedTo !== from - 1) other.relayedFrom = from
    other.relayedTo = from + rest.length - 1
  }

  private sendFrames(player: SimPlayer, start: number, merged: FramePads[]): void {
    const last = start + merged.length - 1
    const from = Math.max(start, player.relayedFrom)
    const to = Math.min(last, player.relayedTo)
    const pieces: [number, FramePads[]][] =
      from > to
        ? [[start, merged]]
        : [
            [start, merged.slice(0, from - start)],
            [to + 1, merged.slice(to + 1 - start)],
          ]
    for (const [f, p] of pieces) {
      if (p.length === 0) continue
      player.down(() => {
        player.loop.receiveFrames(f, p)
        player.arrived()
      })
    }
  }
}
