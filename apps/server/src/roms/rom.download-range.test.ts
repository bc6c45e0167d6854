// GET /api/roms/:id with Range (RFC 9110 section 14): one byte range is a 206, anything else the whole file.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { apiErrorBodySchema, romUploadResponseSchema } from '@nes-studio/shared'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

let t: TestApp
const rom = buildRom({ prgBanks: 1, chrBanks: 1 })
const size = rom.length
let url = ''
let etag = ''

beforeAll(async () => {
  t = await createTestApp()
  const res = await t.app.inject({ method: 'POST', url: '/api/roms', ...uploadForm(rom, 'g.nes') })
  url = `/api/roms/${romUploadResponseSchema.parse(res.json()).rom.id}`
  etag = String((await t.app.inject({ url })).headers.etag)
})
afterAll(async () => {
  await t.close()
})

function get(headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers })
}

it('says it takes byte ranges on the whole download', async () => {
  const res = await get({})
  expect(res.statusCode).toBe(200)
  expect(res.headers['accept-ranges']).toBe('bytes')
  expect(res.rawPayload.equals(Buffer.from(rom))).toBe(true)
})

it.each([
  ['bytes=0-15', 0, 15],
  ['bytes=16-', 16, size - 1],
  ['bytes=-16', size - 16, size - 1],
  ['bytes=100-99999999', 100, size - 1],
  [`bytes=-${size + 5}`, 0, size - 1],
  ['Bytes=5-5', 5, 5],
])('answers %s with 206 and that part', async (range, first, last) => {
  const res = await get({ range })
  expect(res.statusCode).toBe(206)
  expect(res.headers['content-range']).toBe(`bytes ${first}-${last}/${size}`)
  expect(res.headers['content-length']).toBe(String(last - first + 1))
  expect(res.headers['accept-ranges']).toBe('bytes')
  expect(res.headers.etag).toBe(etag)
  expect(res.headers['content-type']).toBe('application/octet-stream')
  expect(res.rawPayload.equals(Buffer.from(rom.subarray(first, last + 1)))).toBe(true)
})

it.each([`bytes=${size}-`, `bytes=${size}-${size + 10}`, 'bytes=-0'])(
  'answers %s with 416 RangeNotSatisfiable and the size',
  async (range) => {
    const res = await get({ range })
    expect(res.statusCode).toBe(416)
    expect(res.headers['content-range']).toBe(`bytes */${size}`)
    expect(res.headers['content-disposition']).toBeUndefined()
    expect(apiErrorBodySchema.parse(res.json()).error.code).toBe('RangeNotSatisfiable')
  },
)

it.each([
  'bytes=0-1,4-5',
  'bytes=0-1, 20000-',
  'bytes=5-2',
  'bytes=abc',
  'bytes=',
  'items=0-1',
  'bytes=0x1-2',
  'bytes=1-2-3',
  'bytes = 5-5',
])('ignores %s (several ranges or malformed) and sends the whole file', async (range) => {
  const res = await get({ range })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-range']).toBeUndefined()
  expect(res.rawPayload.equals(Buffer.from(rom))).toBe(true)
})

it('honours Range only while If-Range names the current ETag (strong comparison)', async () => {
  const fresh = await get({ range: 'bytes=0-15', 'if-range': etag })
  expect(fresh.statusCode).toBe(206)
  for (const ifRange of ['"other"', `W/${etag}`, 'Wed, 21 Oct 2015 07:28:00 GMT']) {
    const stale = await get({ range: 'bytes=0-15', 'if-range': ifRange })
    expect(stale.statusCode, ifRange).toBe(200)
    expect(stale.rawPayload.length).toBe(size)
  }
  const staleUnsatisfiable = await get({ range: `bytes=${size}-`, 'if-range': '"other"' })
  expect(staleUnsatisfiable.statusCode).toBe(200)
})

it('ignores Range on HEAD and keeps If-None-Match first', async () => {
  const head = await get({ range: 'bytes=0-15' }, 'HEAD')
  expect(head.statusCode).toBe(200)
  expect(head.headers['content-length']).toBe(String(size))
  const notModified = await get({ range: 'bytes=0-15', 'if-none-match': etag })
  expect(notModified.statusCode).toBe(304)
})
