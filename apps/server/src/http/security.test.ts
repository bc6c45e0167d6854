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
    t = await createTestApp({ trustedOrigins: ['https://proxy.example'] })
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
