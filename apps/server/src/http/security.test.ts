import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from './security'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

// A DELETE of an unknown id: 404 when the write is allowed through, 403 when it is refused.
async function deleteStatus(headers: Record<string, string>): Promise<number> {
  const id = '00000000-0000-4000-8000-000000000000'
  const res = await t!.app.inject({ method: 'DELETE', url: `/api/roms/${id}`, headers })
  return res.statusCode
}

describe('cross-site writes', () => {
  it('refuses other sites, allows this origin, scripts and trusted origins', async () => {
    t = await createTestApp({
      trustedOrigins: ['https://proxy.example'],
      allowedHosts: ['nes.example'],
    })
    const host = { host: 'nes.example:5000' }
    expect(await deleteStatus({ ...host, origin: 'http://nes.example:5000' })).toBe(404)
    expect(await deleteStatus({ ...host, origin: 'http://nes.example:5001' })).toBe(403)
    expect(await deleteStatus({ ...host, origin: 'https://proxy.example' })).toBe(404)
    expect(await deleteStatus({ ...host, 'sec-fetch-site': 'same-origin' })).toBe(404)
    expect(await deleteStatus({ ...host, 'sec-fetch-site': 'none' })).toBe(404)
    expect(await deleteStatus({ ...host, 'sec-fetch-site': 'same-site' })).toBe(403)
    expect(await deleteStatus({ ...host, 'sec-fetch-site': 'cross-site' })).toBe(403)
    expect(await deleteStatus({ ...host, origin: 'not a url' })).toBe(403)
    expect(await deleteStatus(host)).toBe(404) // curl: no Origin, no Sec-Fetch-Site
  })

  it('never blocks reads', async () => {
    t = await createTestApp()
    const res = await t.app.inject({
      url: '/api/roms',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('Host allowlist (DNS rebinding)', () => {
  it('serves IP literals, localhost and ALLOWED_HOSTS; 403 naming ALLOWED_HOSTS for others', async () => {
    t = await createTestApp({ allowedHosts: ['nes.example', '.lan.example'] })
    const served = [
      '127.0.0.1:5000',
      '192.168.1.20',
      '[::1]:5000',
      '[fe80::1]',
      'localhost:5000',
      'LOCALHOST',
      'studio.localhost',
      'nes.example',
      'NES.example.:8080',
      'lan.example',
      'pc.lan.example:5000',
    ]
    for (const host of served) {
      const res = await t.app.inject({ url: '/api/roms', headers: { host } })
      expect(res.statusCode, host).toBe(200)
    }
    for (const host of ['attacker.example:5000', 'nes.example.attacker', 'xlan.example', '[::1']) {
      const res = await t.app.inject({ url: '/api/roms', headers: { host } })
      expect(res.statusCode, host).toBe(403)
      expect(res.json().error.code).toBe('HostNotAllowed')
      expect(res.json().error.message).toContain('ALLOWED_HOSTS')
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    }
  })

  it('refuses a rebinding page that deletes with a matching Origin', async () => {
    t = await createTestApp()
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/roms/00000000-0000-4000-8000-000000000000',
      headers: { host: 'attacker.example:5000', origin: 'http://attacker.example:5000' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.message).toContain('"attacker.example"')
    // Pages are refused too, so the attacker's page cannot read the app's HTML either.
    expect(
      (await t.app.inject({ url: '/', headers: { host: 'attacker.example' } })).statusCode,
    ).toBe(403)
  })

  it('serves any host with ALLOWED_HOSTS=*', async () => {
    t = await createTestApp({ allowedHosts: ['*'] })
    const res = await t.app.inject({ url: '/api/roms', headers: { host: 'anything.example' } })
    expect(res.statusCode).toBe(200)
  })
})

describe('security headers', () => {
  it('are on every response, API and errors included', async () => {
    t = await createTestApp()
    for (const url of ['/api/roms', '/api/nope', '/']) {
      const res = await t.app.inject({ url })
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(res.headers[name], `${name} on ${url}`).toBe(value)
      }
    }
  })

  it('keeps everything on this origin, allowing only what EmulatorJS needs', () => {
    const directives = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => {
        const [name = '', ...values] = d.split(' ')
        return [name, values]
      }),
    )
    expect(directives['default-src']).toEqual(["'self'", 'blob:', 'data:'])
    expect(directives['script-src']).toEqual([
      "'self'",
      'blob:',
      "'wasm-unsafe-eval'",
      "'unsafe-eval'",
    ])
    expect(directives['connect-src']).toEqual(["'self'", 'blob:', 'data:'])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/https?:|\*/)
  })
})
