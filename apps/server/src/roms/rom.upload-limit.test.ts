// Over a real socket: an oversized upload gets 413 and the server stops reading instead of draining it.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

const CAP = 64 * 1024
const WOULD_SEND = 256 * 1024 * 1024 // far more than any socket buffer could swallow

let t: TestApp
let port: number
beforeEach(async () => {
  t = await createTestApp({ maxRomBytes: CAP })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterEach(async () => {
  await t.close()
})

/** Streams a chunked multipart upload until the server answers and closes, or WOULD_SEND is reached. */
function streamUpload(): Promise<{ response: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const boundary = 'capTestBoundary'
    let response = ''
    let sent = 0
    let closed = false
    const chunk = Buffer.alloc(64 * 1024, 0x41)
    const frame = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')])
    const pump = () => {
      while (!closed && sent < WOULD_SEND) {
        sent += chunk.length
        if (!socket.write(frame(chunk))) return socket.once('drain', pump)
      }
    }
    socket.on('data', (d) => (response += d.toString('latin1')))
    socket.on('error', () => undefined) // EPIPE / ECONNRESET once the server hangs up
    socket.on('close', () => {
      closed = true
      resolve({ response, sent })
    })
    socket.on('connect', () => {
      socket.write(
        'POST /api/roms HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n' +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n\r\n`,
      )
      socket.write(
        frame(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="romFile"; filename="big.nes"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\nNES\x1a',
          ),
        ),
      )
      pump()
    })
    setTimeout(() => reject(new Error('no answer')), 25_000).unref()
  })
}

it('answers 413 and closes the connection long before the body ends', async () => {
  const { response, sent } = await streamUpload()
  expect(response.startsWith('HTTP/1.1 413')).toBe(true)
  expect(response.toLowerCase()).toContain('connection: close')
  expect(response).toContain('"RomTooLarge"')
  expect(sent).toBeLessThan(WOULD_SEND)
})
