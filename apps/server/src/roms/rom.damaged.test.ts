// A ROM whose stored bytes changed below the server (a disk fault, a bad restore) is never served
// under its good ETag: the download is refused with RomDamaged and GET /api/health lists it. SQLite and
// PostgreSQL (when TEST_DATABASE_URL is set).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { healthResponseSchema, romUploadResponseSchema } from '@nes-studio/shared'
import { STORES } from '../storage/test-stores'
import type { TestDatabase } from '../storage/test-stores'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

for (const s of STORES) {
  describe(`a ROM damaged inside the database: ${s.name}`, () => {
    let db: TestDatabase
    let t: TestApp | undefined
    beforeEach(() => {
      db = s.createDatabase()
    })
    afterEach(async () => {
      await t?.close()
      t = undefined
      await db.destroy()
    })

    const upload = async (bytes: Uint8Array, name: string) => {
      const res = await t!.app.inject({
        method: 'POST',
        url: '/api/roms',
        ...uploadForm(bytes, name),
      })
      expect(res.statusCode).toBe(201)
      return romUploadResponseSchema.parse(res.json()).rom
    }

    it('answers 500 RomDamaged for it (ranges and HEAD too), lists it in /api/health, serves the others', async () => {
      t = await createTestApp({ store: await db.open() })
      const badBytes = buildRom({ seed: 1, prgBanks: 2 })
      const goodBytes = buildRom({ seed: 2 })
      const bad = await upload(badBytes, 'bad.nes')
      const good = await upload(goodBytes, 'good.nes')
      const goodEtag = (await t.app.inject({ url: `/api/roms/${bad.id}` })).headers.etag
      await t.close()
      await db.corruptRomByte(bad.id, 20_000)
      t = await createTestApp({ store: await db.open() })

      const asked: Record<string, string>[] = [{}, { range: 'bytes=0-99' }, { range: 'bytes=-10' }]
      for (const headers of asked) {
        const res = await t.app.inject({ url: `/api/roms/${bad.id}`, headers })
        expect(res.statusCode, JSON.stringify(headers)).toBe(500)
        expect(res.json().error.code).toBe('RomDamaged')
        expect(res.json().error.message).toContain('"bad"')
        expect(res.headers.etag).toBeUndefined()
      }
      const head = await t.app.inject({ method: 'HEAD', url: `/api/roms/${bad.id}` })
      expect(head.statusCode).toBe(500)
      expect(head.headers.etag).not.toBe(goodEtag)

      const other = await t.app.inject({ url: `/api/roms/${good.id}` })
      expect(other.statusCode).toBe(200)
      expect(new Uint8Array(other.rawPayload)).toEqual(goodBytes)

      const health = healthResponseSchema.parse((await t.app.inject({ url: '/api/health' })).json())
      expect(health.status).toBe('degraded')
      expect(health.problems).toEqual([
        { code: 'RomDamaged', romId: bad.id, message: expect.stringContaining('"bad"') },
      ])

      // The way out the message gives: delete it, upload it again.
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/roms/${bad.id}` })
      expect(deleted.statusCode).toBe(204)
      const again = await upload(badBytes, 'bad.nes')
      const served = await t.app.inject({ url: `/api/roms/${again.id}` })
      expect(served.statusCode).toBe(200)
      expect(new Uint8Array(served.rawPayload)).toEqual(badBytes)
      const healed = healthResponseSchema.parse((await t.app.inject({ url: '/api/health' })).json())
      expect(healed).toMatchObject({ status: 'ok', problems: [] })
    })
  })
}
