// RomStore's list pages found and sorted (migration 9) on every backend: recently played (never played
// last either way), filters by mapper, region (the DAT's, else the cartridge database's) and saves, the
// search on DAT names too, and totals that count the matches.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NewRom, RomPageQuery, RomStore } from './rom-store'
import { newTestRom } from './test-roms'
import { STORES } from './test-stores'
import type { TestDatabase } from './test-stores'

const query = (change: Partial<RomPageQuery>): RomPageQuery => ({
  offset: 0,
  limit: 50,
  search: '',
  sort: 'date',
  order: 'desc',
  ...change,
})

for (const s of STORES) {
  describe(`RomStore find and sort: ${s.name}`, () => {
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

    async function insert(overrides: Partial<NewRom> = {}): Promise<NewRom> {
      const rom = newTestRom(overrides)
      expect((await store.insert(rom)).status).toBe('inserted')
      return rom
    }
    const ids = async (change: Partial<RomPageQuery>) => {
      const page = await store.listPage(query(change))
      return { total: page.total, ids: page.roms.map((rom) => rom.id) }
    }

    it('sorts by the last time played, entries never played last either way', async () => {
      const [a, b, c] = [await insert(), await insert(), await insert()]
      const before = await store.revision()
      await store.updateEntry(a.id, { lastPlayedAt: '2026-03-01T10:00:00.000Z' })
      await store.updateEntry(c.id, { lastPlayedAt: '2026-03-02T10:00:00.000Z' })
      expect(await store.revision()).not.toBe(before)
      expect((await store.get(c.id))?.lastPlayedAt).toBe('2026-03-02T10:00:00.000Z')
      expect((await store.get(b.id))?.lastPlayedAt).toBeNull()
      expect(await ids({ sort: 'played', order: 'desc' })).toEqual({
        total: 3,
        ids: [c.id, a.id, b.id],
      })
      expect((await ids({ sort: 'played', order: 'asc' })).ids).toEqual([a.id, c.id, b.id])
    })

    it('filters by mapper, region and saves, and counts only the matches', async () => {
      const nrom = await insert({ mapper: 0, cartRegion: 'USA' })
      const japan = await insert({ mapper: 2, cartRegion: 'Japan, USA', datRegion: 'Japan' })
      const saved = await insert({ mapper: 2, cartRegion: 'Europe' })
      const stated = await insert({ mapper: 1 })
      const put = await store.putBatterySave({
        romId: saved.id,
        bytes: new Uint8Array([1, 2]),
        updatedAt: new Date().toISOString(),
      })
      expect(put.status).toBe('stored')
      const state = await store.insertSaveState(
        {
          id: randomUUID(),
          romId: stated.id,
          kind: 'manual',
          slot: null,
          createdAt: new Date().toISOString(),
          core: 'fceumm',
          coreVersion: '4.2.3',
          romSha1: stated.sha1,
          bytes: new Uint8Array([3]),
          thumbnail: null,
        },
        100,
      )
      expect(state.status).toBe('inserted')

      expect(await ids({ mapper: 2 })).toEqual({ total: 2, ids: [saved.id, japan.id] })
      // The DAT's region wins over the cartridge database's; matching ignores case.
      expect(await ids({ region: 'usa' })).toEqual({ total: 1, ids: [nrom.id] })
      expect(await ids({ region: 'Japan' })).toEqual({ total: 1, ids: [japan.id] })
      expect(await ids({ hasSaves: true })).toEqual({ total: 2, ids: [stated.id, saved.id] })
      expect(await ids({ hasSaves: true, mapper: 2 })).toEqual({ total: 1, ids: [saved.id] })
      expect(await ids({ mapper: 4 })).toEqual({ total: 0, ids: [] })
      expect(await ids({ mapper: 2, offset: 5 })).toEqual({ total: 2, ids: [] })
    })

    it("searches DAT names as well as titles, the filter's wildcards taken literally", async () => {
      const named = await insert({ title: 'zelda', datName: 'Legend of Zelda, The (USA)' })
      const other = await insert({ title: 'The Legend Continues' })
      await insert({ title: 'Unrelated', datName: 'Something (Europe)', datRegion: 'Europe' })
      expect(await ids({ search: 'legend' })).toEqual({ total: 2, ids: [other.id, named.id] })
      expect(await ids({ search: 'zelda, the' })).toEqual({ total: 1, ids: [named.id] })
      expect(await ids({ region: '%' })).toEqual({ total: 0, ids: [] })
    })
  })
}
