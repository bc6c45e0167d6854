// The client build's pre-compressed siblings (apps/client/build-tools/precompress.ts): hashed assets and
// the EmulatorJS files are sent as the build wrote them, with the right headers, never compressed again.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { EMULATORJS_BASE_PATH } from '@nes-studio/shared'
import { testStaticDirs } from '../test/static-dirs'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { IMMUTABLE_CACHE } from './static-files'
import type { StaticDirs } from './static-files'

const SCRIPT = Buffer.from('export const game = "pre-compressed";\n'.repeat(100))

let current: TestApp | undefined
afterEach(async () => {
  await current?.close()
  current = undefined
})

/** Writes `<file>.br` and `<file>.gz` of `body` (maximum effort, as the build does). */
function writeSiblings(file: string, body: Buffer): { br: Buffer; gz: Buffer } {
  const br = brotliCompressSync(body)
  const gz = gzipSync(body, { level: 9 })
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gz)
  return { br, gz }
}

async function start(prepare: (dirs: StaticDirs) => void): Promise<FastifyInstance> {
  const staticDirs = testStaticDirs()
  prepare(staticDirs)
  current = await createTestApp({ staticDirs })
  return current.app
}

describe('pre-compressed client assets', () => {
  let siblings: { br: Buffer; gz: Buffer }
  const prepare = ({ clientDir }: StaticDirs) => {
    const file = path.join(clientDir, 'assets', 'game-1a2b3c.js')
    writeFileSync(file, SCRIPT)
    siblings = writeSiblings(file, SCRIPT)
  }

  it('sends the brotli file as it is when brotli is accepted', async () => {
    const app = await start(prepare)
    const res = await app.inject({
      url: '/assets/game-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers.vary).toContain('accept-encoding')
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE)
    expect(res.rawPayload.equals(siblings.br)).toBe(true)
    expect(brotliDecompressSync(res.rawPayload).equals(SCRIPT)).toBe(true)
  })

  it('sends the gzip file to a client without brotli and the file itself to one without either', async () => {
    const app = await start(prepare)
    const gz = await app.inject({
      url: '/assets/game-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.rawPayload.equals(siblings.gz)).toBe(true)
    expect(gunzipSync(gz.rawPayload).equals(SCRIPT)).toBe(true)
    const plain = await app.inject({
      url: '/assets/game-1a2b3c.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('accept-encoding')
    expect(plain.rawPayload.equals(SCRIPT)).toBe(true)
  })

  it('gives each encoding its own ETag, so a cache never mixes them', async () => {
    const app = await start(prepare)
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (encoding) => {
        const res = await app.inject({
          url: '/assets/game-1a2b3c.js',
          headers: { 'accept-encoding': encoding },
        })
        return res.headers.etag
      }),
    )
    expect(new Set(tags).size).toBe(3)
  })

  it('still compresses a file without siblings (sw.js, not content-hashed) on the fly', async () => {
    const worker = Buffer.from('self.addEventListener("fetch", () => {});\n'.repeat(60))
    const app = await start((dirs) => {
      prepare(dirs)
      writeFileSync(path.join(dirs.clientDir, 'sw.js'), worker)
    })
    const res = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(brotliDecompressSync(res.rawPayload).equals(worker)).toBe(true)
  })
})

describe('pre-compressed EmulatorJS files', () => {
  const packageFile = (dirs: StaticDirs, rel: string) =>
    readFileSync(path.join(dirs.emulatorjsDir, 'data', rel))
  let emulatorJs: Buffer
  let siblings: { br: Buffer; gz: Buffer }
  const prepare = (dirs: StaticDirs) => {
    emulatorJs = packageFile(dirs, 'src/emulator.js')
    siblings = writeSiblings(
      path.join(dirs.clientDir, EMULATORJS_BASE_PATH, 'src', 'emulator.js'),
      emulatorJs,
    )
  }

  it('sends the build’s brotli copy of a script, immutable', async () => {
    const app = await start(prepare)
    const res = await app.inject({
      url: `${EMULATORJS_BASE_PATH}src/emulator.js`,
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE)
    expect(res.rawPayload.equals(siblings.br)).toBe(true)
  })

  it('sends the package’s own file when no encoding is accepted, and compresses files without a copy', async () => {
    const app = await start(prepare)
    const plain = await app.inject({
      url: `${EMULATORJS_BASE_PATH}src/emulator.js`,
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.statusCode).toBe(200)
    expect(plain.rawPayload.equals(emulatorJs)).toBe(true)
    const dirs = testStaticDirs()
    const other = await app.inject({
      url: `${EMULATORJS_BASE_PATH}src/GameManager.js`,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(other.statusCode).toBe(200)
    expect(other.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(other.rawPayload).equals(packageFile(dirs, 'src/GameManager.js'))).toBe(true)
    expect(other.headers['cache-control']).toBe(IMMUTABLE_CACHE)
  })
})
