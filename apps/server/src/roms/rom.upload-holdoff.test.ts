// Slow uploads must not hold everyone else's off (issue 24 defect 8): one client may reserve only its
// share of the upload memory budget, and a body that stops moving is answered 408 and dropped long
// before the request timeout, giving its reservation back. Over real sockets, from two loopback
// addresses (127.0.0.1 and 127.0.0.2 are two clients).
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

const CAP = 64 * 1024

let t: TestApp | undefined
let port = 0
const sockets: net.Socket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  await t?.close()
  t = undefined
})

/** The default budget (8 uploads at the cap), and a stall window of `stallMs`. */
async function start(stallMs = 60_000): Promise<void> {
  t = await createTestApp({ maxRomBytes: CAP, timeouts: { uploadStallMs: stallMs } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
}

/**
 * An upload from `localAddress` declaring a body at the cap (as the outside test did: 8 of them fill
 * the default budget exactly) that sends its first bytes, then `drip` one byte every 100 ms
 * (nothing when empty); `answer` is what the server wrote back once it closed the connection.
 */
function slowUpload(
  drip = '',
  localAddress = '127.0.0.1',
): { opened: Promise<void>; answer: Promise<string> } {
  let response = ''
  const socket = net.connect({ port, host: '127.0.0.1', localAddress })
  sockets.push(socket)
  let i = 0
  const timer = setInterval(() => {
    if (i < drip.length) socket.write(drip[i++] ?? '')
  }, 100)
  const opened = new Promise<void>((resolve) => {
    socket.on('connect', () => {
      socket.write(
        `POST /api/roms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${CAP}\r\n` +
          'Content-Type: multipart/form-data; boundary=b\r\n\r\n--b\r\n',
      )
      setTimeout(resolve, 100)
    })
  })
  socket.on('data', (d) => (response += d.toString('latin1')))
  socket.on('error', () => undefined)
  const answer = new Promise<string>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer)
      resolve(response)
    }),
  )
  return { opened, answer }
}

/** A whole upload of a small ROM from `localAddress`; resolves with the status. */
function upload(localAddress: string, seed: number): Promise<number> {
  const form = uploadForm(buildRom({ seed }))
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        port,
        host: '127.0.0.1',
        localAddress,
        method: 'POST',
        path: '/api/roms',
        headers: form.headers,
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    request.on('error', reject)
    request.end(form.payload)
  })
}

it('keeps taking other clients’ uploads while one client holds 8 slow uploads open', async () => {
  await start()
  const held = Array.from({ length: 8 }, () => slowUpload())
  await Promise.all(held.map((h) => h.opened))
  // Before: the 8 reserved the whole budget and this was 503 ServerBusy until the request timeout.
  expect(await upload('127.0.0.2', 1)).toBe(201)
  expect(await upload('127.0.0.2', 2)).toBe(201)
  // The client holding them open gets only its share.
  expect(await upload('127.0.0.1', 3)).toBe(503)
})

it('answers a body that stops moving 408 long before the request timeout, and frees its share', async () => {
  await start(500)
  const started = Date.now()
  const idle = slowUpload()
  const trickle = slowUpload(
    'Content-Disposition: form-data; name="title"\r\n\r\nslow',
    '127.0.0.3',
  )
  await Promise.all([idle.opened, trickle.opened])
  for (const answer of await Promise.all([idle.answer, trickle.answer])) {
    expect(answer.slice(0, 200)).toMatch(/^HTTP\/1.1 408/)
    expect(answer).toContain('"RequestTimeout"')
  }
  // One stall window and a check, not the 60 s request timeout.
  expect(Date.now() - started).toBeLessThan(5000)
  expect(await upload('127.0.0.1', 4)).toBe(201)
})

it('drops a battery save whose body stops moving the same way', async () => {
  await start(500)
  const stored = await t!.app.inject({
    method: 'POST',
    url: '/api/roms',
    ...uploadForm(buildRom()),
  })
  const id = (stored.json() as { rom: { id: string } }).rom.id
  const answer = await new Promise<string>((resolve) => {
    let response = ''
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `PUT /api/roms/${id}/save HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 8192\r\n` +
          'Content-Type: application/octet-stream\r\n\r\nSRAM',
      ),
    )
    sockets.push(socket)
    socket.on('data', (d) => (response += d.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(response))
  })
  expect(answer.slice(0, 200)).toMatch(/^HTTP\/1.1 408/)
})
