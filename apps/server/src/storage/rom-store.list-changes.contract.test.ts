// RomStore's list-keeping methods on every backend: listSlice, listChanges and the page count the
// triggers keep (migration 5). SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
import { createHash, randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NewRom, RomListChanges, RomStore } from './rom-store'
import { STORES } from './test-stores'
import type { TestDatabase } from './test-stores'

let serial = 0
function newRom(title?: string): NewRom {
  serial++
  const bytes = new Uint8Array(1024).map((_, i) => (i * 13 + serial * 5) & 0xff)
  return {
    id: randomUUID(),
    title: title ?? `Listed ROM ${serial}`,
    fileName: `listed-${serial}.nes`,
    fileSize: bytes.length,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, serial)).toISOString(),
    mapper: serial % 3,
    submapper: null,
    prgRomBanks: 1,
    chrRomBanks: 0,
    mirroring: 'horizontal',
    battery: false,
    trainer: false,
    nes2: false,
    sha1: createHash('sha1').update(bytes).update(String(serial)).digest('hex'),
    fileSha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  }
}

const summary = (changes: RomListChanges | undefined) =>
  changes?.changed
    .map((c) => `${c.rom.title}:${c.visible ? 'shown' : 'hidden'}`)
    .sort()
    .join(' ')

for (const s of STORES) {
  describe(`RomStore list changes: ${s.name}`, () => {
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

    async function insert(title?: string): Promise<NewRom> {
      const rom = newRom(title)
      expect((await store.insert(rom)).status).toBe('inserted')
      return rom
    }

    it('reads the visible list in slices, newest first, with each entry once', async () => {
      const roms = []
      for (let i = 0; i < 7; i++) roms.push(await insert())
      expect(await store.delete(roms[3]!.id)).toBe(true)
      const seen: string[] = []
      let before: number | undefined
      for (;;) {
        const slice = await store.listSlice(before, 2)
        seen.push(...slice.map((row) => row.rom.id))
        if (slice.length < 2) break
        const seqs = slice.map((row) => row.seq)
        expect(seqs).toEqual([...seqs].sort((a, b) => b - a))
        before = slice[slice.length - 1]!.seq
      }
      const expected = roms.filter((_, i) => i !== 3).reverse()
      expect(seen).toEqual(expected.map((rom) => rom.id))
      expect(seen).toEqual((await store.list()).map((rom) => rom.id))
    })

    it('gives the entries inserted, hidden and restored since a revision, as they are now', async () => {
      const a = await insert('Alpha')
      const b = await insert('Bravo')
      const start = await store.revision()
      expect(summary(await store.listChanges(start))).toBe('')
      expect((await store.listChanges(start))?.revision).toBe(start)

      const c = await insert('Charlie')
      await store.delete(a.id)
      const afterTwo = await store.listChanges(start)
      expect(summary(afterTwo)).toBe('Alpha:hidden Charlie:shown')
      expect(afterTwo?.revision).toBe(await store.revision())
      expect(afterTwo?.changed.find((x) => x.rom.id === c.id)?.rom).toMatchObject({
        title: 'Charlie',
        fileName: c.fileName,
        sha1: c.sha1,
      })

      await store.restore(a.id, 60_000)
      await store.delete(b.id)
      expect(summary(await store.listChanges(start))).toBe('Alpha:shown Bravo:hidden Charlie:shown')
      expect(summary(await store.listChanges(afterTwo!.revision))).toBe('Alpha:shown Bravo:hidden')
      // Each change moves the revision on, and a change's seq is its place in the list.
      const seqOf = (await store.listChanges(start))!.changed.find((x) => x.rom.id === c.id)!.seq
      expect((await store.listSlice(undefined, 1))[0]?.seq).toBe(seqOf)
    })

    it('says a copy cannot catch up once an entry it may still show was purged', async () => {
      const a = await insert('Alpha')
      await insert('Bravo')
      const before = await store.revision()
      await store.delete(a.id)
      const seenHide = (await store.listChanges(before))!.revision
      expect(await store.purgeDeleted(0)).toBe(1)
      // A copy from before the hide could still show Alpha: it has to read the list again.
      expect(await store.listChanges(before)).toBeUndefined()
      // A copy that saw the hide already dropped Alpha: the purge changes nothing for it.
      expect(summary(await store.listChanges(seenHide))).toBe('')
    })

    it('counts the entries of a version 4 database when it is upgraded', async () => {
      await store.close()
      const old = await db.open(4)
      const roms = [newRom(), newRom(), newRom()]
      for (const rom of roms) await db.insertOldRom(rom)
      await old.delete(roms[1]!.id)
      await old.close()
      store = await db.open()
      const page = await store.listPage({
        offset: 0,
        limit: 10,
        search: '',
        sort: 'date',
        order: 'desc',
      })
      expect(page.total).toBe(2)
      const start = await store.revision()
      await store.delete(roms[0]!.id)
      expect(summary(await store.listChanges(start))).toBe(`${roms[0]!.title}:hidden`)
    })

    it('refuses a revision of another library', async () => {
      await insert()
      const revision = await store.revision()
      const other = s.createDatabase()
      const otherStore = await other.open()
      try {
        expect(await otherStore.listChanges(revision)).toBeUndefined()
        expect(await store.listChanges('not-a-revision')).toBeUndefined()
      } finally {
        await otherStore.close()
        await other.destroy()
      }
    })

    it('counts the unsearched list through inserts, hides, restores and purges', async () => {
      const roms = []
      for (let i = 0; i < 5; i++) roms.push(await insert(i % 2 ? `Odd ${i}` : `Even ${i}`))
      const total = async (search = '') =>
        (await store.listPage({ offset: 0, limit: 2, search, sort: 'title', order: 'asc' })).total
      expect(await total()).toBe(5)
      await store.delete(roms[0]!.id)
      await store.delete(roms[1]!.id)
      expect(await total()).toBe(3)
      await store.restore(roms[1]!.id, 60_000)
      expect(await total()).toBe(4)
      expect(await store.delete(roms[0]!.id)).toBe(false)
      await store.purgeDeleted(0)
      expect(await total()).toBe(4)
      expect(await total('odd')).toBe(2)
      const past = await store.listPage({
        offset: 10,
        limit: 2,
        search: '',
        sort: 'date',
        order: 'desc',
      })
      expect(past).toEqual({ total: 4, roms: [] })
    })
  })
}
