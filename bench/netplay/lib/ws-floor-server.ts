// The floor of the relay's cost (bench/netplay/ws-floor.ts): a bare WebSocket relay with the server's `ws`
// (same version, same server options as @fastify/websocket's: noServer, handleUpgrade from an HTTP
// server's upgrade event, maxPayload) and nothing else: no fastify routes, no rooms, no checks. Sockets
// are paired by path (/floor/<pair>); each message one sends is written verbatim to its partner. With
// --cork (the default) the partner's TCP socket is corked until the end of the event-loop turn, as the real
// server did up to stop 35 (its write-batch.ts; it now writes ready-made frames, text-frame-writer.ts): the
// writes of a turn go out in one system call.
// --skip-utf8: ws's skipUTF8Validation (what ws's own check of text costs).
// Run by ws-floor.ts: node --import tsx bench/netplay/lib/ws-floor-server.ts --port P [--no-cork] [--skip-utf8]
import { createServer } from 'node:http'
import type { Socket } from 'node:net'
import { parseArgs } from 'node:util'
import { WebSocketServer } from 'ws'
import type { RawData, WebSocket } from 'ws'
import { NETPLAY_BULK_HEADER_BYTES } from '../../../packages/shared/src/netplay-constants'
import { DEFAULT_MAX_ROM_BYTES } from '../../../packages/shared/src/rom-api'

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'no-cork': { type: 'boolean', default: false },
    'skip-utf8': { type: 'boolean', default: false },
  },
})
// app.ts's maxPayload: the largest ROM, its bulk header and 1 KiB.
const maxPayload = DEFAULT_MAX_ROM_BYTES + NETPLAY_BULK_HEADER_BYTES + 1024
const cork = !values['no-cork']

interface Peer {
  ws: WebSocket
  raw: Socket
  partner?: Peer
}

const waiting = new Map<string, Peer>()
const wss = new WebSocketServer({
  noServer: true,
  maxPayload,
  skipUTF8Validation: values['skip-utf8'],
})

const corked = new Set<Socket>()

/** Corks `socket` until the end of this turn of the event loop (once per turn). */
function holdUntilTurnEnds(socket: Socket): void {
  if (socket.destroyed || corked.has(socket)) return
  socket.cork()
  if (corked.size === 0) {
    setImmediate(() => {
      for (const s of corked) if (!s.destroyed) s.uncork()
      corked.clear()
    })
  }
  corked.add(socket)
}

function relay(from: Peer, data: RawData, isBinary: boolean): void {
  const to = from.partner
  if (!to || to.ws.readyState !== to.ws.OPEN) return
  if (cork) holdUntilTurnEnds(to.raw)
  to.ws.send(data as Buffer, { binary: isBinary })
}

function pairUp(peer: Peer, pair: string): void {
  const other = waiting.get(pair)
  if (!other) {
    waiting.set(pair, peer)
    return
  }
  waiting.delete(pair)
  peer.partner = other
  other.partner = peer
  // Setup only (not per frame): both know the relay now forwards.
  for (const p of [peer, other]) p.ws.send('{"t":"paired"}')
}

const http = createServer((_req, res) => res.writeHead(404).end())
http.on('upgrade', (req, socket, head) => {
  const pair = /^\/floor\/([\w-]+)$/.exec(req.url ?? '')?.[1]
  if (!pair) return socket.destroy()
  wss.handleUpgrade(req, socket, head, (ws) => {
    const peer: Peer = { ws, raw: socket as Socket }
    ws.on('message', (data, isBinary) => relay(peer, data, isBinary))
    ws.on('error', () => undefined)
    ws.on('close', () => peer.partner?.ws.close(1000))
    pairUp(peer, pair)
  })
})
http.listen(Number(values.port), '127.0.0.1', () => process.stdout.write('listening\n'))
process.on('SIGTERM', () => process.exit(0))
