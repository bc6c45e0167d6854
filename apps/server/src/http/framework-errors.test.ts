// Errors answered before any route runs keep the API's error shape and the security headers.
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { apiErrorBodySchema } from '@nes-studio/shared'
import { rawRequest } from '../test/raw-http'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { SECURITY_HEADERS } from './security'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

function expectShaped(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status)
  expect(apiErrorBodySchema.parse(res.json()).error.code).toBe(code)
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(res.headers[name], name).toBe(value)
  }
}

async function rawGet(path: string) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (t.app.server.address() as AddressInfo).port
  const { response } = await rawRequest(
    port,
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
  )
  const [head = '', body = ''] = response.split('\r\n\r\n')
  const headers = Object.fromEntries(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 2),
      ]),
  )
  return { statusCode: Number(head.slice(9, 12)), headers, json: () => JSON.parse(body) as unknown }
}

it('answers odd API paths with a shaped 404 instead of a bare 403', async () => {
  for (const path of ['/api//roms', '/api/%2e%2e/roms', `/api/roms/${'a'.repeat(5000)}`]) {
    expectShaped(await rawGet(path), 404, 'NotFound')
  }
})

it('answers an undecodable URL with a shaped 400', async () => {
  expectShaped(await rawGet('/api/roms/%E0%A4%A'), 400, 'BadRequest')
})

it('answers invalid JSON sent to the upload with 415, as any body that is not a form', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/roms',
    headers: { 'content-type': 'application/json' },
    payload: '{bad',
  })
  expectShaped(res, 415, 'UnsupportedMediaType')
})

it('answers broken HTTP framing in the API shape with security headers', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (t.app.server.address() as AddressInfo).port
  // One write: a broken chunk size right behind the headers.
  const { response } = await rawRequest(
    port,
    'POST /api/roms HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n' +
      'Content-Type: multipart/form-data; boundary=x\r\n\r\nzz\r\n',
  )
  expect(response.slice(0, 26)).toBe('HTTP/1.1 400 Bad Request\r\n')
  const [head = '', body = ''] = response.split('\r\n\r\n')
  expect(apiErrorBodySchema.parse(JSON.parse(body)).error.code).toBe('BadRequest')
  expect(head.toLowerCase()).toContain('connection: close')
  expect(head).toContain(`content-security-policy: ${SECURITY_HEADERS['content-security-policy']}`)
})

it('answers bodies sent to JSON routes with errors that name the route, not ROM uploads', async () => {
  const form = await t.app.inject({
    method: 'POST',
    url: '/api/unlock',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'token=x',
  })
  expectShaped(form, 415, 'UnsupportedMediaType')
  const message = (form.json() as { error: { message: string } }).error.message
  expect(message).toContain('POST /api/unlock takes a JSON body or none')
  expect(message).not.toContain('ROM')
  const big = await t.app.inject({
    method: 'POST',
    url: '/api/unlock',
    headers: { 'content-type': 'application/json' },
    payload: `{"token": "${' '.repeat(2 * 1024 * 1024)}"}`,
  })
  expectShaped(big, 413, 'BodyTooLarge')
  expect((big.json() as { error: { message: string } }).error.message).toBe(
    'The request body is too large for POST /api/unlock.',
  )
})
