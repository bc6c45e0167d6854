// Uploads held in memory at once are bounded: past the budget an upload gets 503 with Retry-After
// before any of its body is read, and the budget comes back when uploads end or their clients leave.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import type { NewRom } from '../storage/rom-store'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { UploadBudget } from './upload-budget'

const CAP = 64 * 1024
const PER_CHUNKED_UPLOAD = CAP + 64 * 1024 // the cap plus the room for the other parts

let t: TestApp
let port: number
const sockets: net.Socket[] = []
beforeEach(async () => {
  t = await createTestApp({ maxRomBytes: CAP, uploadMemoryBytes: 2 * PER_CHUNKED_UPLOAD })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  await t.close()
})

/** A chunked upload that sends its first bytes and then waits, holding its reservation. */
function slowUpload(): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/roms HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n' +
          'Content-Type: multipart/form-data; boundary=b\r\n\r\n5\r\n--b\r\n\r\n',
      )
      setTimeout(resolve, 100)
    })
    socket.on('error', () => undefined)
    sockets.push(socket)
  })
}

async function post() {
  return t.app.inject({ method: 'POST', url: '/api/roms', ...uploadForm(buildRom({ seed: 3 })) })
}

it('answers 503 with Retry-After past the budget, and accepts again once uploads end', async () => {
  await slowUpload()
  await slowUpload()
  const busy = await post()
  expect(busy.statusCode).toBe(503)
  expect(busy.json().error.code).toBe('ServerBusy')
  expect(busy.headers['retry-after']).toBe('2')

  for (const s of sockets.splice(0)) s.destroy()
  await new Promise((r) => setTimeout(r, 100))
  expect((await post()).statusCode).toBe(201)
})

it('reserves by Content-Length, so many small uploads fit where few large ones do', () => {
  const budget = new UploadBudget(100, 60)
  const releases = [
    budget.tryReserve(30, 'a'),
    budget.tryReserve(30, 'b'),
    budget.tryReserve(30, 'c'),
  ]
  expect(releases.every(Boolean)).toBe(true)
  expect(budget.tryReserve(30, 'd')).toBeUndefined()
  releases[0]?.()
  releases[0]?.() // twice: no double credit
  expect(budget.reservedBytes).toBe(60)
  expect(budget.tryReserve(30, 'b')).toBeDefined()
  // One upload larger than the whole budget still runs when nothing else does.
  expect(new UploadBudget(10).tryReserve(50)).toBeDefined()
})

it('lets one client hold only its share of the budget (a quarter by default)', () => {
  const budget = new UploadBudget(100)
  const first = budget.tryReserve(20, 'a')
  expect(budget.tryReserve(10, 'a')).toBeUndefined()
  expect(budget.tryReserve(25, 'b')).toBeDefined()
  first?.()
  // A client holding nothing may take one upload over its share.
  expect(budget.tryReserve(40, 'a')).toBeDefined()
})

it('keeps an upload reserved until it is stored, not only until its body is read', async () => {
  const inner = await openSqliteRomStore({ file: ':memory:' })
  let openGate: () => void = () => undefined
  const gate = new Promise<void>((resolve) => (openGate = resolve))
  let waiting = 0
  // The database is slow: inserts wait at the gate with their uploads in memory.
  const store = new Proxy(inner, {
    get(target, prop) {
      if (prop === 'insert') {
        return async (rom: NewRom) => {
          waiting++
          await gate
          return target.insert(rom)
        }
      }
      const value: unknown = Reflect.get(target, prop, target)
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
  // room for one 24.6 KB ROM's upload, not two
  const slow = await createTestApp({ store, maxRomBytes: CAP, uploadMemoryBytes: 40 * 1024 })
  try {
    // over a socket: a real request says 'close' as soon as its body is read, an injected one does not
    await slow.app.listen({ port: 0, host: '127.0.0.1' })
    const url = `http://127.0.0.1:${(slow.app.server.address() as AddressInfo).port}/api/roms`
    const send = (seed: number) => {
      const form = uploadForm(buildRom({ seed }))
      const signal = AbortSignal.timeout(10_000)
      return fetch(url, { method: 'POST', headers: form.headers, body: form.payload, signal })
    }
    const first = send(1)
    while (waiting === 0) await new Promise((r) => setTimeout(r, 5))
    const busy = await send(2)
    expect(busy.status).toBe(503)
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('ServerBusy')
    openGate()
    expect((await first).status).toBe(201)
    expect((await send(2)).status).toBe(201)
  } finally {
    await slow.close()
  }
})
