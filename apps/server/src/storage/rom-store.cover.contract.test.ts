// CoverStore (migration 11) on every backend: a cover is put, read, replaced and removed; it goes with
// its entry (hidden by a delete, back with an undo, gone with a purge); the entry's cover version and
// the list revision move with it; "only if none" never replaces one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NewCover } from './cover-store'
import type { RomStore } from './rom-store'
import { newTestRom } from './test-roms'
import { STORES } from './test-stores'
import type { TestDatabase } from './test-stores'

const PNG_A = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const WEBP_B = new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8L-b')

const cover = (romId: string, bytes: Uint8Array, version: string): NewCover => ({
  romId,
  type: bytes === PNG_A ? 'image/png' : 'image/webp',
  version,
  bytes,
  updatedAt: '2026-11-27T20:00:00.000Z',
})

for (const s of STORES) {
  describe(`RomStore covers: ${s.name}`, () => {
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

    async function stored() {
      const rom = newTestRom()
      await store.insert(rom)
      return rom
    }

    it('puts, gets, replaces and deletes a cover, and the entry names its version', async () => {
      const rom = await stored()
      expect(await store.getCover(rom.id)).toBeUndefined()
      expect((await store.get(rom.id))?.coverVersion).toBeNull()

      const put = await store.putCover(cover(rom.id, PNG_A, '00000000000000aa'))
      expect(put).toEqual({
        status: 'stored',
        cover: {
          romId: rom.id,
          type: 'image/png',
          version: '00000000000000aa',
          size: PNG_A.length,
          updatedAt: '2026-11-27T20:00:00.000Z',
        },
      })
      const got = await store.getCover(rom.id)
      expect(got?.cover.version).toBe('00000000000000aa')
      expect(new Uint8Array(got?.bytes ?? [])).toEqual(PNG_A)
      expect((await store.get(rom.id))?.coverVersion).toBe('00000000000000aa')

      await store.putCover(cover(rom.id, WEBP_B, '00000000000000bb'))
      const replaced = await store.getCover(rom.id)
      expect(replaced?.cover.type).toBe('image/webp')
      expect(new Uint8Array(replaced?.bytes ?? [])).toEqual(WEBP_B)
      expect(
        (await store.listPage({ offset: 0, limit: 5, search: '', sort: 'date', order: 'desc' }))
          .roms[0]?.coverVersion,
      ).toBe('00000000000000bb')

      expect(await store.deleteCover(rom.id)).toBe(true)
      expect(await store.getCover(rom.id)).toBeUndefined()
      expect((await store.get(rom.id))?.coverVersion).toBeNull()
      expect(await store.deleteCover(rom.id)).toBe(false)
    })

    it('keeps the cover there when asked to store one only if there is none', async () => {
      const rom = await stored()
      const first = await store.putCover({
        ...cover(rom.id, PNG_A, 'aaaaaaaaaaaaaaaa'),
        onlyIfNone: true,
      })
      expect(first.status).toBe('stored')
      const second = await store.putCover({
        ...cover(rom.id, WEBP_B, 'bbbbbbbbbbbbbbbb'),
        onlyIfNone: true,
      })
      expect(second).toMatchObject({ status: 'exists', cover: { version: 'aaaaaaaaaaaaaaaa' } })
      expect(new Uint8Array((await store.getCover(rom.id))?.bytes ?? [])).toEqual(PNG_A)
      expect((await store.get(rom.id))?.coverVersion).toBe('aaaaaaaaaaaaaaaa')
    })

    it('stores no cover for an entry that is not there or deleted', async () => {
      expect(await store.putCover(cover(crypto.randomUUID(), PNG_A, 'aaaaaaaaaaaaaaaa'))).toEqual({
        status: 'no-rom',
      })
      const rom = await stored()
      await store.delete(rom.id)
      expect(await store.putCover(cover(rom.id, PNG_A, 'aaaaaaaaaaaaaaaa'))).toEqual({
        status: 'no-rom',
      })
      expect(await store.deleteCover(rom.id)).toBe(false)
    })

    it('hides the cover with its entry, gives it back with an undo, and removes it with the purge', async () => {
      const rom = await stored()
      await store.putCover(cover(rom.id, PNG_A, 'aaaaaaaaaaaaaaaa'))
      await store.delete(rom.id)
      expect(await store.getCover(rom.id)).toBeUndefined()
      expect((await store.restore(rom.id, 60_000))?.coverVersion).toBe('aaaaaaaaaaaaaaaa')
      expect(new Uint8Array((await store.getCover(rom.id))?.bytes ?? [])).toEqual(PNG_A)

      await store.delete(rom.id)
      expect(await store.purgeDeleted(0)).toBe(1)
      // The same ROM uploaded again starts without the purged entry's cover.
      const again = await store.insert({ ...rom, id: crypto.randomUUID() })
      expect(again.status).toBe('inserted')
      if (again.status === 'inserted') {
        expect(again.rom.coverVersion).toBeNull()
        expect(await store.getCover(again.rom.id)).toBeUndefined()
      }
    })

    it('moves the list revision with a cover, so copies of the list learn its version', async () => {
      const rom = await stored()
      const before = await store.revision()
      await store.putCover(cover(rom.id, PNG_A, 'aaaaaaaaaaaaaaaa'))
      const changes = await store.listChanges(before)
      expect(changes?.revision).not.toBe(before)
      expect(changes?.changed.map((row) => row.rom.coverVersion)).toEqual(['aaaaaaaaaaaaaaaa'])
      const afterPut = await store.revision()
      await store.deleteCover(rom.id)
      expect((await store.listChanges(afterPut))?.changed.map((r) => r.rom.coverVersion)).toEqual([
        null,
      ])
    })
  })
}
