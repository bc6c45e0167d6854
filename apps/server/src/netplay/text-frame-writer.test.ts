import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import * as wsModule from 'ws'
import WebSocket, { WebSocketServer } from 'ws'
import { TextFrameWriter, encodeTextFrames } from './text-frame-writer'

/** ws's own frame writer (exported by ws, not in its types). */
interface WsSender {
  send(data: string, options: Record<string, boolean>, cb?: () => void): void
}
type WsSenderClass = new (socket: unknown) => WsSender
const Sender = (wsModule as unknown as { Sender: WsSenderClass }).Sender

/** The bytes ws's Sender writes to its socket for `text` sent by a server. */
function wsBytes(text: string): Buffer {
  const written: Buffer[] = []
  const socket = {
    cork: () => undefined,
    uncork: () => undefined,
    write: (chunk: Buffer | string) => written.push(Buffer.from(chunk)) > 0,
  }
  new Sender(socket).send(text, { binary: false, compress: false, fin: true, mask: false })
  return Buffer.concat(written)
}

// Every header length: 0, ≤ 125, 126…65535 and over 65535 bytes; UTF-8 of 2, 3 and 4 bytes a character.
const TEXTS = [
  '',
  '{"t":"input","pad":1,"f":42,"p":[0,1,128]}',
  'x'.repeat(125),
  'x'.repeat(126),
  'é'.repeat(62) + 'x', // 125 bytes in 63 characters
  'é'.repeat(63), // 126 bytes
  '€'.repeat(21_845), // 65,535 bytes
  'x'.repeat(65_536),
  '🎮 pad 2 ✓',
]

describe('encodeTextFrames', () => {
  it('gives, for each text, the bytes ws writes for it as a server', () => {
    for (const text of TEXTS) expect(encodeTextFrames([text])).toEqual(wsBytes(text))
  })

  it('puts several texts one after the other', () => {
    expect(encodeTextFrames(TEXTS)).toEqual(Buffer.concat(TEXTS.map(wsBytes)))
  })
})

describe('TextFrameWriter on a real WebSocket', () => {
  const closers: (() => void)[] = []
  afterEach(() => {
    for (const close of closers.splice(0)) close()
  })

  /** A ws server whose first connection is handed to `onSocket`, and a ws client's messages. */
  async function connect(onSocket: (ws: WebSocket, raw: Socket) => void) {
    const wss = new WebSocketServer({ noServer: true })
    const http = createServer()
    http.on('upgrade', (req, socket, head) => {
      wss.handleUpgrade(req, socket, head, (ws) => onSocket(ws, socket as Socket))
    })
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
    const client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}/`)
    closers.push(() => {
      client.terminate()
      http.close()
    })
    const received: (string | number[])[] = []
    client.on('message', (data, isBinary) => {
      const bytes = data as Buffer
      received.push(isBinary ? [...bytes] : bytes.toString('utf8'))
    })
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      client.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
    return { received, closed }
  }

  it('delivers the texts of a turn whole and in order, before what ws writes after a flush', async () => {
    const { received, closed } = await connect((ws, raw) => {
      const writer = new TextFrameWriter(
        raw,
        () => ws.readyState === ws.OPEN,
        () => undefined,
      )
      for (const text of TEXTS) writer.push(text)
      writer.flush()
      ws.send(new Uint8Array([1, 2, 3]))
      writer.push('after the binary one')
      setImmediate(() => {
        writer.push('next turn')
        writer.flush()
        ws.close(4000, 'done')
        writer.push('after the close: never sent')
      })
    })
    expect(await closed).toEqual({ code: 4000, reason: 'done' })
    expect(received).toEqual([...TEXTS, [1, 2, 3], 'after the binary one', 'next turn'])
  })

  it('writes a turn once, after the turn, and tells its owner', async () => {
    let writes = 0
    let told = 0
    let writesInTurn = -1
    const { received, closed } = await connect((ws, raw) => {
      const write = raw.write.bind(raw) as (bytes: Uint8Array) => boolean
      const counted = { write: (bytes: Uint8Array) => (writes++, write(bytes)), destroyed: false }
      const writer = new TextFrameWriter(
        counted,
        () => true,
        () => told++,
      )
      writer.push('a')
      writer.push('b')
      writesInTurn = writes
      setImmediate(() => setImmediate(() => ws.close(1000)))
    })
    await closed
    expect(received).toEqual(['a', 'b'])
    expect([writesInTurn, writes, told]).toEqual([0, 1, 1])
  })
})
