import { afterEach, expect, it } from 'vitest'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { UNLOCK_COOKIE } from './library-token'

const TOKEN = 'correct-horse-battery-staple'
let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const upload = (headers: Record<string, string> = {}) => {
  const form = uploadForm(buildRom())
  return t!.app.inject({
    method: 'POST',
    url: '/api/roms',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  })
}

it('with LIBRARY_TOKEN, writes need the token; reads stay open', async () => {
  t = await createTestApp({ libraryToken: TOKEN })
  const refused = await upload()
  expect(refused.statusCode).toBe(401)
  expect(refused.json().error.code).toBe('TokenRequired')
  expect(refused.json().error.message).toContain('LIBRARY_TOKEN')
  expect((await upload({ authorization: 'Bearer wrong-token-123' })).statusCode).toBe(401)
  const id = '00000000-0000-4000-8000-000000000000'
  expect((await t.app.inject({ method: 'DELETE', url: `/api/roms/${id}` })).statusCode).toBe(401)
  expect((await t.app.inject({ method: 'PUT', url: `/api/roms/${id}/save` })).statusCode).toBe(401)

  const stored = await upload({ authorization: `Bearer ${TOKEN}` })
  expect(stored.statusCode).toBe(201)
  expect((await t.app.inject({ url: '/api/roms' })).json().roms).toHaveLength(1)
  const rom = stored.json().rom as { id: string }
  expect((await t.app.inject({ url: `/api/roms/${rom.id}` })).statusCode).toBe(200)
})

it('POST /api/unlock sets an HttpOnly session cookie that unlocks writes, DELETE locks again', async () => {
  t = await createTestApp({ libraryToken: TOKEN })
  expect((await t.app.inject({ url: '/api/unlock' })).json()).toEqual({
    required: true,
    unlocked: false,
  })
  const wrong = await t.app.inject({
    method: 'POST',
    url: '/api/unlock',
    payload: { token: 'nope' },
  })
  expect(wrong.statusCode).toBe(401)
  expect(wrong.headers['set-cookie']).toBeUndefined()

  const ok = await t.app.inject({ method: 'POST', url: '/api/unlock', payload: { token: TOKEN } })
  expect(ok.statusCode).toBe(204)
  const setCookie = String(ok.headers['set-cookie'])
  expect(setCookie).toMatch(
    new RegExp(`^${UNLOCK_COOKIE}=[\\w-]+; Path=/api; HttpOnly; SameSite=Strict$`),
  )
  expect(setCookie).not.toContain(TOKEN)
  const cookie = setCookie.split(';')[0] ?? ''
  expect((await t.app.inject({ url: '/api/unlock', headers: { cookie } })).json().unlocked).toBe(
    true,
  )
  expect((await upload({ cookie: `other=1; ${cookie}` })).statusCode).toBe(201)

  const lock = await t.app.inject({ method: 'DELETE', url: '/api/unlock', headers: { cookie } })
  expect(String(lock.headers['set-cookie'])).toContain('Max-Age=0')
})

it('without LIBRARY_TOKEN nothing changes', async () => {
  t = await createTestApp()
  expect((await upload()).statusCode).toBe(201)
  expect((await t.app.inject({ url: '/api/unlock' })).json()).toEqual({
    required: false,
    unlocked: true,
  })
})

it('a percent-encoded path is checked as the route it runs (/%61pi/roms is /api/roms)', async () => {
  t = await createTestApp({ libraryToken: TOKEN })
  const stored = await upload({ authorization: `Bearer ${TOKEN}` })
  const rom = stored.json().rom as { id: string }
  const form = uploadForm(buildRom({ prgBanks: 2 }))
  const encodedUpload = await t.app.inject({
    method: 'POST',
    url: '/%61pi/roms',
    payload: form.payload,
    headers: form.headers,
  })
  expect(encodedUpload.statusCode).toBe(401)
  for (const url of [`/%61pi/roms/${rom.id}`, `/api/%72oms/${rom.id}`]) {
    const res = await t.app.inject({ method: 'DELETE', url })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('TokenRequired')
  }
  const save = await t.app.inject({
    method: 'PUT',
    url: `/%61pi/roms/${rom.id}/save`,
    headers: { 'content-type': 'application/octet-stream' },
    payload: Buffer.alloc(8192, 1),
  })
  expect(save.statusCode).toBe(401)
  // nothing was written: still one ROM, no save
  expect((await t.app.inject({ url: '/api/roms' })).json().roms).toHaveLength(1)
  expect((await t.app.inject({ url: `/api/roms/${rom.id}/save` })).statusCode).toBe(404)
})

it('takes the bearer scheme in any case (RFC 9110)', async () => {
  t = await createTestApp({ libraryToken: TOKEN })
  expect((await upload({ authorization: `bearer ${TOKEN}` })).statusCode).toBe(201)
  expect((await upload({ authorization: `BEARER   ${TOKEN}` })).statusCode).toBe(409)
  expect((await upload({ authorization: `Basic ${TOKEN}` })).statusCode).toBe(401)
})

it('slows down wrong tokens per client: 300 guesses in a burst get 429 after the first few', async () => {
  let now = Date.parse('2026-01-01T00:00:00Z')
  t = await createTestApp({ libraryToken: TOKEN, unlockAttempts: { now: () => now } })
  const attacker = '198.51.100.7'
  const attempt = (token: string, remoteAddress = attacker) =>
    t!.app.inject({ method: 'POST', url: '/api/unlock', payload: { token }, remoteAddress })
  const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => attempt(`wrong-${i}-x`)))
  const refused = answers.filter((a) => a.statusCode === 429)
  expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(6)
  expect(refused.length).toBeGreaterThanOrEqual(294)
  expect(refused[0]?.json().error.code).toBe('TooManyAttempts')
  expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThanOrEqual(1)

  // While it waits, the client's tokens are not even checked, the right one included, nor its
  // guesses sent as a bearer token with a write.
  expect((await attempt(TOKEN)).statusCode).toBe(429)
  const bearer = await t.app.inject({
    method: 'DELETE',
    url: '/api/roms/00000000-0000-4000-8000-000000000000',
    headers: { authorization: 'Bearer another-guess-123' },
    remoteAddress: attacker,
  })
  expect(bearer.statusCode).toBe(429)
  // Another client is not slowed down.
  expect((await attempt(TOKEN, '203.0.113.20')).statusCode).toBe(204)
  // Once the wait is over, the right token works again.
  now += 60 * 60 * 1000
  expect((await attempt(TOKEN)).statusCode).toBe(204)
})

it('marks the unlock cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
  t = await createTestApp({ libraryToken: TOKEN, trustedProxies: ['127.0.0.1'] })
  const unlockVia = async (remoteAddress: string, proto: string) => {
    const res = await t!.app.inject({
      method: 'POST',
      url: '/api/unlock',
      payload: { token: TOKEN },
      headers: { 'x-forwarded-proto': proto },
      remoteAddress,
    })
    expect(res.statusCode).toBe(204)
    return String(res.headers['set-cookie'])
  }
  expect(await unlockVia('127.0.0.1', 'https')).toMatch(/; Secure(;|$)/)
  expect(await unlockVia('127.0.0.1', 'http')).not.toContain('Secure')
  // Anyone else can write X-Forwarded-Proto: it means nothing from them.
  expect(await unlockVia('203.0.113.5', 'https')).not.toContain('Secure')
})
