// One suite, every backend (kysely's DIALECTS loop): SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
import { createHash, randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NewRom, RomPageQuery, RomStore } from './rom-store'
import { recordOf } from './test-roms'
import { STORES, TEST_DATABASE_URL } from './test-stores'
import type { TestDatabase } from './test-stores'

if (!TEST_DATABASE_URL) {
  describe('RomStore contract: postgres', () => {
    it('not run: TEST_DATABASE_URL not set', () => {
      console.warn(
        'RomStore contract suite on PostgreSQL not run: TEST_DATABASE_URL not set ' +
          '(source .ci/postgres.sh; start_test_postgres)',
      )
      expect(process.env.TEST_DATABASE_URL).toBeUndefined()
    })
  })
}

let serial = 0
function newRom(overrides: Partial<NewRom> = {}): NewRom {
  serial++
  const bytes = overrides.bytes ?? new Uint8Array(2048).map((_, i) => (i * 31 + serial * 7) & 0xff)
  return {
    id: randomUUID(),
    title: `ROM ${serial}`,
    fileName: `rom-${serial}.nes`,
    fileSize: bytes.length,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, serial)).toISOString(),
    mapper: 1,
    submapper: null,
    prgRomBanks: 2,
    chrRomBanks: 0,
    mirroring: 'vertical',
    battery: true,
    trainer: false,
    nes2: false,
    sha1: createHash('sha1').update(bytes).update(String(serial)).digest('hex'),
    fileSha256: createHash('sha256').update(bytes).digest('hex'),
    ...overrides,
    bytes,
  }
}

const withoutBytes = recordOf

for (const s of STORES) {
  describe(`RomStore contract: ${s.name}`, () => {
    let db: TestDatabase
    let store: RomStore

    beforeEach(async () => {
      db = s.createDatabase()
      store = await db.open()
    })

    it('upgrades a version 1 database in place, keeping its ROMs', async () => {
      const oldDb = s.createDatabase()
      try {
        const old = await oldDb.open(1)
        expect(await old.schemaVersion()).toBe(1)
        await old.close()
        const rom = newRom()
        await oldDb.insertOldRom(rom)
        const upgraded = await oldDb.open()
        expect(await upgraded.schemaVersion()).toBe(s.migrations)
        expect(await upgraded.getWithBytes(rom.id)).toMatchObject({ rom: withoutBytes(rom) })
        const before = await upgraded.revision()
        await upgraded.delete(rom.id)
        expect(await upgraded.revision()).not.toBe(before)
        await upgraded.close()
      } finally {
        await oldDb.destroy()
      }
    })
    afterEach(async () => {
      await store.close()
      await db.destroy()
    })

    it('starts empty at the latest schema version', async () => {
      expect(store.kind).toBe(s.name)
      expect(await store.list()).toEqual([])
      expect(await store.schemaVersion()).toBe(s.migrations)
    })

    it('returns what was inserted, bytes exactly', async () => {
      const rom = newRom({ title: 'Ünïcode “title” 🎮', submapper: 3, nes2: true })
      const result = await store.insert(rom)
      expect(result).toEqual({ status: 'inserted', rom: withoutBytes(rom) })
      expect(await store.get(rom.id)).toEqual(withoutBytes(rom))
      const found = await store.getWithBytes(rom.id)
      expect(found?.rom).toEqual(withoutBytes(rom))
      expect(Buffer.compare(Buffer.from(found?.bytes ?? []), Buffer.from(rom.bytes))).toBe(0)
    })

    it('round-trips an 8 MiB ROM', async () => {
      const bytes = new Uint8Array(8 * 1024 * 1024).map((_, i) => (i ^ (i >> 8)) & 0xff)
      const rom = newRom({ bytes })
      await store.insert(rom)
      const found = await store.getWithBytes(rom.id)
      expect(found?.bytes.length).toBe(bytes.length)
      expect(
        createHash('sha256')
          .update(found?.bytes ?? new Uint8Array())
          .digest('hex'),
      ).toBe(createHash('sha256').update(bytes).digest('hex'))
    })

    it('lists newest first', async () => {
      const roms = [newRom(), newRom(), newRom()]
      for (const rom of roms) await store.insert(rom)
      expect((await store.list()).map((r) => r.id)).toEqual(roms.map((r) => r.id).reverse())
    })

    it('pages, searches titles case-insensitively and sorts by title, date, size and mapper', async () => {
      const specs = [
        { title: 'zelda', mapper: 1, size: 3000 },
        { title: 'Metroid', mapper: 1, size: 1000 },
        { title: 'Mega Man 2', mapper: 1, size: 2000 },
        { title: 'mega 100%_off', mapper: 0, size: 1500 },
        { title: 'Contra', mapper: 2, size: 2500 },
      ]
      const ids: string[] = []
      for (const spec of specs) {
        const rom = newRom({
          title: spec.title,
          mapper: spec.mapper,
          bytes: new Uint8Array(spec.size).fill(ids.length + 1),
        })
        ids.push(rom.id)
        await store.insert(rom)
      }
      const page = (q: Partial<RomPageQuery>) =>
        store.listPage({ offset: 0, limit: 10, search: '', sort: 'date', order: 'desc', ...q })
      const titles = async (q: Partial<RomPageQuery>) => (await page(q)).roms.map((r) => r.title)

      expect((await page({})).roms.map((r) => r.id)).toEqual([...ids].reverse())
      expect(await page({ limit: 2, offset: 1 })).toMatchObject({ total: 5 })
      expect(await titles({ limit: 2, offset: 1 })).toEqual(['mega 100%_off', 'Mega Man 2'])
      expect(await titles({ sort: 'title', order: 'asc' })).toEqual([
        'Contra',
        'mega 100%_off',
        'Mega Man 2',
        'Metroid',
        'zelda',
      ])
      expect(await titles({ sort: 'size', order: 'desc', limit: 2 })).toEqual(['zelda', 'Contra'])
      // Equal mappers: newest first.
      expect(await titles({ sort: 'mapper', order: 'asc' })).toEqual([
        'mega 100%_off',
        'Mega Man 2',
        'Metroid',
        'zelda',
        'Contra',
      ])
      expect(await page({ search: 'MEGA' })).toMatchObject({ total: 2 })
      // Wildcards in the search are plain characters.
      expect(await titles({ search: '%_' })).toEqual(['mega 100%_off'])
      expect(await page({ search: 'nothing like it' })).toEqual({ total: 0, roms: [] })
      expect(await page({ offset: 50 })).toEqual({ total: 5, roms: [] })
    })

    it('searches titles case-insensitively beyond ASCII', async () => {
      for (const [i, title] of ['Élan Ωmega', 'plain'].entries()) {
        await store.insert(newRom({ title, bytes: new Uint8Array(100).fill(i + 1) }))
      }
      const titles = async (search: string) =>
        (
          await store.listPage({ offset: 0, limit: 10, search, sort: 'title', order: 'asc' })
        ).roms.map((r) => r.title)
      expect(await titles('élan')).toEqual(['Élan Ωmega'])
      expect(await titles('ωMEGA')).toEqual(['Élan Ωmega'])
    })

    it('hides a deleted entry at once, restores it within the window, and purges it after', async () => {
      const kept = newRom()
      const gone = newRom({ title: 'Gone soon' })
      await store.insert(kept)
      await store.insert(gone)
      const before = await store.revision()
      expect(await store.delete(gone.id)).toBe(true)
      expect(await store.delete(gone.id)).toBe(false) // already hidden
      expect(await store.revision()).not.toBe(before)
      expect((await store.list()).map((r) => r.id)).toEqual([kept.id])
      expect(await store.get(gone.id)).toBeUndefined()
      expect(await store.getWithBytes(gone.id)).toBeUndefined()
      const page = { offset: 0, limit: 10, search: '', sort: 'date', order: 'desc' } as const
      expect(await store.listPage({ ...page, search: 'gone' })).toEqual({ total: 0, roms: [] })
      expect(await store.listPage(page)).toEqual({ total: 1, roms: [withoutBytes(kept)] })
      expect(await store.purgeDeleted(60_000)).toBe(0) // still within its window

      const hidden = await store.revision()
      expect(await store.restore(gone.id, 60_000)).toEqual(withoutBytes(gone))
      expect(await store.revision()).not.toBe(hidden)
      expect(await store.getWithBytes(gone.id)).toMatchObject({ rom: withoutBytes(gone) })
      expect(await store.restore(gone.id, 60_000)).toBeUndefined() // not hidden

      await store.delete(gone.id)
      await new Promise((r) => setTimeout(r, 30))
      expect(await store.restore(gone.id, 10)).toBeUndefined() // past its window
      expect(await store.get(gone.id)).toBeUndefined() // and still hidden
      expect(await store.purgeDeleted(10)).toBe(1)
      expect(await store.restore(gone.id, 60_000)).toBeUndefined() // gone for good
      expect((await store.list()).map((r) => r.id)).toEqual([kept.id])
    })

    it('leaves the revision alone when a delete, undo or purge changes nothing', async () => {
      const rom = newRom()
      await store.insert(rom)
      await store.delete(rom.id)
      await store.purgeDeleted(0)
      const before = await store.revision()
      expect(await store.purgeDeleted(0)).toBe(0)
      expect(await store.delete(rom.id)).toBe(false)
      expect(await store.restore(rom.id, 60_000)).toBeUndefined()
      expect(await store.revision()).toBe(before)
    })

    it('accepts the same ROM again while a deleted copy waits for the purge', async () => {
      const first = newRom()
      await store.insert(first)
      await store.delete(first.id)
      const again = newRom({ sha1: first.sha1, title: 'Uploaded again' })
      expect(await store.insert(again)).toEqual({ status: 'inserted', rom: withoutBytes(again) })
      expect(await store.restore(first.id, 60_000)).toBeUndefined() // the deleted copy went for good
      expect((await store.list()).map((r) => r.id)).toEqual([again.id])
    })

    it('reports a duplicate sha1 with the existing entry and writes nothing', async () => {
      const first = newRom()
      await store.insert(first)
      const again = newRom({ sha1: first.sha1, title: 'Other' })
      expect(await store.insert(again)).toEqual({
        status: 'duplicate',
        existing: withoutBytes(first),
      })
      expect(await store.get(again.id)).toBeUndefined()
      expect(await store.list()).toHaveLength(1)
    })

    it('returns undefined / false for unknown ids', async () => {
      const id = randomUUID()
      expect(await store.get(id)).toBeUndefined()
      expect(await store.getWithBytes(id)).toBeUndefined()
      expect(await store.delete(id)).toBe(false)
    })

    it('purges metadata and bytes', async () => {
      const rom = newRom()
      await store.insert(rom)
      expect(await store.delete(rom.id)).toBe(true)
      expect(await store.purgeDeleted(0)).toBe(1)
      expect(await store.get(rom.id)).toBeUndefined()
      expect(await store.getWithBytes(rom.id)).toBeUndefined()
      expect(await store.delete(rom.id)).toBe(false)
      // The sha1 is free again once the entry is gone.
      expect((await store.insert(newRom({ sha1: rom.sha1 }))).status).toBe('inserted')
    })

    it('leaves nothing behind when a write fails half-way', async () => {
      // Metadata is valid; the bytes violate a constraint checked after (SQLite: second statement).
      const broken = newRom({ bytes: new Uint8Array(0), fileSize: 2048 })
      await expect(store.insert(broken)).rejects.toThrow()
      expect(await store.list()).toEqual([])
      expect(await store.get(broken.id)).toBeUndefined()
      expect((await store.insert(newRom({ sha1: broken.sha1 }))).status).toBe('inserted')
    })

    it('keeps exactly one of many concurrent inserts of the same ROM', async () => {
      const sha1 = newRom().sha1
      const distinct = Array.from({ length: 10 }, () => newRom())
      const same = Array.from({ length: 10 }, () => newRom({ sha1 }))
      const results = await Promise.all([...distinct, ...same].map((r) => store.insert(r)))
      expect(results.filter((r) => r.status === 'inserted')).toHaveLength(11)
      expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(9)
      expect(await store.list()).toHaveLength(11)
    })

    it('keeps data and migrates nothing twice when reopened, also by two processes at once', async () => {
      const rom = newRom()
      await store.insert(rom)
      const [a, b] = await Promise.all([db.open(), db.open()])
      expect(await a.schemaVersion()).toBe(s.migrations)
      expect(await b.get(rom.id)).toEqual(withoutBytes(rom))
      await Promise.all([a.close(), b.close()])
    })

    it('changes its revision on every insert and delete, and keeps it across reopening', async () => {
      const start = await store.revision()
      expect(await store.revision()).toBe(start)
      const rom = newRom()
      await store.insert(rom)
      const afterInsert = await store.revision()
      expect(afterInsert).not.toBe(start)
      await store.list()
      await store.getWithBytes(rom.id)
      expect(await store.revision()).toBe(afterInsert)
      await store.delete(rom.id)
      const afterDelete = await store.revision()
      expect(new Set([start, afterInsert, afterDelete]).size).toBe(3)
      const again = await db.open()
      expect(await again.revision()).toBe(afterDelete)
      await again.close()
    })

    it('gives two databases different revisions', async () => {
      const other = s.createDatabase()
      const otherStore = await other.open()
      try {
        expect(await otherStore.revision()).not.toBe(await store.revision())
      } finally {
        await otherStore.close()
        await other.destroy()
      }
    })

    it('refuses a database migrated by a newer server', async () => {
      await db.bumpVersion()
      await expect(db.open()).rejects.toThrow(/schema version 999/)
    })
  })
}
