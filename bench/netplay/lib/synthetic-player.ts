// A synthetic browser in a room for the netplay benchmarks: the real lockstep loop
// (apps/client/src/netplay/lockstep.ts) over a real WebSocket to a built server, with a fake emulator
// whose state is a running hash of the frames and pads it ran, so equal hashes mean equal games.
import {
  NETPLAY_BULK_KIND,
  NETPLAY_PROTOCOL_VERSION,
  decodeBulk,
  encodeBulk,
  roomSocketPath,
} from '../../../packages/shared/src/netplay-constants'
import type { ClientMessage, ServerMessage } from '../../../packages/shared/src/netplay-api'
import { Lockstep } from '../../../apps/client/src/netplay/lockstep'
import type { LockstepCore } from '../../../apps/client/src/netplay/lockstep'
import WebSocket from 'ws'

/** Bytes of the fake save state (fceumm's NROM states are about this size). */
const STATE_BYTES = 14_000

export interface PlayerEvents {
  /** A frame ran with other pads than the one before, at `now` (performance.now()). */
  padsChanged?(frame: number, pads: readonly [number, number], now: number): void
  wait?(ms: number): void
}

/** The fake emulator: a running hash of the frames and pads it ran (also ws-floor.ts's players'). */
export class FakeCore implements LockstepCore {
  private acc = 0x811c9dc5
  private frame = 0
  /** Bits pressed by the benchmark, until `releaseAt`. */
  held = 0
  releaseAt = 0
  private pressedSinceRead = 0

  constructor(private readonly onStep: (pads: readonly [number, number]) => void) {}

  press(bits: number, holdMs: number): void {
    this.held = bits
    this.pressedSinceRead |= bits
    this.releaseAt = performance.now() + holdMs
  }

  stepFrame(pads: readonly [number, number]): void {
    this.frame++
    this.acc =
      Math.imul(this.acc ^ (pads[0] | (pads[1] << 8) | (this.frame << 16)), 0x01000193) >>> 0
    this.onStep(pads)
  }

  saveState(): Uint8Array {
    const state = new Uint8Array(STATE_BYTES)
    const view = new DataView(state.buffer)
    view.setUint32(0, this.frame, true)
    view.setUint32(4, this.acc, true)
    return state
  }

  loadState(state: Uint8Array): void {
    const view = new DataView(state.buffer, state.byteOffset, state.byteLength)
    this.frame = view.getUint32(0, true)
    this.acc = view.getUint32(4, true)
  }

  localPad(): number {
    if (performance.now() >= this.releaseAt) this.held = 0
    const pad = this.held | this.pressedSinceRead
    this.pressedSinceRead = 0
    return pad
  }

  setWaiting(): void {}
}

export class SyntheticPlayer {
  readonly ws: WebSocket
  readonly core: FakeCore
  loop: Lockstep | undefined
  delay = 0
  pad: 1 | 2 | null = null
  resyncs = 0
  /** This player's member id and its round trip as the room measured it (the roster's). */
  private me = ''
  private measuredRtt = 0
  private readonly opened: Promise<void>

  constructor(
    baseUrl: string,
    roomId: string,
    private readonly opts: {
      hostKey?: string
      cartridge?: Uint8Array
      events?: PlayerEvents
      /** This player's network: every message to and from the server is held this long, ms. */
      oneWayMs?: number
    },
  ) {
    this.core = new FakeCore((pads) => this.onStep(pads))
    // The room times round trips with WebSocket pings: the pong goes through this player's network too.
    this.ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${roomSocketPath(roomId)}`, {
      autoPong: false,
    })
    this.ws.binaryType = 'nodebuffer'
    this.ws.on('ping', (data) =>
      this.later(() =>
        this.later(() => {
          if (this.ws.readyState === WebSocket.OPEN) this.ws.pong(data)
        }),
      ),
    )
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve())
      this.ws.once('error', reject)
    })
    this.ws.on('message', (data, isBinary) =>
      this.later(() => this.receive(data as Buffer, isBinary)),
    )
  }

  private lastPads: readonly [number, number] = [0, 0]
  private onStep(pads: readonly [number, number]): void {
    if (pads[0] !== this.lastPads[0] || pads[1] !== this.lastPads[1]) {
      this.lastPads = pads
      this.opts.events?.padsChanged?.(this.loop?.frame ?? 0, pads, performance.now())
    }
  }

  async join(): Promise<void> {
    await this.opened
    this.send({
      t: 'hello',
      v: NETPLAY_PROTOCOL_VERSION,
      ...(this.opts.hostKey ? { hostKey: this.opts.hostKey } : {}),
    })
  }

  /** This player's round trip to the room, ms, as the room measured it (0 before the first). */
  rtt(): number {
    return this.measuredRtt
  }

  send(msg: ClientMessage): void {
    const text = JSON.stringify(msg)
    this.later(() => {
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text)
    })
  }

  private sendBytes(bytes: Uint8Array): void {
    this.later(() => {
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(bytes)
    })
  }

  /** Runs `what` after this player's one-way time (timers of one length fire in the order set). */
  private later(what: () => void): void {
    const ms = this.opts.oneWayMs ?? 0
    if (ms > 0) setTimeout(what, ms)
    else what()
  }

  tick(now: number): void {
    this.loop?.tick(now)
  }

  close(): void {
    this.send({ t: 'leave' })
    this.ws.close(1000)
  }

  private start(isHost: boolean, pad: 1 | 2 | null, inputFrom: number | null): void {
    this.loop = new Lockstep(
      this.core,
      {
        sendInput: (f, p) => this.send({ t: 'input', f, p }),
        sendHash: (f, h) => this.send({ t: 'hash', f, h }),
        sendState: (id, frame, bytes) =>
          this.sendBytes(encodeBulk({ kind: NETPLAY_BULK_KIND.state, frame, id, bytes })),
        needState: () => this.send({ t: 'need-state' }),
      },
      { hasState: isHost, onWait: (ms) => this.opts.events?.wait?.(ms) },
    )
    this.loop.setDelay(this.delay || 3)
    this.loop.setRole(pad, isHost ? inputFrom : null)
    this.send({ t: 'ready' })
    if (isHost && this.opts.cartridge) {
      this.sendBytes(encodeBulk({ kind: 1, frame: 0, id: 0, bytes: this.opts.cartridge }))
    }
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (isBinary) {
      const bulk = decodeBulk(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
      if (bulk?.kind === NETPLAY_BULK_KIND.state) this.loop?.receiveState(bulk.frame, bulk.bytes)
      return
    }
    // The server's messages are trusted here (the browser checks them with serverMessageSchema): zod
    // on each of hundreds of players' 60 messages a second would make the clients the bottleneck.
    const msg = JSON.parse(data.toString()) as ServerMessage
    switch (msg.t) {
      case 'welcome':
        this.pad = msg.pad
        this.me = msg.you
        if (!this.loop) this.start(this.opts.hostKey !== undefined, msg.pad, msg.inputFrom)
        return
      case 'roster':
        this.delay = this.pad === null ? msg.delay : msg.delays[this.pad - 1]!
        this.resyncs = msg.resyncs
        this.measuredRtt = msg.members.find((m) => m.id === this.me)?.rtt ?? this.measuredRtt
        this.loop?.setDelay(this.delay)
        this.loop?.setPaused(msg.paused !== null)
        return
      case 'frames':
        return this.loop?.receiveFrames(msg.f, msg.p)
      case 'input':
        return this.loop?.receiveInput(msg.pad, msg.f, msg.p)
      case 'role':
        this.pad = msg.pad
        return this.loop?.setRole(msg.pad, msg.inputFrom)
      case 'state-request':
        return this.loop?.stateRequested(msg.id)
      default:
        return
    }
  }
}

/** Opens a slot-cartridge room on `baseUrl` (POST /api/netplay/rooms); returns its id and host key. */
export async function openCartridgeRoom(
  baseUrl: string,
  size: number,
): Promise<{ roomId: string; hostKey: string }> {
  const res = await fetch(`${baseUrl}/api/netplay/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: { kind: 'cartridge', fileName: 'bench.nes', size } }),
  })
  if (res.status !== 201) throw new Error(`room not opened: ${res.status} ${await res.text()}`)
  return (await res.json()) as { roomId: string; hostKey: string }
}

/** Ticks every player's loop from one timer (4 ms, as animation frames and the input timer would). */
export function driveAll(players: () => Iterable<{ tick(now: number): void }>): () => void {
  const timer = setInterval(() => {
    const now = performance.now()
    for (const p of players()) p.tick(now)
  }, 4)
  return () => clearInterval(timer)
}

/** A 24,592-byte NROM image (header + zeros): what a slot cartridge room carries. */
export function benchCartridge(): Uint8Array {
  const rom = new Uint8Array(16 + 16384 + 8192)
  rom.set([0x4e, 0x45, 0x53, 0x1a, 1, 1, 0, 0])
  return rom
}
