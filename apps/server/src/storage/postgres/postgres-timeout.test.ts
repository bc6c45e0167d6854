// A PostgreSQL server that stops answering (kill -STOP, a dead link) gives a clear 503 within a few
// seconds instead of a request that hangs. The freeze is a TCP proxy that stops forwarding.
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app'
import type { TestApp } from '../../test/test-app'
import { dropSchema, uniqueSchemaName } from './postgres-test-schema'
import { openPostgresRomStore } from './postgres-rom-store'

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

/** Forwards to PostgreSQL until frozen; then holds every byte, as a stopped server would. */
async function freezableProxy(target: URL) {
  let frozen = false
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from)
      from.on('data', (chunk: Buffer) => {
        if (!frozen) to.write(chunk)
      })
      from.on('error', () => undefined)
      from.on('close', () => to.destroy())
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(target)
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: url.toString(),
    freeze: () => (frozen = true),
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

if (!TEST_DATABASE_URL) {
  describe('PostgreSQL timeouts', () => {
    it('not run: TEST_DATABASE_URL not set', () => {
      console.warn('PostgreSQL timeout test not run: TEST_DATABASE_URL not set')
      expect(process.env.TEST_DATABASE_URL).toBeUndefined()
    })
  })
} else {
  const databaseUrl = TEST_DATABASE_URL
  let t: TestApp | undefined
  let proxy: Awaited<ReturnType<typeof freezableProxy>> | undefined
  const schema = uniqueSchemaName('timeout')
  afterEach(async () => {
    await proxy?.close()
    await t?.close()
    proxy = undefined
    t = undefined
    await dropSchema(databaseUrl, schema)
  })

  describe('PostgreSQL timeouts', () => {
    it('answers 503 StorageUnavailable within a few seconds when the database freezes', async () => {
      proxy = await freezableProxy(new URL(databaseUrl))
      const store = await openPostgresRomStore({
        connectionString: proxy.url,
        schema,
        poolMax: 2,
        timeoutMs: 1000,
      })
      t = await createTestApp({ store })
      expect((await t.app.inject({ url: '/api/roms' })).statusCode).toBe(200)

      proxy.freeze()
      for (let i = 0; i < 4; i++) {
        const started = Date.now()
        const res = await t.app.inject({ url: '/api/roms' })
        expect(res.statusCode).toBe(503)
        expect(res.json().error.code).toBe('StorageUnavailable')
        expect(res.json().error.message).toContain('did not answer within 1 s')
        expect(res.headers['retry-after']).toBe('5')
        expect(Date.now() - started).toBeLessThan(4000)
      }
    })

    it('refuses to start with a message naming DATABASE_URL when nothing answers', async () => {
      const closed = net.createServer()
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
      const { port } = closed.address() as AddressInfo
      await new Promise((resolve) => closed.close(resolve))
      const err = await openPostgresRomStore({
        connectionString: `postgres://u:secret@127.0.0.1:${port}/library`,
        timeoutMs: 1000,
      }).then(
        () => undefined,
        (e: unknown) => e as Error,
      )
      expect(err?.message).toContain(`DATABASE_URL (127.0.0.1:${port}/library)`)
      expect(err?.message).not.toContain('secret')
    })
  })
}
