import { describe, expect, it } from 'vitest'
import { FakeLockstepCore } from '../testing/fake-lockstep-core'
import { LockstepSim } from '../testing/lockstep-sim'
import { FRAME_MS, Lockstep } from './lockstep'
import type { LockstepLink } from './lockstep'
import { stateHash } from './state-hash'

class RecordingLink implements LockstepLink {
  inputs: { first: number; pads: number[] }[] = []
  hashes: { frame: number; hash: string }[] = []
  states: { id: number; frame: number; state: Uint8Array }[] = []
  needed = 0
  sendInput(first: number, pads: number[]) {
    this.inputs.push({ first, pads })
  }
  sendHash(frame: number, hash: string) {
    this.hashes.push({ frame, hash })
  }
  sendState(id: number, frame: number, state: Uint8Array) {
    this.states.push({ id, frame, state })
  }
  needState() {
    this.needed++
  }
  /** Every input byte sent, by frame. */
  sent(): Map<number, number> {
    const out = new Map<number, number>()
    for (const { first, pads } of this.inputs) pads.forEach((p, i) => out.set(first + i, p))
    return out
  }
}

function host(delay = 3) {
  const core = new FakeLockstepCore()
  const link = new RecordingLink()
  const loop = new Lockstep(core, link, { hasState: true })
  loop.setDelay(delay)
  loop.setRole(1, 1)
  return { core, link, loop }
}

const frames = (n: number, pads: [number, number] = [0, 0]) => Array.from({ length: n }, () => pads)

describe('Lockstep: running frames', () => {
  it('runs only confirmed frames, one per NES frame time', () => {
    const { core, loop } = host()
    loop.receiveFrames(1, frames(5))
    loop.tick(0)
    expect(loop.frame).toBe(1)
    loop.tick(FRAME_MS * 0.5)
    expect(loop.frame).toBe(1)
    loop.tick(FRAME_MS)
    expect(loop.frame).toBe(2)
    loop.tick(FRAME_MS * 10)
    expect(loop.frame).toBe(5)
    expect(core.frames).toBe(5)
  })

  it('sends its pad for frame n + delay after running frame n, and for 1..delay at the start', () => {
    const { core, link, loop } = host(3)
    expect(link.sent()).toEqual(
      new Map([
        [1, 0],
        [2, 0],
        [3, 0],
      ]),
    )
    core.pad = 0x09
    loop.receiveFrames(1, frames(2))
    loop.tick(0)
    expect(link.sent().get(4)).toBe(0x09)
    expect(link.sent().has(5)).toBe(false)
  })

  it('reads the local pad only to send it, so a tap read once is never read and dropped', () => {
    const { core, link, loop } = host(3)
    let reads = 0
    const tapped = { pad: 0 }
    core.localPad = () => {
      reads++
      const pad = tapped.pad
      tapped.pad = 0 // a tap counts once (emulator/lockstep-control.ts)
      return pad
    }
    loop.receiveFrames(1, frames(2))
    loop.tick(0) // frame 1 runs, the pad for frame 4 is sent
    expect(reads).toBe(1)
    tapped.pad = 0x02
    // Animation frames and input timers before frame 2 is due: nothing is sent, so nothing is read.
    for (const now of [4, 8, 12]) {
      loop.pumpInput(now)
      loop.tick(now)
    }
    expect(reads).toBe(1)
    loop.tick(FRAME_MS)
    expect(reads).toBe(2)
    expect(link.sent().get(5)).toBe(0x02)
  })

  it('waits for a frame that is not confirmed, goes silent after 50 ms, and starts again from the arrival', () => {
    const { core, loop } = host()
    loop.receiveFrames(1, frames(1))
    loop.tick(0)
    loop.tick(FRAME_MS)
    loop.tick(FRAME_MS + 40)
    expect(core.isWaiting).toBe(false)
    expect(loop.status(FRAME_MS + 40).waitingMs).toBeCloseTo(40)
    loop.tick(FRAME_MS + 60)
    expect(core.isWaiting).toBe(true)
    loop.receiveFrames(2, frames(3))
    loop.tick(FRAME_MS + 120)
    // The frame runs at once, the next ones a frame apart: no burst to make up for the wait.
    expect(loop.frame).toBe(2)
    expect(core.isWaiting).toBe(false)
    expect(loop.waits).toEqual([120])
    loop.tick(FRAME_MS * 2 + 120)
    expect(loop.frame).toBe(3)
  })

  it('runs nothing and stays silent while the room is paused', () => {
    const { core, loop } = host()
    loop.receiveFrames(1, frames(3))
    loop.setPaused(true)
    loop.tick(0)
    loop.tick(100)
    expect(loop.frame).toBe(0)
    expect(core.isWaiting).toBe(true)
    loop.setPaused(false)
    loop.tick(200)
    expect(loop.frame).toBe(1)
    expect(loop.waits).toEqual([])
  })

  it('sends the hash of its state after every 60th frame', () => {
    const { core, link, loop } = host()
    loop.receiveFrames(1, frames(130))
    for (let t = 0; t < 200; t++) loop.tick(t * FRAME_MS)
    expect(link.hashes.map((h) => h.frame)).toEqual([60, 120])
    expect(link.hashes[1]!.hash).toMatch(/^[0-9a-f]{16}$/)
    expect(core.frames).toBe(130)
  })
})

describe('Lockstep: states', () => {
  it('answers a state request at once with the state of the frame on screen', () => {
    const { core, link, loop } = host()
    loop.receiveFrames(1, frames(5))
    loop.tick(0)
    loop.tick(FRAME_MS)
    loop.stateRequested(7)
    expect(link.states).toEqual([{ id: 7, frame: 2, state: core.saveState() }])
  })

  it('starts a joining player from the host state and catches up on the frames after it', () => {
    const source = host()
    source.loop.receiveFrames(1, frames(30, [1, 0]))
    for (let t = 0; t < 31; t++) source.loop.tick(t * FRAME_MS)
    const core = new FakeLockstepCore()
    const link = new RecordingLink()
    const guest = new Lockstep(core, link, { hasState: false })
    guest.setDelay(3)
    guest.setRole(2, 31)
    guest.tick(0)
    expect(guest.frame).toBe(0)
    // Not synced yet: a reconnect before the state arrives must not claim a frame to resume from.
    expect(guest.isSynced).toBe(false)
    // The host's state after frame 10, then frames 11..30: a guest far behind runs them at once.
    const hostCopy = new FakeLockstepCore()
    for (let f = 1; f <= 10; f++) hostCopy.stepFrame([1, 0])
    guest.receiveState(10, hostCopy.saveState())
    expect(guest.isSynced).toBe(true)
    guest.receiveFrames(11, frames(20, [1, 0]))
    guest.tick(1000)
    expect(guest.frame).toBeGreaterThanOrEqual(30 - 6)
    for (let t = 1; t < 10; t++) guest.tick(1000 + t * FRAME_MS)
    expect(guest.frame).toBe(30)
    expect(core.state).toBe(source.core.state)
    // Its input starts at the frame the room gave it.
    expect(Math.min(...link.sent().keys())).toBe(31)
  })

  it('after a re-sync state of an earlier frame runs again up to where it was', () => {
    const { core, loop } = host()
    loop.receiveFrames(1, frames(20, [3, 4]))
    for (let t = 0; t < 20; t++) loop.tick(t * FRAME_MS)
    const right = core.state
    // A desync: this browser's state went wrong at some point.
    core.state = 12345
    const truth = new FakeLockstepCore()
    for (let f = 1; f <= 15; f++) truth.stepFrame([3, 4])
    loop.receiveState(15, truth.saveState())
    expect(loop.frame).toBe(20)
    expect(core.state).toBe(right)
  })

  it('asks for a state when frames do not follow the ones it has (a lost message)', () => {
    const { link, loop } = host()
    loop.receiveFrames(1, frames(3))
    loop.receiveFrames(6, frames(3))
    expect(link.needed).toBe(1)
    loop.tick(0)
    expect(loop.frame).toBe(0)
  })

  it("runs a frame with its own pad as sent and the other player's as relayed, before the room confirms it", () => {
    const { core, link, loop } = host(2)
    core.pad = 0x08
    // Frames 1 and 2 are confirmed; frame 3 is not, but the guest's pad for it was relayed.
    loop.receiveFrames(1, frames(2, [0, 0]))
    loop.tick(0)
    loop.tick(FRAME_MS)
    expect(link.sent().get(4)).toBe(0x08)
    loop.tick(FRAME_MS * 2)
    expect(loop.frame).toBe(2)
    loop.receiveInput(2, 3, [0x40, 0x80])
    loop.receiveInput(1, 5, [0x01]) // its own pad, relayed back: never used
    loop.tick(FRAME_MS * 3)
    loop.tick(FRAME_MS * 4)
    loop.tick(FRAME_MS * 5)
    expect(loop.frame).toBe(4)
    expect(core.stepped.slice(2)).toEqual([
      [0x08, 0x40],
      [0x08, 0x80],
    ])
    // A spectator runs only confirmed frames.
    loop.setRole(null, null)
    loop.receiveInput(2, 5, [0x10])
    loop.tick(FRAME_MS * 6)
    expect(loop.frame).toBe(4)
  })

  it("confirms a frame itself from its own pad as sent and the other's relayed: the room sends no frames for it", () => {
    const { core, link, loop } = host(2)
    core.pad = 0x08
    loop.receiveFrames(1, frames(2, [0, 0]))
    loop.tick(0)
    loop.tick(FRAME_MS) // frames 1-2 run; its pads for 1-4 are sent
    expect(Math.max(...link.sent().keys())).toBe(4)
    // The guest's pads for 3-5 are relayed; 3 and 4 have both pads here, 5 not yet (its own is not sent).
    loop.receiveInput(2, 3, [0x40, 0x80, 0x20])
    expect(loop.status(0).confirmed).toBe(4)
    // The room then sends frame 5 onwards (this browser's input for 5 reached it second): no gap.
    loop.tick(FRAME_MS * 2) // frame 3 runs, its pad for 5 goes out: 5 is confirmed here too
    expect(loop.status(0).confirmed).toBe(5)
    loop.receiveFrames(6, frames(2, [0x08, 0x01]))
    expect(link.needed).toBe(0)
    for (let t = 3; t < 8; t++) loop.tick(FRAME_MS * t)
    expect(loop.frame).toBe(7)
    expect(core.stepped.slice(2, 7)).toEqual([
      [0x08, 0x40],
      [0x08, 0x80],
      [0x08, 0x20],
      [0x08, 0x01],
      [0x08, 0x01],
    ])
  })

  it('confirms nothing itself while watching, or before the first frame of its own input', () => {
    const { link, loop } = host(2)
    loop.setRole(2, 10)
    loop.receiveFrames(1, frames(2))
    loop.receiveInput(1, 3, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    expect(loop.status(0).confirmed).toBe(2)
    loop.setRole(null, null)
    loop.receiveInput(2, 3, [1])
    expect(loop.status(0).confirmed).toBe(2)
    expect(link.needed).toBe(0)
  })

  it('sends again the input the room lost when its connection dropped', () => {
    const { core, link, loop } = host(2)
    core.pad = 5
    loop.receiveFrames(1, frames(4))
    for (let t = 0; t < 5; t++) loop.tick(t * FRAME_MS)
    expect(Math.max(...link.sent().keys())).toBe(6)
    link.inputs = []
    loop.setRole(1, 4)
    expect(link.inputs).toEqual([{ first: 4, pads: [5, 5, 5] }])
  })
})

describe('Lockstep: two browsers on a simulated network', () => {
  function run(
    oneWayMs: number,
    jitterMs: number,
    delay: number,
    hz: [number, number],
    seconds: number,
  ) {
    const sim = new LockstepSim(
      { oneWayMs, jitterMs, refreshHz: hz[0] },
      { oneWayMs, jitterMs, refreshHz: hz[1] },
      delay,
    )
    // Both press buttons now and then.
    for (let t = 0; t < seconds * 1000; t += 250) {
      sim.at(t, () => {
        sim.players[0].core.pad = (t / 250) & 0xff
        sim.players[1].core.pad = (t / 125) & 0xff
      })
    }
    sim.runUntil(seconds * 1000)
    return sim
  }

  it('keeps both games equal and never waits at a 50 ms round trip with delay 4, clocks 0.4 % apart', () => {
    const sim = run(25, 3, 4, [60, 60.24], 60)
    const [a, b] = sim.players
    const common = Math.min(a.loop.frame, b.loop.frame)
    expect(common).toBeGreaterThan(3500)
    expect(a.core.stepped.slice(0, common)).toEqual(b.core.stepped.slice(0, common))
    // After the first second, no wait at all.
    const late = (p: typeof a) => p.loop.waits.filter((w, i) => w > 0 && i > 2)
    expect(late(a)).toEqual([])
    expect(late(b)).toEqual([])
  })

  it('lines up a player whose game started 100 ms after the other: waits only at the start', () => {
    const sim = new LockstepSim(
      { oneWayMs: 10, jitterMs: 3 },
      { oneWayMs: 30, jitterMs: 3, startDelayMs: 100 },
      5,
    )
    sim.runUntil(30_000)
    const [a, b] = sim.players
    const waitedAt = (p: typeof a) => p.loop.waits.length
    const early = waitedAt(a) + waitedAt(b)
    expect(early).toBeGreaterThan(0)
    sim.runUntil(60_000)
    expect(waitedAt(a) + waitedAt(b)).toBe(early)
    expect(Math.abs(a.loop.frame - b.loop.frame)).toBeLessThanOrEqual(2)
  })

  /** Two players `oneWay` ms (± 3) from the server for `seconds`, pressing now and then. */
  function runApart(oneWay: [number, number], delay: number, seconds: number) {
    const sim = new LockstepSim(
      { oneWayMs: oneWay[0], jitterMs: 3 },
      { oneWayMs: oneWay[1], jitterMs: 3 },
      delay,
    )
    for (let t = 0; t < seconds * 1000; t += 250) {
      sim.at(t, () => {
        sim.players[0].core.pad = (t / 250) & 0xff
        sim.players[1].core.pad = (t / 125) & 0xff
      })
    }
    sim.runUntil(seconds * 1000)
    return sim
  }

  it.each([
    ['0 ms and 100 ms', [0, 50]],
    ['50 ms each', [25, 25]],
  ] as const)(
    'plays 60 s at 100 ms between the players (%s from the server) with delay 4: no waits past the start, equal games',
    (_, oneWay) => {
      // The room's delay: ceil((rtt₁/2 + rtt₂/2 + 8) / 16.64) = ceil(58 / 16.64) = 4 for both pads.
      const sim = runApart([...oneWay], 4, 60)
      const [a, b] = sim.players
      const common = Math.min(a.loop.frame, b.loop.frame)
      expect(common).toBeGreaterThan(3550)
      expect(a.core.stepped.slice(0, common)).toEqual(b.core.stepped.slice(0, common))
      // The clocks line up in the first second, then nobody waits.
      const late = (p: typeof a) => p.loop.waits.filter((w, i) => w > 0 && i > 2)
      expect(late(a)).toEqual([])
      expect(late(b)).toEqual([])
    },
  )

  it('keeps both games equal at an 80 ± 20 ms relay delay with delay 6', () => {
    const sim = run(40, 10, 6, [60, 59.9], 20)
    const [a, b] = sim.players
    const common = Math.min(a.loop.frame, b.loop.frame)
    expect(common).toBeGreaterThan(1100)
    const states = [a, b].map((p) => {
      const copy = new FakeLockstepCore()
      for (const pads of p.core.stepped.slice(0, common)) copy.stepFrame(pads)
      return stateHash(copy.saveState())
    })
    expect(states[0]).toBe(states[1])
    // Past the start, waits (when jitter stacks up against the delay) stay short.
    expect(Math.max(0, ...a.loop.waits.slice(3), ...b.loop.waits.slice(3))).toBeLessThan(100)
  })
})
