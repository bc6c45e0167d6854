// Test helper: HTTP over a plain socket, for what fetch and inject cannot do (broken framing,
// endless bodies, aborts, slow clients).
import net from 'node:net'
import { Writable } from 'node:stream'

export interface RawExchange {
  /** Everything the server sent, latin1. */
  response: string
  /** Body bytes written before the server answered and closed (or the cap was reached). */
  sent: number
  /** Milliseconds from connect to close. */
  ms: number
}

/** Sends `head` and then `body`, and resolves when the server closes the connection. */
export function rawRequest(port: number, head: string, body = '', timeoutMs = 20_000) {
  return streamRequest(port, head, Buffer.from(body, 'latin1'), 0, timeoutMs)
}

/**
 * Sends `head` and `first`, then keeps sending chunked 64 KiB frames (when `head` asks for chunked
 * encoding) or raw 64 KiB blocks until the server closes or `wouldSend` bytes went out.
 */
export function streamRequest(
  port: number,
  head: string,
  first: Buffer,
  wouldSend: number,
  timeoutMs = 20_000,
): Promise<RawExchange> {
  const chunked = /transfer-encoding:\s*chunked/i.test(head)
  const frame = (data: Buffer) =>
    chunked
      ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
      : data
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    const block = Buffer.alloc(64 * 1024, 0x41)
    let response = ''
    let sent = 0
    let closed = false
    const pump = () => {
      while (!closed && sent < wouldSend) {
        sent += block.length
        if (!socket.write(frame(block))) return socket.once('drain', pump)
      }
    }
    socket.on('data', (d) => (response += d.toString('latin1')))
    socket.on('error', () => undefined) // EPIPE / ECONNRESET once the server hangs up
    socket.on('close', () => {
      closed = true
      clearTimeout(timer)
      resolve({ response, sent, ms: Date.now() - started })
    })
    socket.on('connect', () => {
      socket.write(head)
      if (first.length > 0) socket.write(frame(first))
      pump()
    })
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no close within ${timeoutMs} ms; got:\n${response}`))
    }, timeoutMs)
  })
}

/** A pino destination that keeps the parsed log lines. */
export function logCapture(): { stream: Writable; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  return { stream, lines }
}
