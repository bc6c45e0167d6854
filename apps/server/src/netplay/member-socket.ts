// One browser's WebSocket on this server (the gateway side): every message is checked here before it
// goes to the room — size, rate, JSON, the zod schema, hello first — and a socket that breaks a rule is
// closed with a reason while the room and the server go on. The room's home times the socket's round trip:
// it asks for a WebSocket ping here, which waits behind what is queued for the socket (the test delay
// too), and the browser's pong goes back to the home (room-pings.ts).
import type { RawData, WebSocket } from 'ws'
import {
  NETPLAY_BULK_HEADER_BYTES,
  NETPLAY_BULK_KIND,
  NETPLAY_CLOSE,
  NETPLAY_MAX_MESSAGES_PER_SECOND,
  NETPLAY_MAX_STATE_BYTES,
  NETPLAY_MAX_TEXT_BYTES,
  NETPLAY_PROTOCOL_VERSION,
  clientMessageSchema,
  decodeBulk,
} from '@nes-studio/shared/netplay-api'
import type { ClientMessage } from '@nes-studio/shared/netplay-api'
import { DelayedSender } from './delayed-sender'
import type { TestDelay } from './delayed-sender'
import type { ToHome } from './room-relay'
import { readInputFast } from './input-fast-path'
import { TextFrameWriter } from './text-frame-writer'
import type { RawSocket } from './text-frame-writer'

/** A close reason is at most 123 bytes of UTF-8 (RFC 6455 5.5). */
function shortReason(reason: string): string {
  let text = reason
  while (Buffer.byteLength(text) > 123) text = text.slice(0, -2) + '…'
  return text
}

/**
 * The protocol version of a hello that failed the schema because it speaks another version (a page cached
 * from before a deploy, or a server not yet updated behind the same address); undefined for anything else.
 */
function otherVersion(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined
  const { t, v } = json as { t?: unknown; v?: unknown }
  return t === 'hello' && typeof v === 'number' && v !== NETPLAY_PROTOCOL_VERSION ? v : undefined
}

export interface MemberSocketOptions {
  maxRomBytes: number
  testDelay?: TestDelay
  /** How long to wait for the room's welcome after hello (a room on a server that is gone). */
  joinTimeoutMs: number
  /** Hands the message to the room's home (through the relay). */
  toHome(envelope: ToHome): void
  /** The socket is closed and forgotten. */
  onClosed(member: MemberSocket): void
  /** The TCP socket under the WebSocket: text messages of one event-loop turn go to it together. */
  raw?: RawSocket
}

export class MemberSocket {
  private readonly sender: DelayedSender
  /** Text messages of this turn, written as ready-made frames (absent: each through ws.send). */
  private readonly frames: TextFrameWriter | undefined
  private tokens = NETPLAY_MAX_MESSAGES_PER_SECOND
  private lastRefill = performance.now()
  private hasSaidHello = false
  private isWelcomed = false
  private isClosing = false
  private hasLeft = false
  private joinTimer: ReturnType<typeof setTimeout> | undefined
  /** Cleared by each heartbeat ping, set by any pong. */
  isAlive = true
  /** Payloads of the room's pings not answered yet: only their pongs go to the home. */
  private readonly pings = new Set<string>()

  constructor(
    readonly id: string,
    readonly roomId: string,
    private readonly ws: WebSocket,
    private readonly options: MemberSocketOptions,
  ) {
    this.sender = new DelayedSender(options.testDelay)
    this.frames = options.raw
      ? new TextFrameWriter(
          options.raw,
          () => ws.readyState === ws.OPEN,
          () => this.checkBuffered(),
        )
      : undefined
    ws.on('message', (data, isBinary) => this.receive(data, isBinary))
    ws.on('pong', (data) => this.pong(data))
    ws.on('error', () => undefined) // a broken connection also closes; 'close' handles it
    ws.on('close', (code) => this.closed(code))
  }

  sendText(text: string): void {
    if (text.startsWith('{"t":"welcome"')) {
      this.isWelcomed = true
      clearTimeout(this.joinTimer)
    }
    const trace = this.options.testDelay?.trace
    if (trace) {
      trace.record('queued', this.id, text)
      this.sender.push(() => {
        trace.record('written', this.id, text)
        this.write(text)
      })
      return
    }
    if (this.sender.isImmediate) return this.write(text)
    this.sender.push(() => this.write(text))
  }

  sendBinary(bytes: Uint8Array): void {
    this.sender.push(() => this.write(bytes))
  }

  private write(data: string | Uint8Array): void {
    if (this.ws.readyState !== this.ws.OPEN) return
    if (this.frames && typeof data === 'string') return this.frames.push(data)
    // ws writes this one itself: what waits to be written goes first.
    this.frames?.flush()
    this.ws.send(data)
    this.checkBuffered()
  }

  /** A browser that stops reading must not make the server hold its messages without end. */
  private checkBuffered(): void {
    if (this.ws.bufferedAmount > 2 * this.options.maxRomBytes + 1_000_000) this.ws.terminate()
  }

  /** Closes with `code` and a reason for the person (after whatever is queued before it). */
  close(code: number, reason: string): void {
    if (this.isClosing) return
    this.isClosing = true
    this.sender.push(() => {
      this.frames?.flush()
      this.ws.close(code, shortReason(reason))
    })
  }

  /** A WebSocket ping with payload `n` for the room's home (after whatever is queued before it). */
  ping(n: number): void {
    const payload = String(n)
    this.pings.add(payload)
    if (this.pings.size > 8) this.pings.delete(this.pings.values().next().value!)
    this.sender.push(() => {
      if (this.ws.readyState !== this.ws.OPEN) return
      this.frames?.flush()
      this.ws.ping(payload)
    })
  }

  private pong(data: Buffer): void {
    this.isAlive = true
    const payload = data.toString('latin1')
    // A pong the home did not ask for (the heartbeat's, or one the browser made up) is not timed.
    if (!this.pings.delete(payload) || this.isClosing) return
    this.options.toHome({ k: 'pong', room: this.roomId, member: this.id, n: Number(payload) })
  }

  /** Heartbeat: a socket that did not answer the previous ping is dropped. */
  heartbeat(): void {
    if (!this.isAlive) {
      this.ws.terminate()
      return
    }
    this.isAlive = false
    if (this.ws.readyState !== this.ws.OPEN) return
    this.frames?.flush()
    this.ws.ping()
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.isClosing) return
    if (!this.withinRate()) {
      return this.refuse(
        NETPLAY_CLOSE.flood,
        `More than ${NETPLAY_MAX_MESSAGES_PER_SECOND} messages in a second: this connection was closed.`,
      )
    }
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data)
    if (isBinary) return this.receiveBinary(bytes)
    if (bytes.length > NETPLAY_MAX_TEXT_BYTES) {
      return this.refuse(NETPLAY_CLOSE.tooLarge, 'That message is too large for a room.')
    }
    const text = bytes.toString('utf8')
    this.options.testDelay?.trace?.record('in', this.id, text)
    const input = readInputFast(text)
    if (input) return this.receiveMessage(input)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return this.refuse(NETPLAY_CLOSE.badMessage, 'That message is not JSON.')
    }
    const parsed = clientMessageSchema.safeParse(json)
    if (!parsed.success) {
      const other = otherVersion(json)
      return this.refuse(
        NETPLAY_CLOSE.badMessage,
        other === undefined
          ? 'That is not a message a room understands.'
          : other < NETPLAY_PROTOCOL_VERSION
            ? 'This page is older than the server: reload the page to play online.'
            : 'The server is older than this page (it is being updated): try again in a minute.',
      )
    }
    this.receiveMessage(parsed.data)
  }

  private receiveMessage(msg: ClientMessage): void {
    if (msg.t === 'hello') {
      if (this.hasSaidHello) {
        return this.refuse(NETPLAY_CLOSE.badMessage, 'The room was already greeted.')
      }
      this.hasSaidHello = true
      this.joinTimer = setTimeout(() => {
        if (!this.isWelcomed) {
          this.close(NETPLAY_CLOSE.notFound, 'The room did not answer: it may have ended.')
        }
      }, this.options.joinTimeoutMs)
      return this.options.toHome({ k: 'join', room: this.roomId, member: this.id, hello: msg })
    }
    if (!this.hasSaidHello) return this.refuse(NETPLAY_CLOSE.badMessage, 'Say hello first.')
    if (msg.t === 'leave') this.hasLeft = true
    this.options.toHome({ k: 'msg', room: this.roomId, member: this.id, msg })
  }

  private receiveBinary(bytes: Buffer): void {
    if (!this.hasSaidHello) return this.refuse(NETPLAY_CLOSE.badMessage, 'Say hello first.')
    const bulk = decodeBulk(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    if (!bulk)
      return this.refuse(NETPLAY_CLOSE.badMessage, 'That binary message has no known kind.')
    const limit =
      bulk.kind === NETPLAY_BULK_KIND.rom ? this.options.maxRomBytes : NETPLAY_MAX_STATE_BYTES
    if (bytes.length - NETPLAY_BULK_HEADER_BYTES > limit) {
      const what = bulk.kind === NETPLAY_BULK_KIND.rom ? 'cartridge' : 'state'
      return this.refuse(
        NETPLAY_CLOSE.tooLarge,
        `That ${what} is larger than this server takes (${limit} bytes).`,
      )
    }
    // The receive buffer is ws's: keep a copy of our own.
    this.options.toHome({
      k: 'bulk',
      room: this.roomId,
      member: this.id,
      bulk: { ...bulk, bytes: new Uint8Array(bulk.bytes) },
    })
  }

  private withinRate(): boolean {
    const now = performance.now()
    const refill = ((now - this.lastRefill) * NETPLAY_MAX_MESSAGES_PER_SECOND) / 1000
    this.tokens = Math.min(NETPLAY_MAX_MESSAGES_PER_SECOND, this.tokens + refill)
    this.lastRefill = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  /** Closes at once (no test delay: the browser did wrong, nothing queued matters any more). */
  private refuse(code: number, reason: string): void {
    this.isClosing = true
    this.sender.clear()
    if (this.ws.readyState !== this.ws.OPEN) return
    this.frames?.flush()
    this.ws.close(code, shortReason(reason))
  }

  private closed(code: number): void {
    clearTimeout(this.joinTimer)
    this.sender.clear()
    this.frames?.drop()
    // 1000 (the page closed the socket) and 1001 (the page went away) are a player leaving.
    const clean = this.hasLeft || code === 1000 || code === 1001
    if (this.hasSaidHello) {
      this.options.toHome({ k: 'gone', room: this.roomId, member: this.id, clean })
    }
    this.options.onClosed(this)
  }
}
