import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { EMULATORJS_BASE_PATH, EMULATORJS_VERSION } from '@nes-studio/shared'
import { FAKE_INDEX_HTML } from '../test/static-dirs'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { readPackageVersion, resolvePackageDir } from './package-dir'
import { CONTENT_SECURITY_POLICY } from './security'
import { BROTLI_QUALITY } from '../app'
import { IMMUTABLE_CACHE } from './static-files'

let current: TestApp | undefined
afterEach(async () => {
  await current?.close()
  current = undefined
})

async function start(withClient = true): Promise<FastifyInstance> {
  current = await createTestApp({ withClient })
  return current.app
}

describe('vendor files', () => {
  it('EMULATORJS_BASE_PATH names the installed EmulatorJS and core versions', () => {
    expect(readPackageVersion(resolvePackageDir('@emulatorjs/emulatorjs'))).toBe(EMULATORJS_VERSION)
    expect(readPackageVersion(resolvePackageDir('@emulatorjs/core-fceumm'))).toBe(
      EMULATORJS_VERSION,
    )
    expect(EMULATORJS_BASE_PATH).toBe(`/vendor/emulatorjs/${EMULATORJS_VERSION}/`)
  })

  it('serves EmulatorJS scripts compressed and immutable', async () => {
    const res = await (
      await start()
    ).inject({
      url: `${EMULATORJS_BASE_PATH}src/emulator.js`,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE)
  })

  it.each([
    'fceumm-wasm.data',
    'fceumm-legacy-wasm.data',
    'fceumm-thread-wasm.data',
    'fceumm-thread-legacy-wasm.data',
  ])('serves core %s uncompressed and immutable', async (file) => {
    const res = await (
      await start()
    ).inject({
      url: `${EMULATORJS_BASE_PATH}cores/${file}`,
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE)
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('7z')
  })

  it('compresses client scripts with brotli at a quick quality (11 took ~0.9 s for a 0.5 MB script)', async () => {
    const res = await (
      await start()
    ).inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br' } })
    expect(res.headers['content-encoding']).toBe('br')
    const script = brotliDecompressSync(res.rawPayload)
    expect(script.toString()).toBe('console.log(1)\n'.repeat(200))
    const atQuality = (quality: number) =>
      brotliCompressSync(script, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } })
    expect(BROTLI_QUALITY).toBeLessThanOrEqual(5)
    expect(res.rawPayload.equals(atQuality(BROTLI_QUALITY))).toBe(true)
  })

  it('serves the core report and licence texts, but not package internals', async () => {
    const a = await start()
    const report = await a.inject({ url: `${EMULATORJS_BASE_PATH}cores/reports/fceumm.json` })
    expect(report.statusCode).toBe(200)
    expect(report.json()).toBeTypeOf('object')
    const gpl2 = await a.inject({ url: `${EMULATORJS_BASE_PATH}cores/LICENSE-fceumm.txt` })
    expect(gpl2.body).toContain('GNU GENERAL PUBLIC LICENSE')
    expect(gpl2.body).toContain('Version 2')
    const gpl3 = await a.inject({ url: `${EMULATORJS_BASE_PATH}LICENSE-EmulatorJS.txt` })
    expect(gpl3.body).toContain('Version 3')
    const readme = await a.inject({ url: `${EMULATORJS_BASE_PATH}README.txt` })
    expect(readme.body).toContain('fceumm')
    const pkg = await a.inject({ url: `${EMULATORJS_BASE_PATH}cores/package.json` })
    expect(pkg.statusCode).toBe(404)
  })
})

describe('client build', () => {
  it('serves index.html for client routes, uncached, with the CSP', async () => {
    const a = await start()
    const routes = ['/', '/editor', '/editor/', `/play/${crypto.randomUUID()}`, '/?x=1']
    for (const url of routes) {
      const res = await a.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toBe(FAKE_INDEX_HTML)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
      expect(res.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it('answers unknown pages 404 with index.html, so the app shows its not-found screen', async () => {
    const a = await start()
    for (const url of ['/no/such/page?x=1', '/play', '/play/a/b', '/editorx', '/library']) {
      const res = await a.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).toBe(FAKE_INDEX_HTML)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    }
  })

  it('answers over-long page addresses as their short forms, not with a JSON 404', async () => {
    // Past the file system's limits (255 bytes a segment, 4096 a path) @fastify/static cannot look a
    // path up and refused it as forbidden; a page path is never a file, so it gets the page.
    const a = await start()
    const long = 'a'.repeat(5000)
    const browser = { accept: 'text/html,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' }
    const expected: [string, number][] = [
      [`/play/${long}`, 200],
      [`/editor?x=${long}`, 200],
      [`/?q=${long}`, 200],
      [`/${'a'.repeat(256)}`, 404],
      [`/editor/${long}`, 404],
      [`/no/${long}/page`, 404],
    ]
    for (const [url, status] of expected) {
      const res = await a.inject({ url, headers: browser })
      expect(res.statusCode, url.slice(0, 20)).toBe(status)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.body).toBe(FAKE_INDEX_HTML)
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    }
    for (const url of [`/api/roms/${long}`, `/api/${long}`, `/assets/${long}.js`, `/${long}.png`]) {
      const res = await a.inject({ url, headers: { accept: browser.accept } })
      expect(res.statusCode, url.slice(0, 20)).toBe(404)
      expect(res.json().error.code).toBe('NotFound')
    }
  })

  it('caches hashed assets forever and other files not at all', async () => {
    const a = await start()
    const asset = await a.inject({ url: '/assets/main-abc123.js' })
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE)
    const icon = await a.inject({ url: '/favicon.svg' })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toBe('no-cache')
  })

  it('answers an unsatisfiable range with 416 RangeNotSatisfiable and the size (RFC 9110 15.5.17)', async () => {
    const a = await start()
    const size = 'console.log(1)\n'.length * 200
    const part = await a.inject({ url: '/assets/main-abc123.js', headers: { range: 'bytes=0-9' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 0-9/${size}`)
    const res = await a.inject({
      url: '/assets/main-abc123.js',
      headers: { range: `bytes=${size}-` },
    })
    expect(res.statusCode).toBe(416)
    expect(res.headers['content-range']).toBe(`bytes */${size}`)
    expect(res.json().error.code).toBe('RangeNotSatisfiable')
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
  })

  it('answers missing files and unknown API paths with a JSON 404', async () => {
    const a = await start()
    // '/%61pi/nope' is routed as '/api/nope'
    for (const url of [
      '/api/nope',
      '/api',
      '/%61pi/nope',
      '/assets/gone.js',
      '/logo.png',
      '/vendor/x',
    ]) {
      const res = await a.inject({ url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.code).toBe('NotFound')
    }
    const post = await a.inject({ method: 'POST', url: '/editor' })
    expect(post.statusCode).toBe(404)
  })

  it('still starts without a client build and says so on GET /', async () => {
    const res = await (await start(false)).inject({ url: '/' })
    expect(res.statusCode).toBe(503)
    expect(res.body).toContain('npm run build')
  })
})
