// A 400 says what is wrong with the request in our own words: the parsers' messages ("Cannot read
// properties of undefined", "The needle cannot have a length bigger than 256.") never reach a client.
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

let t: TestApp
let origin: string
beforeEach(async () => {
  t = await createTestApp()
  // A real socket: a form cut short ends with the request there, which inject does not copy.
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterEach(async () => {
  await t.close()
})

/** Words of Node, Fastify, busboy and @fastify/multipart that must not be quoted to a client. */
const FOREIGN =
  /needle|Cannot read|undefined|Unexpected token|is set to|Multipart:|terminated early|reach .* limit|prototype property|JSON at position/i

async function post(url: string, contentType: string, body: string) {
  const res = await fetch(origin + url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  })
  const json = (await res.json()) as { error: { code: string; message: string } }
  return { statusCode: res.status, json: () => json }
}

function part(boundary: string, headers: string, body: string): string {
  return `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`
}

async function romId(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/roms', ...uploadForm(buildRom()) })
  return (res.json().rom as { id: string }).id
}

it("answers a romFile sent as a text part (curl -F 'romFile=<f;type=…') with what to send instead", async () => {
  const b = 'curlBoundary'
  const body =
    part(
      b,
      'Content-Disposition: form-data; name="romFile"\r\nContent-Type: application/octet-stream',
      'NES\x1a',
    ) + `--${b}--\r\n`
  const res = await post('/api/roms', `multipart/form-data; boundary=${b}`, body)
  expect(res.statusCode).toBe(400)
  expect(res.json().error.code).toBe('NoFile')
  expect(res.json().error.message).toContain('"romFile" came without a file name')
  expect(res.json().error.message).not.toMatch(FOREIGN)
})

it('answers a 300-character boundary with the limit RFC 2046 sets, for ROMs and save states', async () => {
  const b = 'x'.repeat(300)
  const body = part(b, 'Content-Disposition: form-data; name="title"', 'T') + `--${b}--\r\n`
  const rom = await post('/api/roms', `multipart/form-data; boundary=${b}`, body)
  expect(rom.statusCode).toBe(400)
  expect(rom.json().error).toEqual({
    code: 'BadRequest',
    message: expect.stringContaining(
      'The upload is not valid multipart/form-data: its boundary has 300 characters, but at most 70',
    ),
  })
  const state = await post(
    `/api/roms/${await romId()}/states`,
    `multipart/form-data; boundary=${b}`,
    body,
  )
  expect(state.statusCode).toBe(400)
  expect(state.json().error.code).toBe('InvalidState')
  expect(state.json().error.message).toContain('its boundary has 300 characters')
  expect(state.json().error.message).not.toMatch(FOREIGN)
})

it.each([
  ['no boundary', 'multipart/form-data', 'x', 'no boundary parameter'],
  ['an empty boundary', 'multipart/form-data; boundary=""', 'x', 'boundary is empty'],
  [
    'a body cut before its end',
    'multipart/form-data; boundary=b',
    part('b', 'Content-Disposition: form-data; name="romFile"; filename="a.nes"', 'NES'),
    'ends',
  ],
  [
    'a part named __proto__',
    'multipart/form-data; boundary=b',
    part('b', 'Content-Disposition: form-data; name="__proto__"', 'x') + '--b--\r\n',
    '__proto__',
  ],
  [
    'a JSON part that is not JSON',
    'multipart/form-data; boundary=b',
    part(
      'b',
      'Content-Disposition: form-data; name="title"\r\nContent-Type: application/json',
      '{',
    ) + '--b--\r\n',
    'application/json',
  ],
])('answers a ROM form with %s in our words', async (_case, type, body, expected) => {
  const res = await post('/api/roms', type, body)
  expect(res.statusCode).toBe(400)
  expect(res.json().error.message).toContain(expected)
  expect(res.json().error.message).not.toMatch(FOREIGN)
})

it.each([
  ['invalid JSON', '{"token": ', 'not valid JSON'],
  ['an empty JSON body', '', 'empty'],
])('answers %s sent to /api/unlock in our words', async (_case, body, expected) => {
  const res = await post('/api/unlock', 'application/json', body)
  expect(res.statusCode).toBe(400)
  expect(res.json().error.message).toContain(expected)
  expect(res.json().error.message).not.toMatch(FOREIGN)
})
