// RomStore's identity columns (migration 7) on every backend: stored with a ROM, found when missing,
// set later, the corrected-header option, and the list revision moving with each of them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Cartridge } from '@nes-studio/shared'
import type { RomIdentityFields, RomStore } from './rom-store'
import { newTestRom, recordOf } from './test-roms'
import { STORES } from './test-stores'
import type { TestDatabase } from './test-stores'

const CART: Cartridge = {
  systems: ['Famicom', 'NES-NTSC'],
  board: 'NES-UNROM',
  mapper: 2,
  prgRomBytes: 131072,
  chrRomBytes: 0,
  chrRamBytes: 8192,
  prgRamBytes: 0,
  battery: false,
  mirroring: 'vertical',
  dump: 'ok',
}

const identity = (cartridgeDb: string, cartridge: Cartridge | null = CART): RomIdentityFields => ({
  crc32: '0badf00d',
  fileSha1: 'f'.repeat(40),
  fileCrc32: '12345678',
  cartridge,
  cartridgeDb,
  cartRegion: cartridge ? 'Japan, USA' : null,
})

for (const s of STORES) {
  describe(`RomStore identity: ${s.name}`, () => {
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

    it('stores a ROM with its identity and gives it back as stored', async () => {
      const rom = newTestRom(identity('db-1'))
      expect(await store.insert(rom)).toEqual({ status: 'inserted', rom: recordOf(rom) })
      expect((await store.get(rom.id))?.cartridge).toEqual(CART)
      expect(await store.listUnidentified('db-1', 10)).toEqual([])
    })

    it('lists the ROMs not identified with a database, oldest first, then forgets them once set', async () => {
      const plain = newTestRom()
      const other = newTestRom(identity('db-old'))
      const done = newTestRom(identity('db-new'))
      const hidden = newTestRom()
      for (const rom of [plain, other, done, hidden]) await store.insert(rom)
      await store.delete(hidden.id)
      expect(await store.listUnidentified('db-new', 10)).toEqual([plain.id, other.id])
      expect(await store.listUnidentified('db-new', 1)).toEqual([plain.id])

      const before = await store.revision()
      expect(await store.setIdentity(plain.id, identity('db-new', null))).toBe(true)
      expect(await store.setIdentity(other.id, identity('db-new'))).toBe(true)
      expect(await store.listUnidentified('db-new', 10)).toEqual([])
      expect(await store.get(plain.id)).toEqual({ ...recordOf(plain), ...identity('db-new', null) })
      // The list shows identity, so a copy of it catches up through listChanges.
      const changes = await store.listChanges(before)
      expect(changes?.changed.map((c) => c.rom.id).sort()).toEqual([plain.id, other.id].sort())
      expect(changes?.changed.find((c) => c.rom.id === other.id)?.rom.cartridge).toEqual(CART)
      expect(await store.setIdentity('no-such-id', identity('db-new'))).toBe(false)
    })

    it('turns the corrected header off and on for a visible entry only', async () => {
      const rom = newTestRom(identity('db-1'))
      await store.insert(rom)
      const before = await store.revision()
      expect(
        (await store.updateEntry(rom.id, { useCorrectedHeader: false }))?.useCorrectedHeader,
      ).toBe(false)
      expect((await store.get(rom.id))?.useCorrectedHeader).toBe(false)
      expect(await store.revision()).not.toBe(before)
      expect(await store.updateEntry(rom.id, { useCorrectedHeader: true })).toMatchObject({
        useCorrectedHeader: true,
      })
      await store.delete(rom.id)
      expect(await store.updateEntry(rom.id, { useCorrectedHeader: false })).toBeUndefined()
    })

    it('leaves the ROMs of a version 6 database to identify, correction on', async () => {
      const oldDb = s.createDatabase()
      try {
        await (await oldDb.open(6)).close()
        const rom = newTestRom()
        await oldDb.insertOldRom(rom)
        const upgraded = await oldDb.open()
        try {
          expect(await upgraded.get(rom.id)).toEqual(recordOf(rom))
          expect(await upgraded.listUnidentified('db-1', 10)).toEqual([rom.id])
        } finally {
          await upgraded.close()
        }
      } finally {
        await oldDb.destroy()
      }
    })
  })
}
