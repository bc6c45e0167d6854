// Test harness for Room: an output that records what each member was sent, and a clock the test moves.
import type { NetplayBulk, RoomGame, ServerMessage } from '@nes-studio/shared/netplay-api'
import { NETPLAY_PROTOCOL_VERSION } from '@nes-studio/shared/netplay-constants'
import { Room } from '../netplay/room'
import { heldFrames } from './held-frames'
import type { RoomOutput } from '../netplay/room'

export interface Outbox {
  messages: ServerMessage[]
  bulks: NetplayBulk[]
  closed?: { code: number; reason: string }
  /** The WebSocket pings the room asked for and that were not answered yet (their numbers). */
  pings: number[]
}

export const HOST_KEY = 'h'.repeat(22)
/** The room's id: its home server is `aaaaaaaaaaaa`, so members `s.*` reached it from server `s`. */
export const ROOM_ID = `${'a'.repeat(12)}${'r'.repeat(22)}`

export class RoomHarness implements RoomOutput {
  now = 1_000_000
  private secrets = 0
  /** When each ping (`<member> <n>`) was sent. */
  private readonly pingSent = new Map<string, number>()
  /** Each member's own input as it sent it, by frame. */
  private readonly sentInput = new Map<string, Map<number, number>>()
  readonly boxes = new Map<string, Outbox>()
  readonly room: Room

  constructor(
    game: RoomGame = { kind: 'library', romId: 'r1', fileName: 'game.nes' },
    options: { maxSpectators?: number } = {},
  ) {
    this.room = new Room(
      {
        id: ROOM_ID,
        game,
        hostKey: HOST_KEY,
        maxSpectators: options.maxSpectators ?? 2,
        reconnectMs: 30_000,
        idleMs: 600_000,
        now: () => this.now,
        clock: () => this.now,
        newSecret: () => `seat${String(++this.secrets).padStart(18, '0')}`,
      },
      this,
    )
  }

  box(member: string): Outbox {
    let box = this.boxes.get(member)
    if (!box) {
      box = { messages: [], bulks: [], pings: [] }
      this.boxes.set(member, box)
    }
    return box
  }

  send(members: readonly string[], msg: ServerMessage): void {
    for (const id of members) this.box(id).messages.push(msg)
  }

  sendBulk(members: readonly string[], bulk: NetplayBulk): void {
    for (const id of members) this.box(id).bulks.push(bulk)
  }

  close(member: string, code: number, reason: string): void {
    this.box(member).closed = { code, reason }
  }

  ping(member: string, n: number): void {
    this.box(member).pings.push(n)
    this.pingSent.set(`${member} ${n}`, this.now)
  }

  /** `member`'s browser answers each ping waiting for it `ms` after it was sent (the clock moves on). */
  answerPings(member: string, ms: number): void {
    for (const n of this.box(member).pings.splice(0)) {
      this.now = Math.max(this.now, (this.pingSent.get(`${member} ${n}`) ?? this.now) + ms)
      this.room.pong(member, n)
    }
  }

  /** Messages of type `t` sent to `member`. */
  of<T extends ServerMessage['t']>(member: string, t: T): Extract<ServerMessage, { t: T }>[] {
    return this.box(member).messages.filter((m): m is Extract<ServerMessage, { t: T }> => m.t === t)
  }

  last<T extends ServerMessage['t']>(member: string, t: T): Extract<ServerMessage, { t: T }> {
    const all = this.of(member, t)
    const found = all[all.length - 1]
    if (!found) throw new Error(`${member} was sent no ${t}`)
    return found
  }

  /** Confirmed frames `member` was sent, flattened, keyed by frame. */
  frames(member: string): Map<number, [number, number]> {
    const out = new Map<number, [number, number]>()
    for (const m of this.of(member, 'frames')) m.p.forEach((p, i) => out.set(m.f + i, p))
    return out
  }

  hello(member: string, extra: { hostKey?: string; seat?: string; at?: number } = {}): void {
    this.room.join(member, { t: 'hello', v: NETPLAY_PROTOCOL_VERSION, ...extra })
  }

  /** A host that joined, is held and sent input for frames 1..count. */
  startHost(member = 's.host', count = 0): void {
    this.hello(member, { hostKey: HOST_KEY })
    this.room.message(member, { t: 'ready' })
    if (count > 0) this.input(member, 1, new Array<number>(count).fill(0))
  }

  input(member: string, first: number, pads: number[]): void {
    const own = this.sentInput.get(member) ?? new Map<number, number>()
    this.sentInput.set(member, own)
    pads.forEach((p, i) => own.set(first + i, p))
    this.room.message(member, { t: 'input', f: first, p: pads })
  }

  /**
   * The confirmed frames `member`'s browser holds, by the client's rule (lockstep.ts): the frames it was
   * sent, and those it confirms itself from its own pad as sent (as `pad`) and the other's relayed since
   * its last welcome or role (held-frames.ts). Throws where the frames it holds would have a gap.
   */
  held(member: string, pad: 1 | 2): Map<number, [number, number]> {
    return heldFrames(this.box(member).messages, this.sentInput.get(member) ?? new Map(), pad)
  }

  /** The host answers the last state request with a state after `frame`. */
  answerState(host: string, frame: number, bytes = new Uint8Array([1, 2, 3])): void {
    const request = this.last(host, 'state-request')
    this.room.bulk(host, { kind: 2, frame, id: request.id, bytes })
  }
}

/** The member ids of the harness's host and first guest. */
export const ROLES = { HOST: 's.host', GUEST: 's.guest' } as const

/** A room with its host at frame `hostFrames` and a guest seated from the host's state after `stateAt`. */
export function roomWithGuest(hostFrames = 10, stateAt = 4): RoomHarness {
  const h = new RoomHarness()
  h.startHost(ROLES.HOST, hostFrames)
  h.hello(ROLES.GUEST)
  h.room.message(ROLES.GUEST, { t: 'ready' })
  h.answerState(ROLES.HOST, stateAt)
  return h
}
