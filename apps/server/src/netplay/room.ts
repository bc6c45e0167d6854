// One online room, on its home server: who holds which pad, the input log that turns both players' input
// into confirmed frames, the state hand-outs (a browser joining, or one whose state hash differed from the
// host's), pause, hidden tabs, dropped connections and the room's end. It only decides and talks through
// RoomOutput, so it is tested without sockets (room.test.ts).
import { NETPLAY_CLOSE } from '@nes-studio/shared/netplay-constants'
import type {
  ClientMessage,
  HelloMessage,
  MemberRole,
  NetplayBulk,
  RoomGame,
  RoomPause,
  ServerMessage,
} from '@nes-studio/shared/netplay-api'
import { forgetRelayed, relayToOther, sendConfirmed } from './confirmed-frames'
import { chooseInputDelays } from './input-delay'
import { InputLog } from './input-log'
import type { Pad } from './input-log'
import { cartridgeProblem } from './room-cartridge'
import { RoomSync } from './room-sync'
import { idsWhere, padRtt, rosterMembers } from './room-members'
import { QUICK_PINGS, RoundTrips, ping } from './room-pings'
import type { Member } from './room-members'
import { sameSecret } from '../http/same-secret'

export interface RoomOutput {
  send(members: readonly string[], msg: ServerMessage): void
  sendBulk(members: readonly string[], bulk: NetplayBulk): void
  close(member: string, code: number, reason: string): void
  /** A WebSocket ping with payload `n` to the socket `member` (its pong comes back as `pong`). */
  ping(member: string, n: number): void
}

export interface RoomOptions {
  id: string
  game: RoomGame
  hostKey: string
  maxSpectators: number
  /** How long a dropped player's seat is held, ms. */
  reconnectMs: number
  /** How long the room lives with nobody connected, ms. */
  idleMs: number
  now: () => number
  /** A monotonic clock for round trips, ms (default performance.now). */
  clock?: () => number
  /** A fresh 128-bit secret (seat tokens). */
  newSecret: () => string
}

const ENDED = {
  hostLeft: 'The host left, so the room has ended.',
  hostLost:
    'The host lost the connection and did not come back within 30 seconds, so the room has ended.',
  idle: 'Nobody was in the room for 10 minutes, so it has ended.',
}

export class Room {
  readonly log = new InputLog()
  readonly members = new Map<string, Member>()
  private readonly sync: RoomSync
  private rom: Uint8Array | undefined
  private isHostStarted = false
  private userPause: RoomPause | null = null
  /** Each pad's input delay (pad 1, pad 2), frames. */
  private delays: [number, number]
  private idleSince: number | undefined
  private ended = false
  private readonly clock: () => number

  constructor(
    private readonly options: RoomOptions,
    readonly output: RoomOutput,
  ) {
    this.delays = chooseInputDelays(undefined, undefined)
    this.idleSince = options.now()
    this.sync = new RoomSync(this)
    this.clock = options.clock ?? (() => performance.now())
  }

  get id(): string {
    return this.options.id
  }

  get isEnded(): boolean {
    return this.ended
  }

  get game(): RoomGame {
    return this.options.game
  }

  host(): Member | undefined {
    for (const member of this.members.values()) if (member.role === 'host') return member
    return undefined
  }

  player2(): Member | undefined {
    for (const member of this.members.values()) if (member.pad === 2) return member
    return undefined
  }

  spectatorCount(): number {
    let count = 0
    for (const member of this.members.values()) if (member.role === 'spectator') count++
    return count
  }

  /** The host's game is held and counting frames. */
  get hostStarted(): boolean {
    return this.isHostStarted
  }

  join(id: string, hello: HelloMessage): void {
    if (this.ended) return
    if (hello.hostKey !== undefined) return this.joinHost(id, hello)
    const held = [...this.members.values()].find(
      (m) => hello.seat !== undefined && m.seat !== null && sameSecret(m.seat, hello.seat),
    )
    if (held) return this.takeBack(held, id, hello)
    if (!this.player2()) {
      this.admit(id, 'player', 2, this.options.newSecret())
    } else if (this.spectatorCount() < this.options.maxSpectators) {
      this.admit(id, 'spectator', null, null)
    } else {
      this.output.close(
        id,
        NETPLAY_CLOSE.full,
        `This room already has ${this.options.maxSpectators} spectators, the most it takes.`,
      )
      return
    }
    const member = this.members.get(id)
    if (member) this.welcome(member, false)
    this.broadcastRoster()
  }

  private joinHost(id: string, hello: HelloMessage): void {
    if (!sameSecret(hello.hostKey ?? '', this.options.hostKey)) {
      this.output.close(id, NETPLAY_CLOSE.forbidden, "That is not this room's host key.")
      return
    }
    const previous = this.host()
    if (!previous) {
      this.admit(id, 'host', 1, null)
      const host = this.members.get(id)
      if (host) this.welcome(host, false)
      this.broadcastRoster()
      return
    }
    if (this.isHostStarted && !this.log.canResume(hello.at, 1)) {
      // The host's game is the room's: without it nobody can go on.
      this.replace(previous, id)
      this.end(ENDED.hostLost)
      return
    }
    this.takeBack(previous, id, hello)
  }

  /** A browser takes its seat back (after a drop, or from a second socket that replaces the first). */
  private takeBack(member: Member, id: string, hello: HelloMessage): void {
    this.replace(member, id)
    member.connected = true
    member.awayUntil = null
    const resumed = member.synced && this.log.canResume(hello.at, member.pad)
    if (!resumed) member.synced = false
    this.welcome(member, resumed)
    if (resumed && hello.at !== undefined) this.sendFrames([member.id], hello.at + 1)
    if (this.isHostStarted) this.sync.hostBack(member)
    this.advance()
    this.broadcastRoster()
  }

  /** Moves `member` to the socket `id`, closing the socket it had if that is still open. */
  private replace(member: Member, id: string): void {
    if (member.connected && member.id !== id) {
      this.output.close(
        member.id,
        NETPLAY_CLOSE.replaced,
        'This seat was taken by a newer connection.',
      )
    }
    this.members.delete(member.id)
    this.sync.forget(member.id)
    member.id = id
    this.members.set(id, member)
  }

  private admit(id: string, role: MemberRole, pad: Pad | null, seat: string | null): void {
    this.members.set(id, {
      id,
      role,
      pad,
      connected: true,
      hidden: false,
      rtt: 0,
      trips: new RoundTrips(),
      seat,
      awayUntil: null,
      synced: false,
      hasRom: false,
      relayedFrom: 0,
      relayedTo: -1,
    })
  }

  private welcome(member: Member, resumed: boolean): void {
    forgetRelayed(member)
    const inputFrom = member.pad !== null && this.log.isActive(member.pad)
    this.output.send([member.id], {
      t: 'welcome',
      you: member.id,
      role: member.role,
      pad: member.pad,
      seat: member.seat,
      game: this.options.game,
      inputFrom: inputFrom && member.pad !== null ? this.log.nextFrame(member.pad) : null,
      resumed,
    })
    if (member.role !== 'host' && this.rom && !member.hasRom) {
      member.hasRom = true
      this.output.sendBulk([member.id], { kind: 1, frame: 0, id: 0, bytes: this.rom })
    }
    // A new socket: its round trip is measured again, a few pings back to back (pong below).
    member.trips.reset()
    ping(this.output, member, this.clock())
  }

  /** The socket `id` answered ping `n`: its round trip, and the next quick ping while few are in. */
  pong(id: string, n: number): void {
    const member = this.members.get(id)
    if (!member || this.ended) return
    const rtt = member.trips.answer(n, this.clock())
    if (rtt === undefined) return
    if (member.trips.count < QUICK_PINGS) ping(this.output, member, this.clock())
    this.measured(member, rtt)
  }

  message(id: string, msg: ClientMessage): void {
    const member = this.members.get(id)
    if (!member || this.ended) return
    switch (msg.t) {
      case 'hello':
        return this.violation(member, NETPLAY_CLOSE.badMessage, 'The room was already greeted.')
      case 'ready':
        return this.ready(member)
      case 'input': {
        if (member.pad === null || !this.log.isActive(member.pad)) {
          return this.violation(member, NETPLAY_CLOSE.badMessage, 'You hold no pad to play.')
        }
        const problem = this.log.add(member.pad, msg.f, msg.p)
        if (problem) return this.violation(member, NETPLAY_CLOSE.outOfRange, problem.message)
        this.advance()
        return this.relayInput(member.pad, msg.f, msg.p)
      }
      case 'hash':
        return this.sync.hash(member, msg.f, msg.h)
      case 'pause':
        return this.pause(member, msg.on)
      case 'hidden':
        member.hidden = msg.on
        this.broadcastRoster()
        return this.advance()
      case 'give-pad':
        return this.givePad(member, msg.to)
      case 'need-state':
        return this.sync.requestState(member)
      case 'leave':
        return this.gone(id, true)
    }
  }

  private ready(member: Member): void {
    if (member.role !== 'host') {
      if (!member.synced) this.sync.requestState(member)
      return
    }
    if (!this.isHostStarted) {
      this.isHostStarted = true
      member.synced = true
    }
    this.sync.hostBack(member)
  }

  bulk(id: string, bulk: NetplayBulk): void {
    const member = this.members.get(id)
    if (!member || this.ended) return
    if (member.role !== 'host') {
      return this.violation(member, NETPLAY_CLOSE.forbidden, 'Only the host sends game data.')
    }
    if (bulk.kind === 2) return this.sync.hostState(bulk)
    const problem = cartridgeProblem(this.options.game, this.rom !== undefined, bulk.bytes)
    if (problem) return this.violation(member, NETPLAY_CLOSE.badMessage, problem)
    this.rom = bulk.bytes
    const waiting = [...this.members.values()].filter((m) => m.role !== 'host' && !m.hasRom)
    for (const m of waiting) m.hasRom = true
    this.output.sendBulk(
      waiting.map((m) => m.id),
      bulk,
    )
  }

  /** The socket closed (or the browser said it leaves). */
  gone(id: string, clean: boolean): void {
    const member = this.members.get(id)
    if (!member || !member.connected || this.ended) return
    if (member.role === 'host' && clean) return this.end(ENDED.hostLeft)
    if (member.role === 'spectator' || (clean && member.pad === 2)) {
      this.remove(member)
      if (member.pad === 2) this.tellEveryone('Player 2 left the room.')
    } else {
      member.connected = false
      member.awayUntil = this.options.now() + this.options.reconnectMs
      if (member.role === 'host') this.sync.hostAway()
    }
    this.broadcastRoster()
    this.advance()
  }

  /** A notice for every browser still in the room (the room panel shows it for a few seconds). */
  private tellEveryone(message: string): void {
    const connected = [...this.members.values()].filter((m) => m.connected).map((m) => m.id)
    this.output.send(connected, { t: 'notice', message })
  }

  private remove(member: Member): void {
    this.members.delete(member.id)
    this.sync.forget(member.id)
    if (member.pad === 2) this.log.deactivate(2)
  }

  /** Pings every connected member, expires held seats and ends an empty room; call once a second. */
  tick(): void {
    if (this.ended) return
    for (const m of this.members.values()) if (m.connected) ping(this.output, m, this.clock())
    const now = this.options.now()
    for (const member of [...this.members.values()]) {
      if (member.awayUntil === null || member.awayUntil > now) continue
      if (member.role === 'host') return this.end(ENDED.hostLost)
      this.remove(member)
      if (member.pad === 2) {
        this.tellEveryone('Player 2 did not come back within 30 seconds: pad 2 is free.')
      }
      this.broadcastRoster()
      this.advance()
    }
    const anyone = [...this.members.values()].some((m) => m.connected)
    if (anyone) this.idleSince = undefined
    else if (this.idleSince === undefined) this.idleSince = now
    else if (now - this.idleSince >= this.options.idleMs) this.end(ENDED.idle)
  }

  end(reason: string): void {
    if (this.ended) return
    this.ended = true
    const connected = [...this.members.values()].filter((m) => m.connected).map((m) => m.id)
    this.output.send(connected, { t: 'ended', reason })
    for (const id of connected) this.output.close(id, NETPLAY_CLOSE.ended, reason)
    this.members.clear()
  }

  /** Closes a misbehaving socket; its seat is held as for a dropped connection. */
  violation(member: Member, code: number, reason: string): void {
    this.output.close(member.id, code, reason)
    this.gone(member.id, false)
  }

  private pause(member: Member, on: boolean): void {
    if (member.pad === null) {
      this.output.send([member.id], { t: 'notice', message: 'Only players can pause the room.' })
      return
    }
    this.userPause = on ? { reason: 'pause', pad: member.pad } : null
    this.broadcastRoster()
    this.advance()
  }

  private givePad(member: Member, to: string): void {
    if (member.role !== 'host') {
      return this.violation(member, NETPLAY_CLOSE.forbidden, 'Only the host hands out pad 2.')
    }
    const target = this.members.get(to)
    if (!target || target.role !== 'spectator' || !target.connected) {
      this.output.send([member.id], { t: 'notice', message: 'That spectator is no longer here.' })
      return
    }
    const previous = this.player2()
    if (previous?.connected) {
      Object.assign(previous, { role: 'spectator', pad: null, seat: null })
      this.output.send([previous.id], {
        t: 'role',
        role: 'spectator',
        pad: null,
        seat: null,
        inputFrom: null,
      })
    } else if (previous) {
      this.remove(previous)
    }
    Object.assign(target, { role: 'player', pad: 2, seat: this.options.newSecret() })
    this.sync.seatPlayer2(target)
    this.broadcastRoster()
  }

  /** Tells the new player 2 its seat and first input frame (its game is in step already). */
  announceSeat(member: Member): void {
    const inputFrom = this.log.activate(2)
    forgetRelayed(member)
    this.output.send([member.id], {
      t: 'role',
      role: member.role,
      pad: member.pad,
      seat: member.seat,
      inputFrom,
    })
  }

  private measured(member: Member, rtt: number): void {
    const before = member.rtt
    member.rtt = Math.round(rtt)
    const delays = this.padDelays()
    const moved = Math.abs(member.rtt - before) >= Math.max(5, before * 0.2)
    if (delays[0] === this.delays[0] && delays[1] === this.delays[1] && !moved) return
    this.broadcastRoster()
  }

  /** Each pad's delay from the round trips of the players connected now (input-delay.ts). */
  private padDelays(): [number, number] {
    return chooseInputDelays(padRtt(this.members.values(), 1), padRtt(this.members.values(), 2))
  }

  /** Why the room is paused on purpose: a player's pause, else a player's hidden tab. */
  effectivePause(): RoomPause | null {
    if (this.userPause) return this.userPause
    for (const m of this.members.values()) {
      if (m.pad !== null && m.connected && m.hidden) return { reason: 'hidden', pad: m.pad }
    }
    return null
  }

  /**
   * Confirms what can be and sends it to every browser that runs frames, except the frames a player
   * confirms itself: those whose other pad was relayed to it (it sent its own), see docs/netplay.md.
   */
  advance(): void {
    if (!this.isHostStarted || this.ended || this.effectivePause()) return
    const { first, pads } = this.log.merge()
    if (pads.length === 0) return
    sendConfirmed(this.output, this.members.values(), first, pads)
  }

  /** Confirmed frames from `from` on, to `members` (nothing when there are none yet). */
  sendFrames(members: readonly string[], from: number): boolean {
    const pads = this.log.range(from)
    if (pads === undefined) return false
    if (pads.length > 0) this.output.send(members, { t: 'frames', f: from, p: pads })
    return true
  }

  /** What of `pad`'s input is not confirmed yet goes to the other player now (confirmed-frames.ts). */
  private relayInput(pad: Pad, first: number, values: number[]): void {
    const from = Math.max(first, this.log.confirmed + 1)
    if (from >= first + values.length) return // the frames message carried it
    relayToOther(this.output, this.members.values(), pad, from, values.slice(from - first))
  }

  syncedIds(): string[] {
    return idsWhere(this.members.values(), (m) => m.synced && m.connected)
  }

  connectedIds(): string[] {
    return idsWhere(this.members.values(), (m) => m.connected)
  }

  broadcastRoster(): void {
    if (this.ended) return
    const members = rosterMembers(this.members.values())
    const waitingFor = members.filter((m) => m.pad !== null && !m.connected).map((m) => m.pad!)
    // A seat taken, given or freed changes whose round trip a pad's delay follows.
    this.delays = this.padDelays()
    this.output.send(this.connectedIds(), {
      t: 'roster',
      members,
      delay: Math.max(...this.delays),
      delays: this.delays,
      resyncs: this.sync.resyncs,
      paused: this.effectivePause(),
      waitingFor,
    })
  }
}
