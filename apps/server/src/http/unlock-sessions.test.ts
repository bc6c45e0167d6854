// Unlocks are sessions kept in the library's database (SQLite, and PostgreSQL when TEST_DATABASE_URL
// is set): a logout ends that cookie on every server sharing the database, copies included; a restart
// keeps sessions; a new LIBRARY_TOKEN ends them all.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { STORES } from '../storage/test-stores'
import type { TestDatabase } from '../storage/test-stores'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

const TOKEN = 'correct-horse-battery-staple'
const OTHER_TOKEN = 'a-new-token-after-a-leak'
const UNKNOWN_ROM = '00000000-0000-4000-8000-000000000000'

for (const s of STORES) {
  describe(`unlock sessions: ${s.name}`, () => {
    let db: TestDatabase
    const running = new Set<TestApp>()
    beforeEach(() => {
      db = s.createDatabase()
    })
    afterEach(async () => {
      for (const app of running) await app.close()
      running.clear()
      await db.destroy()
    })

    async function start(token = TOKEN): Promise<TestApp> {
      const app = await createTestApp({ store: await db.open(), libraryToken: token })
      running.add(app)
      return app
    }
    async function stop(app: TestApp): Promise<void> {
      running.delete(app)
      await app.close()
    }
    async function unlock(app: TestApp): Promise<string> {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/unlock',
        payload: { token: TOKEN },
      })
      expect(res.statusCode).toBe(204)
      return String(res.headers['set-cookie']).split(';')[0] ?? ''
    }
    /** A write that needs the unlock: deleting an unknown ROM is 404 when unlocked, 401 when not. */
    async function canWrite(app: TestApp, cookie: string): Promise<boolean> {
      const res = await app.app.inject({
        method: 'DELETE',
        url: `/api/roms/${UNKNOWN_ROM}`,
        headers: { cookie },
      })
      expect([401, 404]).toContain(res.statusCode)
      return res.statusCode === 404
    }

    it('a logout ends that cookie on every server sharing the library, copies included', async () => {
      const a = await start()
      const b = await start() // a second app server on the same database
      const mine = await unlock(a)
      const other = await unlock(a)
      expect(mine).not.toBe(other)
      expect(await canWrite(b, mine)).toBe(true)

      const logout = await b.app.inject({
        method: 'DELETE',
        url: '/api/unlock',
        headers: { cookie: mine },
      })
      expect(logout.statusCode).toBe(204)
      expect(String(logout.headers['set-cookie'])).toContain('Max-Age=0')
      // A copy of the cookie taken before the logout unlocks nothing, on either server.
      expect(await canWrite(a, mine)).toBe(false)
      expect(await canWrite(b, mine)).toBe(false)
      const status = await a.app.inject({ url: '/api/unlock', headers: { cookie: mine } })
      expect(status.json()).toEqual({ required: true, unlocked: false })
      // Another browser's session is not touched.
      expect(await canWrite(a, other)).toBe(true)
    })

    it('keeps sessions over a restart; a new LIBRARY_TOKEN ends them all, for good', async () => {
      const first = await start()
      const cookie = await unlock(first)
      await stop(first)
      const restarted = await start()
      expect(await canWrite(restarted, cookie)).toBe(true)
      await stop(restarted)

      const newToken = await start(OTHER_TOKEN)
      expect(await canWrite(newToken, cookie)).toBe(false)
      await stop(newToken)
      // Going back to the old token does not bring the ended sessions back.
      const back = await start()
      expect(await canWrite(back, cookie)).toBe(false)
    })
  })
}
