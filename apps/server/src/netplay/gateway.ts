// The sockets this server holds, whichever server their room lives on: a new socket gets a member id,
// its messages go to the room's home through the relay, and what homes send for it is written to it
// (a message for several sockets is serialised once).
import type { WebSocket } from 'ws'
import { encodeBulk } from '@nes-studio/shared/netplay-constants'
import type { TestDelay } from './delayed-sender'
import { MemberSocket } from './member-socket'
import type { RawSocket } from './text-frame-writer'
import { homeOf } from './room-relay'
import { serverText } from './server-text'
import type { RoomRelay, ToGateway } from './room-relay'

export interface GatewayOptions {
  maxRomBytes: number
  testDelay?: TestDelay
  /** How long a hello waits for the room's welcome, ms (default 10 s). */
  joinTimeoutMs?: number
  /** How often every socket is pinged; one that missed the last ping is dropped (default 15 s). */
  heartbeatMs?: number
}

export class Gateway {
  private readonly sockets = new Map<string, MemberSocket>()
  private nextMember = 1
  private readonly heartbeat: ReturnType<typeof setInterval>

  constructor(
    private readonly relay: RoomRelay,
    private readonly options: GatewayOptions,
  ) {
    this.heartbeat = setInterval(() => {
      for (const socket of this.sockets.values()) socket.heartbeat()
    }, options.heartbeatMs ?? 15_000)
    this.heartbeat.unref()
  }

  get socketCount(): number {
    return this.sockets.size
  }

  /** Takes a new socket for room `roomId`; `raw` is its TCP socket (text messages are written to it per turn). */
  attach(ws: WebSocket, roomId: string, raw?: RawSocket): void {
    const id = `${this.relay.serverId}.${this.nextMember++}`
    const home = homeOf(roomId)
    const socket = new MemberSocket(id, roomId, ws, {
      maxRomBytes: this.options.maxRomBytes,
      testDelay: this.options.testDelay,
      joinTimeoutMs: this.options.joinTimeoutMs ?? 10_000,
      toHome: (envelope) => this.relay.toHome(home, envelope),
      onClosed: (closed) => this.sockets.delete(closed.id),
      raw,
    })
    this.sockets.set(id, socket)
  }

  /** What a home sent for sockets on this server. */
  deliver(envelope: ToGateway): void {
    if (envelope.k === 'close') {
      this.sockets.get(envelope.member)?.close(envelope.code, envelope.reason)
      return
    }
    if (envelope.k === 'ping') {
      this.sockets.get(envelope.member)?.ping(envelope.n)
      return
    }
    if (envelope.k === 'send') {
      const text = serverText(envelope.msg)
      for (const id of envelope.members) this.sockets.get(id)?.sendText(text)
      return
    }
    const bytes = encodeBulk(envelope.bulk)
    for (const id of envelope.members) this.sockets.get(id)?.sendBinary(bytes)
  }

  close(): void {
    clearInterval(this.heartbeat)
  }
}
