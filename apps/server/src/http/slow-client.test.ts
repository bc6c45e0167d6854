// Over a real socket: a client that sends its headers or its body at 1 byte/s is answered 408 in the
// API's shape and disconnected once the limits pass, instead of holding the socket.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

let t: TestApp
let port: number
beforeEach(async () => {
  t = await createTestApp({ timeouts: { headersMs: 600, requestMs: 1500, checkIntervalMs: 100 } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterEach(async () => {
  await t.close()
})

/** Writes `head` at once, then `drip` one byte every 100 ms; resolves when the server closes. */
function drip(head: string, drip: string): Promise<{ response: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    let response = ''
    let i = 0
    const timer = setInterval(() => {
      if (i < drip.length) socket.write(drip[i++] ?? '')
    }, 100)
    socket.on('connect', () => socket.write(head))
    socket.on('data', (d) => (response += d.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ response, ms: Date.now() - started })
    })
    setTimeout(() => reject(new Error(`still open after 10 s: ${response}`)), 10_000).unref()
  })
}

it('drops headers that trickle in, with a 408 RequestTimeout', async () => {
  const { response, ms } = await drip(
    'GET /api/roms HTTP/1.1\r\n',
    'Host: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(200),
  )
  expect(response.startsWith('HTTP/1.1 408')).toBe(true)
  expect(response).toContain('"RequestTimeout"')
  expect(ms).toBeLessThan(3000)
})

it('drops a body that trickles in, with a 408 RequestTimeout', async () => {
  const { response, ms } = await drip(
    'POST /api/roms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
      'Content-Length: 100000\r\n\r\n',
    '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\n' + 'x'.repeat(200),
  )
  expect(response.startsWith('HTTP/1.1 408')).toBe(true)
  expect(response).toContain('"RequestTimeout"')
  expect(ms).toBeLessThan(4000)
})
