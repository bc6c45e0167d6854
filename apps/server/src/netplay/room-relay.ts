// How a room's messages travel between the sockets (on whichever app server a browser reached) and the
// room itself (on the app server that opened it, its "home"). Each server is both: a gateway for its own
// sockets and the home of the rooms opened through it. With one server the relay is a function call
// (InProcessRoomRelay); with several on one PostgreSQL it is LISTEN/NOTIFY (storage/postgres/
// postgres-room-relay.ts), as RomStore has a SQLite and a PostgreSQL implementation.
import { randomBytes } from 'node:crypto'
import type {
  ClientMessage,
  HelloMessage,
  NetplayBulk,
  ServerMessage,
} from '@nes-studio/shared/netplay-api'

/** A gateway's message for a room's home. `member` names the socket (`<serverId>.<n>`). */
export type ToHome =
  | { k: 'join'; room: string; member: string; hello: HelloMessage }
  | { k: 'msg'; room: string; member: string; msg: ClientMessage }
  | { k: 'bulk'; room: string; member: string; bulk: NetplayBulk }
  /** The socket closed; `clean` when the browser said it was leaving (leave, close 1000/1001). */
  | { k: 'gone'; room: string; member: string; clean: boolean }
  /** The socket answered the WebSocket ping the home asked for (`n`, see room-pings.ts). */
  | { k: 'pong'; room: string; member: string; n: number }

/** A home's message for the sockets of one gateway. */
export type ToGateway =
  | { k: 'send'; members: string[]; msg: ServerMessage }
  | { k: 'bulk'; members: string[]; bulk: NetplayBulk }
  | { k: 'close'; member: string; code: number; reason: string }
  /** Send the socket a WebSocket ping with payload `n` (after what is queued for it). */
  | { k: 'ping'; member: string; n: number }

export interface RelayHandlers {
  /** A message for a room whose home is this server. */
  toHome(envelope: ToHome): void
  /** A message for sockets on this server. */
  toGateway(envelope: ToGateway): void
}

export interface RoomRelay {
  /** This server's id: the prefix of the rooms it opens and of its sockets' member ids. */
  readonly serverId: string
  /** Starts delivering to `handlers` (once, before any send). */
  start(handlers: RelayHandlers): Promise<void>
  /** Sends to the home server `home`; when it is this server, delivered in-process. */
  toHome(home: string, envelope: ToHome): void
  /** Sends to the gateway server `server`. */
  toGateway(server: string, envelope: ToGateway): void
  close(): Promise<void>
}

/** Characters of a server id. */
export const SERVER_ID_LENGTH = 12

/** An app server's id: the prefix of its rooms and sockets (48 random bits, 12 hex digits). */
export function newServerId(): string {
  return randomBytes(SERVER_ID_LENGTH / 2).toString('hex')
}

/** The server of a member id (`<serverId>.<n>`). */
export function serverOf(id: string): string {
  const dot = id.indexOf('.')
  return dot < 0 ? '' : id.slice(0, dot)
}

/**
 * The home server of a room id: its first SERVER_ID_LENGTH characters (the id goes in a URL path, so it
 * has no separator: a dot would make the page path look like a file).
 */
export function homeOf(roomId: string): string {
  return roomId.slice(0, SERVER_ID_LENGTH)
}

/** One app server: every message is a direct call. */
export class InProcessRoomRelay implements RoomRelay {
  private handlers: RelayHandlers | undefined

  constructor(readonly serverId: string) {}

  async start(handlers: RelayHandlers): Promise<void> {
    this.handlers = handlers
  }

  toHome(_home: string, envelope: ToHome): void {
    // A room of another server cannot exist here: the home answers "not found".
    this.handlers?.toHome(envelope)
  }

  toGateway(_server: string, envelope: ToGateway): void {
    this.handlers?.toGateway(envelope)
  }

  async close(): Promise<void> {
    this.handlers = undefined
  }
}
