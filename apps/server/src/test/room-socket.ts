// Test helper: a room WebSocket client (the `ws` package) that records what the server sends, with waits
// for a message or the close, and a listening app to point it at.
import WebSocket from 'ws'
import type { ClientOptions } from 'ws'
import type { FastifyInstance } from 'fastify'
import { decodeBulk, serverMessageSchema } from '@nes-studio/shared/netplay-api'
import type {
  ClientMessage,
  CreateRoomResponse,
  NetplayBulk,
  ServerMessage,
} from '@nes-studio/shared/netplay-api'
import { encodeBulk } from '@nes-studio/shared/netplay-constants'
import { heldFrames } from './held-frames'

export class RoomSocket {
  readonly messages: ServerMessage[] = []
  readonly bulks: NetplayBulk[] = []
  closed: { code: number; reason: string } | undefined
  readonly opened: Promise<void>
  private readonly waiters = new Set<() => void>()
  /** The input this socket sent, by frame. */
  private readonly sentInput = new Map<number, number>()

  constructor(
    readonly ws: WebSocket,
    readonly name = 'socket',
  ) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      )
    })
    this.opened.catch(() => undefined)
    ws.on('message', (data, isBinary) => {
      const bytes = data as Buffer
      if (isBinary) {
        const bulk = decodeBulk(new Uint8Array(bytes))
        if (bulk) this.bulks.push({ ...bulk, bytes: new Uint8Array(bulk.bytes) })
      } else {
        this.messages.push(serverMessageSchema.parse(JSON.parse(bytes.toString('utf8'))))
      }
      this.wake()
    })
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString('utf8') }
      this.wake()
    })
    ws.on('error', () => undefined)
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter()
  }

  send(msg: ClientMessage | Record<string, unknown>): void {
    if (msg.t === 'input' && typeof msg.f === 'number' && Array.isArray(msg.p)) {
      msg.p.forEach((p: unknown, i) => this.sentInput.set((msg.f as number) + i, Number(p)))
    }
    this.ws.send(JSON.stringify(msg))
  }

  /** The confirmed frames this socket's browser holds as player `pad`, in order (held-frames.ts). */
  held(pad: 1 | 2): [number, number][] {
    return [...heldFrames(this.messages, this.sentInput, pad).values()]
  }

  sendBulk(bulk: NetplayBulk): void {
    this.ws.send(encodeBulk(bulk))
  }

  of<T extends ServerMessage['t']>(t: T): Extract<ServerMessage, { t: T }>[] {
    return this.messages.filter((m): m is Extract<ServerMessage, { t: T }> => m.t === t)
  }

  /** Waits until `check` returns something (checked on every message), up to `timeoutMs`. */
  until<T>(check: () => T | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        const found = check()
        if (found === undefined || found === false) return false
        this.waiters.delete(attempt)
        clearTimeout(timer)
        resolve(found)
        return true
      }
      const timer = setTimeout(() => {
        this.waiters.delete(attempt)
        reject(new Error(`${this.name}: no ${what} within ${timeoutMs} ms`))
      }, timeoutMs)
      if (!attempt()) this.waiters.add(() => void attempt())
    })
  }

  next<T extends ServerMessage['t']>(t: T, timeoutMs?: number) {
    const seen = this.of(t).length
    return this.until(() => this.of(t)[seen], `"${t}" message`, timeoutMs)
  }

  first<T extends ServerMessage['t']>(t: T, timeoutMs?: number) {
    return this.until(() => this.of(t)[0], `"${t}" message`, timeoutMs)
  }

  closedWith(timeoutMs?: number) {
    return this.until(() => this.closed, 'close', timeoutMs)
  }

  close(code = 1000): void {
    this.ws.close(code)
  }
}

export interface ListeningApp {
  app: FastifyInstance
  /** http://127.0.0.1:<port> */
  baseUrl: string
  /** Opens a room socket as the page at `baseUrl` would (same Origin). */
  socket(roomId: string, options?: ClientOptions & { name?: string }): RoomSocket
  /** Opens a room through POST /api/netplay/rooms. */
  openRoom(game?: unknown, headers?: Record<string, string>): Promise<CreateRoomResponse>
}

export async function listen(app: FastifyInstance): Promise<ListeningApp> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    app,
    baseUrl,
    socket(roomId, options = {}) {
      const url = `ws://127.0.0.1:${port}/api/netplay/rooms/${encodeURIComponent(roomId)}/socket`
      const { name, ...rest } = options
      return new RoomSocket(new WebSocket(url, { origin: baseUrl, ...rest }), name)
    },
    async openRoom(game = { kind: 'library', romId: 'missing' }, headers = {}) {
      const res = await fetch(`${baseUrl}/api/netplay/rooms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, ...headers },
        body: JSON.stringify({ game }),
      })
      const body = (await res.json()) as CreateRoomResponse & { error?: { message: string } }
      if (res.status !== 201) throw Object.assign(new Error(body.error?.message), { res, body })
      return body
    },
  }
}
