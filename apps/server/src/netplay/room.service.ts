// The rooms whose home is this server: opening them (ids, caps, the game), passing them what gateways
// send through the relay, routing what they say back to the gateway that holds each socket, and ending
// rooms that stood empty or lost their host.
import { randomBytes } from 'node:crypto'
import {
  NETPLAY_CLOSE,
  NETPLAY_IDLE_ROOM_MS,
  NETPLAY_RECONNECT_MS,
  ROM_MIN_BYTES,
} from '@nes-studio/shared'
import type { CreateRoomResponse, RoomGame } from '@nes-studio/shared'
import { roomInvitePath } from '@nes-studio/shared/netplay-constants'
import { HttpError } from '../errors'
import { sanitizeFileName } from '../roms/file-name'
import { Room } from './room'
import type { RoomOutput } from './room'
import { homeOf, serverOf } from './room-relay'
import type { RoomRelay, ToGateway, ToHome } from './room-relay'

/** The rooms' once-a-second ticks are spread over this many slices of the second. */
const TICK_SLICES = 10

export interface RoomServiceOptions {
  /** Rooms this server holds at once (NETPLAY_MAX_ROOMS); past it, opening one answers 503. */
  maxRooms: number
  /** Spectators per room (NETPLAY_MAX_SPECTATORS). */
  maxSpectators: number
  /** Largest slot cartridge a room carries (MAX_ROM_BYTES). */
  maxRomBytes: number
  reconnectMs?: number
  idleMs?: number
  now?: () => number
  /** The library's file name of a ROM, or undefined when it has no such ROM. */
  libraryFileName(romId: string): Promise<string | undefined>
}

/** A 128-bit secret, base64url (22 characters). */
export function newSecret(): string {
  return randomBytes(16).toString('base64url')
}

/** Groups member ids by the server whose gateway holds them. */
function byServer(members: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (const id of members) {
    const server = serverOf(id)
    const group = groups.get(server)
    if (group) group.push(id)
    else groups.set(server, [id])
  }
  return groups
}

export class RoomService {
  private readonly rooms = new Map<string, Room>()
  /** The rooms by the tenth of the second they tick in (see tick); an ended room leaves at its next. */
  private readonly slices = Array.from({ length: TICK_SLICES }, () => new Set<Room>())
  private opened = 0
  private slice = 0
  private readonly timer: ReturnType<typeof setInterval>
  private readonly output: RoomOutput

  constructor(
    private readonly relay: RoomRelay,
    private readonly options: RoomServiceOptions,
  ) {
    this.output = {
      send: (members, msg) => this.toGateways(members, (ids) => ({ k: 'send', members: ids, msg })),
      sendBulk: (members, bulk) =>
        this.toGateways(members, (ids) => ({ k: 'bulk', members: ids, bulk })),
      close: (member, code, reason) =>
        this.relay.toGateway(serverOf(member), { k: 'close', member, code, reason }),
      ping: (member, n) => this.relay.toGateway(serverOf(member), { k: 'ping', member, n }),
    }
    this.timer = setInterval(() => this.tick(), 1000 / TICK_SLICES)
    this.timer.unref()
  }

  private toGateways(members: readonly string[], envelope: (ids: string[]) => ToGateway): void {
    if (members.length === 0) return
    for (const [server, ids] of byServer(members)) this.relay.toGateway(server, envelope(ids))
  }

  get roomCount(): number {
    return this.rooms.size
  }

  /** Opens a room whose home is this server; the caller becomes its host with the key returned. */
  async create(game: RoomGame): Promise<CreateRoomResponse> {
    if (this.rooms.size >= this.options.maxRooms) {
      throw new HttpError(
        503,
        'RoomLimit',
        `This server already runs ${this.options.maxRooms} online rooms, the most it allows. Try again in a few minutes.`,
        { 'retry-after': '60' },
      )
    }
    const checked = await this.checkGame(game)
    const roomId = `${this.relay.serverId}${newSecret()}`
    const hostKey = newSecret()
    const room = new Room(
      {
        id: roomId,
        game: checked,
        hostKey,
        maxSpectators: this.options.maxSpectators,
        reconnectMs: this.options.reconnectMs ?? NETPLAY_RECONNECT_MS,
        idleMs: this.options.idleMs ?? NETPLAY_IDLE_ROOM_MS,
        now: this.options.now ?? Date.now,
        newSecret,
      },
      this.output,
    )
    this.rooms.set(roomId, room)
    this.slices[this.opened++ % TICK_SLICES]!.add(room)
    return { roomId, hostKey, invitePath: roomInvitePath(roomId) }
  }

  private async checkGame(game: RoomGame): Promise<RoomGame> {
    if (game.kind === 'library') {
      const fileName = await this.options.libraryFileName(game.romId)
      if (!fileName) throw new HttpError(404, 'NotFound', 'That game is not in the library.')
      return { kind: 'library', romId: game.romId, fileName }
    }
    if (game.size > this.options.maxRomBytes) {
      throw new HttpError(
        413,
        'RomTooLarge',
        `The cartridge is ${game.size} bytes; this server takes at most ${this.options.maxRomBytes} (MAX_ROM_BYTES).`,
      )
    }
    if (game.size < ROM_MIN_BYTES) {
      throw new HttpError(400, 'RomTooSmall', `A cartridge is at least ${ROM_MIN_BYTES} bytes.`)
    }
    return { kind: 'cartridge', fileName: sanitizeFileName(game.fileName), size: game.size }
  }

  /** True when this server is the room's home and the room is over or never was. */
  isMissingHere(roomId: string): boolean {
    return homeOf(roomId) === this.relay.serverId && !this.rooms.has(roomId)
  }

  /** What a gateway sent to one of this server's rooms. */
  toHome(envelope: ToHome): void {
    const room = this.rooms.get(envelope.room)
    if (!room || room.isEnded) {
      if (envelope.k !== 'gone' && envelope.k !== 'pong') {
        this.output.close(
          envelope.member,
          NETPLAY_CLOSE.notFound,
          'This room has ended, or the link is wrong.',
        )
      }
      return
    }
    if (envelope.k === 'join') room.join(envelope.member, envelope.hello)
    else if (envelope.k === 'msg') room.message(envelope.member, envelope.msg)
    else if (envelope.k === 'bulk') room.bulk(envelope.member, envelope.bulk)
    else if (envelope.k === 'pong') room.pong(envelope.member, envelope.n)
    else room.gone(envelope.member, envelope.clean)
    if (room.isEnded) this.rooms.delete(room.id)
  }

  /**
   * Every room ticks once a second (its round-trip pings leave then), each in its own tenth of the second:
   * ticked all at once, 200 rooms' 400 pings left in one burst and waited behind each other, and the round
   * trips through the PostgreSQL relay read 22-25 ms instead of 5-6 (bench/netplay/README.md, stop 36).
   */
  private tick(): void {
    const rooms = this.slices[this.slice]!
    this.slice = (this.slice + 1) % TICK_SLICES
    for (const room of rooms) {
      if (!room.isEnded) room.tick()
      if (!room.isEnded) continue
      rooms.delete(room)
      if (this.rooms.get(room.id) === room) this.rooms.delete(room.id)
    }
  }

  /** Ends every room (the server is shutting down). */
  close(): void {
    clearInterval(this.timer)
    for (const room of this.rooms.values()) {
      room.end('The server is shutting down, so the room has ended.')
    }
    this.rooms.clear()
  }
}
