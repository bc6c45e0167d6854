// UnlockSessionStore on every backend (SQLite always, PostgreSQL when TEST_DATABASE_URL is set).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RomStore } from './rom-store'
import { STORES } from './test-stores'
import type { TestDatabase } from './test-stores'

const HOUR = 60 * 60 * 1000
const hash = (n: number) => n.toString(16).padStart(64, '0')

for (const s of STORES) {
  describe(`UnlockSessionStore contract: ${s.name}`, () => {
    let db: TestDatabase
    let store: RomStore
    beforeEach(async () => {
      db = s.createDatabase()
      store = await db.open()
    })
    afterEach(async () => {
      await store.close()
      await db.destroy()
    })

    it('knows a session by its hash and token tag until it is ended', async () => {
      await store.openSession({ idHash: hash(1), tokenTag: 'tag-a', lifetimeMs: HOUR })
      expect(await store.hasSession(hash(1), 'tag-a')).toBe(true)
      expect(await store.hasSession(hash(1), 'tag-b')).toBe(false)
      expect(await store.hasSession(hash(2), 'tag-a')).toBe(false)
      await store.endSession(hash(1))
      expect(await store.hasSession(hash(1), 'tag-a')).toBe(false)
      await store.endSession(hash(1)) // ending it again is no error
    })

    it('lets a session end on its own, by the store clock', async () => {
      await store.openSession({ idHash: hash(1), tokenTag: 'tag-a', lifetimeMs: 1000 })
      expect(await store.hasSession(hash(1), 'tag-a')).toBe(true)
      await new Promise((resolve) => setTimeout(resolve, 1200))
      expect(await store.hasSession(hash(1), 'tag-a')).toBe(false)
      // Opening another clears the ended one out; reopening the same hash would otherwise conflict.
      await store.openSession({ idHash: hash(1), tokenTag: 'tag-a', lifetimeMs: HOUR })
      expect(await store.hasSession(hash(1), 'tag-a')).toBe(true)
    })

    it('ends every session of another token at once, and keeps them over a reopen', async () => {
      await store.openSession({ idHash: hash(1), tokenTag: 'old', lifetimeMs: HOUR })
      await store.openSession({ idHash: hash(2), tokenTag: 'old', lifetimeMs: HOUR })
      await store.openSession({ idHash: hash(3), tokenTag: 'new', lifetimeMs: HOUR })
      await store.close()
      store = await db.open()
      expect(await store.hasSession(hash(1), 'old')).toBe(true)
      expect(await store.endSessionsExcept('new')).toBe(2)
      expect(await store.hasSession(hash(1), 'old')).toBe(false)
      expect(await store.hasSession(hash(3), 'new')).toBe(true)
    })
  })
}
