// A room's WebSocket, same origin as the page: says hello (again after a drop, within 30 s), checks every
// message the server sends against the shared schema, and tells why it closed in words for the person
// playing. The round trip is the server's to time (WebSocket pings, which the browser answers itself; the
// roster carries each member's).
import { serverMessageSchema } from '@nes-studio/shared/netplay-api'
import type {
  ClientMessage,
  HelloMessage,
  NetplayBulk,
  ServerMessage,
} from '@nes-studio/shared/netplay-api'
import {
  NETPLAY_CLOSE,
  NETPLAY_RECONNECT_MS,
  decodeBulk,
  encodeBulk,
  roomSocketPath,
} from '@nes-studio/shared/netplay-constants'

export interface RoomConnectionHandlers {
  /** The hello for this (re)connection. */
  hello(): HelloMessage
  message(msg: ServerMessage): void
  bulk(bulk: NetplayBulk): void
  /** The connection dropped; it is being opened again. */
  reconnecting(): void
  /** The room is over for this browser (ended, refused, or the connection could not come back). */
  closed(reason: string): void
}

/** Close codes after which connecting again cannot help. */
const FINAL_CODES = new Set<number>([...Object.values(NETPLAY_CLOSE), 1008, 1009])

function socketUrl(roomId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}${roomSocketPath(roomId)}`
}

export class RoomConnection {
  private ws: WebSocket | undefined
  private droppedAt: number | undefined
  private retry: ReturnType<typeof setTimeout> | undefined
  private isOver = false
  private attempts = 0

  constructor(
    private readonly roomId: string,
    private readonly handlers: RoomConnectionHandlers,
  ) {}

  connect(): void {
    if (this.isOver) return
    const ws = new WebSocket(socketUrl(this.roomId))
    ws.binaryType = 'arraybuffer'
    this.ws = ws
    ws.onopen = () => {
      this.attempts = 0
      this.droppedAt = undefined
      ws.send(JSON.stringify(this.handlers.hello()))
    }
    ws.onmessage = (event) => this.receive(event.data)
    ws.onclose = (event) => this.onClose(ws, event.code, event.reason)
  }

  send(msg: ClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg))
  }

  sendBulk(bulk: NetplayBulk): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(encodeBulk(bulk))
  }

  /** Leaves on purpose: the room hears it at once (a host leaving ends the room). */
  leave(): void {
    if (this.isOver) return
    this.send({ t: 'leave' })
    this.finish()
    this.ws?.close(1000, 'left')
  }

  private finish(): void {
    this.isOver = true
    clearTimeout(this.retry)
  }

  private receive(data: unknown): void {
    if (data instanceof ArrayBuffer) {
      const bulk = decodeBulk(new Uint8Array(data))
      if (bulk) this.handlers.bulk(bulk)
      return
    }
    let msg: ServerMessage
    try {
      msg = serverMessageSchema.parse(JSON.parse(String(data)))
    } catch {
      return // a message this version does not know: nothing to act on
    }
    this.handlers.message(msg)
  }

  private onClose(ws: WebSocket, code: number, reason: string): void {
    if (ws !== this.ws || this.isOver) return
    this.droppedAt ??= performance.now()
    const gaveUp = performance.now() - this.droppedAt > NETPLAY_RECONNECT_MS
    if (FINAL_CODES.has(code) || gaveUp) {
      this.finish()
      this.handlers.closed(
        reason ||
          (gaveUp
            ? 'The connection to the room could not be restored within 30 seconds.'
            : 'The room closed the connection.'),
      )
      return
    }
    this.handlers.reconnecting()
    const wait = Math.min(4000, 250 * 2 ** this.attempts++)
    this.retry = setTimeout(() => this.connect(), wait)
  }
}
