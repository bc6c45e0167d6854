// Over a real socket: request lines and headers RFC 9112 says a server must refuse get an answer in the
// API's shape, and the connection is closed (nothing behind such a request can be trusted).
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { apiErrorBodySchema } from '@nes-studio/shared'
import { rawRequest } from '../test/raw-http'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { SECURITY_HEADERS } from './security'

let t: TestApp
let port: number
beforeEach(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterEach(async () => {
  await t.close()
})

async function exchange(head: string) {
  const { response } = await rawRequest(port, head, '', 5000)
  const [statusLine = '', ...rest] = response.slice(0, response.indexOf('\r\n\r\n')).split('\r\n')
  const headers = Object.fromEntries(
    rest.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 2),
    ]),
  )
  const body = response.slice(response.indexOf('\r\n\r\n') + 4)
  return { response, statusLine, headers, error: apiErrorBodySchema.parse(JSON.parse(body)).error }
}

it.each([
  ['two Host headers naming different hosts', 'Host: 127.0.0.1\r\nHost: evil.example'],
  ['the same Host twice', 'Host: 127.0.0.1\r\nhost: 127.0.0.1'],
])('answers a request with %s 400 BadRequest (RFC 9112 3.2)', async (_case, hosts) => {
  const res = await exchange(`GET /api/roms HTTP/1.1\r\n${hosts}\r\n\r\n`)
  expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request')
  expect(res.error).toEqual({ code: 'BadRequest', message: expect.stringContaining('Host') })
  expect(res.headers.connection).toBe('close')
  expect(res.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy'])
})

it('answers CONNECT 405 MethodNotAllowed instead of hanging up without a word', async () => {
  const res = await exchange('CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n')
  expect(res.statusLine).toBe('HTTP/1.1 405 Method Not Allowed')
  expect(res.error.code).toBe('MethodNotAllowed')
  expect(res.error.message).toContain('CONNECT')
  expect(res.headers.allow).toBe('')
  expect(res.headers.connection).toBe('close')
})

it('answers a request line without an HTTP version (HTTP/0.9 style) 400, not 200', async () => {
  const res = await exchange('GET /api/roms\r\n\r\n')
  expect(res.statusLine).toBe('HTTP/1.1 400 Bad Request')
  expect(res.error).toEqual({
    code: 'BadRequest',
    message: expect.stringContaining('HTTP version'),
  })
})

it('answers HTTP/2.0 in an HTTP/1 request line 505', async () => {
  const res = await exchange('GET /api/roms HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n')
  expect(res.statusLine).toBe('HTTP/1.1 505 HTTP Version Not Supported')
  expect(res.error.code).toBe('BadRequest')
})

it('still serves HTTP/1.0 without a Host header, and one Host', async () => {
  const old = await rawRequest(port, 'GET /api/roms HTTP/1.0\r\n\r\n')
  expect(old.response).toMatch(/^HTTP\/1\.1 200 /)
  const one = await rawRequest(
    port,
    'GET /api/roms HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
  )
  expect(one.response).toMatch(/^HTTP\/1\.1 200 /)
})
