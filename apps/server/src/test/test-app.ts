// Test helper: an app on a fresh in-memory SQLite store, with a deterministic clock.
import type { FastifyInstance } from 'fastify'
import { createApp } from '../app'
import type { AppDeps } from '../app'
import type { RomStore } from '../storage/rom-store'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { testStaticDirs } from './static-dirs'

export interface TestApp {
  app: FastifyInstance
  store: RomStore
  close(): Promise<void>
}

export async function createTestApp(
  overrides: Partial<AppDeps> & { withClient?: boolean } = {},
): Promise<TestApp> {
  const store = overrides.store ?? (await openSqliteRomStore({ file: ':memory:' }))
  let tick = Date.parse('2026-01-01T00:00:00Z')
  const app = await createApp({
    staticDirs: testStaticDirs({ withClient: overrides.withClient ?? true }),
    serviceOptions: { now: () => new Date((tick += 1000)) },
    ...overrides,
    store,
  })
  return {
    app,
    store,
    close: async () => {
      await app.close()
      await store.close()
    },
  }
}
