// RomStore's DATs (migration 8) on every backend: an import stays invisible until finished, then names
// the entries it lists (titles only where they are not the user's), replaces a DAT of the same name,
// and can be removed again; lookups for uploads find the newest DAT's line.
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DatLookup, NewDat, RomHashes, StoredDatRom } from './dat-store'
import type { NewRom, RomStore } from './rom-store'
import { newTestRom } from './test-roms'
import { STORES } from './test-stores'
import type { TestDatabase } from './test-stores'

const fileTitle = (fileName: string) => `file:${fileName}`

function newDat(name = 'No-Intro NES'): NewDat {
  return {
    id: randomUUID(),
    name,
    description: null,
    version: '1',
    format: 'logiqx',
    importedAt: new Date().toISOString(),
    gameCount: 1,
    romCount: 1,
  }
}

const line = (gameName: string, hashes: Partial<StoredDatRom>): StoredDatRom => ({
  gameName,
  region: 'USA',
  revision: null,
  size: null,
  crc32: null,
  sha1: null,
  ...hashes,
})

/** Finds entries by SHA-1 in `lines` (the service's real lookup is tested on its own). */
function lookupOf(datId: string, lines: StoredDatRom[]): DatLookup {
  return {
    find: (rom: RomHashes) => {
      const found = lines.find((l) => l.sha1 === rom.sha1)
      return found && { datId, ...found, title: `dat:${found.gameName}` }
    },
  }
}

for (const s of STORES) {
  describe(`RomStore DATs: ${s.name}`, () => {
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

    async function importDat(name: string, lines: StoredDatRom[]) {
      const dat = newDat(name)
      await store.beginDatImport(dat)
      await store.addDatRoms(dat.id, lines)
      return {
        dat,
        applied: await store.finishDatImport(dat.id, lookupOf(dat.id, lines), fileTitle),
      }
    }

    it('keeps an import invisible until it is finished, then names its entries', async () => {
      const fromFile = await insert({ titleSource: 'file' })
      const typed = await insert({ title: 'My Own Title', titleSource: 'user' })
      const dat = newDat()
      const lines = [
        line('Game A (USA)', { sha1: fromFile.sha1 }),
        line('Game B', { sha1: typed.sha1 }),
      ]
      await store.beginDatImport(dat)
      await store.addDatRoms(dat.id, lines)
      expect(await store.listDats()).toEqual([])
      expect(
        await store.findDatRom({ ...fromFile, fileSha1: null, crc32: null, fileCrc32: null }),
      ).toBeUndefined()

      const before = await store.revision()
      expect(await store.finishDatImport(dat.id, lookupOf(dat.id, lines), fileTitle)).toEqual({
        matched: 2,
        renamed: 1,
      })
      expect(await store.get(fromFile.id)).toMatchObject({
        title: 'dat:Game A (USA)',
        titleSource: 'dat',
        datId: dat.id,
        datName: 'Game A (USA)',
        datRegion: 'USA',
      })
      expect(await store.get(typed.id)).toMatchObject({
        title: 'My Own Title',
        titleSource: 'user',
        datName: 'Game B',
      })
      const changes = await store.listChanges(before)
      expect(changes?.changed.map((c) => c.rom.id).sort()).toEqual([fromFile.id, typed.id].sort())
      expect(await store.listDats()).toEqual([{ ...dat, matchedRoms: 2 }])
    })

    it('finds the newest DAT line by SHA-1 with or without header, or by CRC32 and size', async () => {
      const rom = await insert({ bytes: new Uint8Array(40976).fill(7) })
      const hashes: RomHashes = {
        sha1: rom.sha1,
        fileSha1: 'f'.repeat(40),
        crc32: 'aaaaaaaa',
        fileCrc32: 'bbbbbbbb',
        fileSize: 40976,
      }
      const { dat: older } = await importDat('Older', [line('By sha1', { sha1: rom.sha1 })])
      expect(await store.findDatRom(hashes)).toMatchObject({ datId: older.id, gameName: 'By sha1' })
      const { dat: headered } = await importDat('Headered', [
        line('Headered', { sha1: 'f'.repeat(40) }),
      ])
      expect(await store.findDatRom(hashes)).toMatchObject({ datId: headered.id })
      await importDat('Wrong size', [line('No', { crc32: 'aaaaaaaa', size: 40976 })])
      expect((await store.findDatRom(hashes))?.gameName).toBe('Headered')
      await importDat('By crc', [line('Crc headerless', { crc32: 'aaaaaaaa', size: 40960 })])
      expect((await store.findDatRom(hashes))?.gameName).toBe('Crc headerless')
      await importDat('By file crc', [line('Crc file', { crc32: 'bbbbbbbb', size: 40976 })])
      expect((await store.findDatRom(hashes))?.gameName).toBe('Crc file')
    })

    it('replaces a DAT of the same name: entries it no longer lists forget it', async () => {
      const kept = await insert({ titleSource: 'file' })
      const dropped = await insert({ titleSource: 'file', fileName: 'dropped.nes' })
      const { dat: first } = await importDat('NES', [
        line('Kept', { sha1: kept.sha1 }),
        line('Dropped', { sha1: dropped.sha1 }),
      ])
      const { dat: second } = await importDat('NES', [line('Kept v2', { sha1: kept.sha1 })])
      expect((await store.listDats()).map((d) => d.id)).toEqual([second.id])
      expect(await store.get(kept.id)).toMatchObject({ datId: second.id, title: 'dat:Kept v2' })
      expect(await store.get(dropped.id)).toMatchObject({
        datId: null,
        datName: null,
        title: 'file:dropped.nes',
        titleSource: 'file',
      })
      expect(first.id).not.toBe(second.id)
    })

    it('removes a DAT: its titles go back to the files, typed titles stay', async () => {
      const fromFile = await insert({ titleSource: 'file', fileName: 'zelda.nes' })
      const typed = await insert({ title: 'Mine', titleSource: 'user' })
      const { dat } = await importDat('NES', [
        line('Zelda', { sha1: fromFile.sha1 }),
        line('Other', { sha1: typed.sha1 }),
      ])
      expect(await store.deleteDat(dat.id, fileTitle)).toBe(true)
      expect(await store.get(fromFile.id)).toMatchObject({
        title: 'file:zelda.nes',
        titleSource: 'file',
        datName: null,
      })
      expect(await store.get(typed.id)).toMatchObject({ title: 'Mine', datName: null })
      expect(await store.deleteDat(dat.id, fileTitle)).toBe(false)
      expect(await store.listDats()).toEqual([])
    })

    it('abandons an import without a trace, and purges ones a crash left', async () => {
      const rom = await insert()
      const dat = newDat()
      await store.beginDatImport(dat)
      await store.addDatRoms(dat.id, [line('Ghost', { sha1: rom.sha1 })])
      await store.abandonDatImport(dat.id)
      const hashes = { ...rom, fileSha1: null, crc32: null, fileCrc32: null }
      expect(await store.findDatRom(hashes)).toBeUndefined()
      const crashed = newDat()
      await store.beginDatImport({
        ...crashed,
        importedAt: new Date(Date.now() - 7200_000).toISOString(),
      })
      expect(await store.purgeAbandonedDatImports(3600_000)).toBe(1)
      await expect(
        store.addDatRoms(crashed.id, [line('x', { crc32: '00000000' })]),
      ).rejects.toThrow()
    })

    it('applies one line to one entry, keeping a typed title', async () => {
      const rom = await insert({ titleSource: 'file' })
      const { dat } = await importDat('NES', [])
      const match = {
        datId: dat.id,
        gameName: 'Late',
        region: null,
        revision: 'Rev 1',
        title: 'dat:Late',
      }
      expect(await store.applyDatMatch(rom.id, match)).toBe(true)
      expect(await store.get(rom.id)).toMatchObject({ title: 'dat:Late', datRevision: 'Rev 1' })
      expect(await store.applyDatMatch(randomUUID(), match)).toBe(false)
    })

    it('renames and gives the title source, visible entries only', async () => {
      const rom = await insert({ titleSource: 'file' })
      expect(
        await store.updateEntry(rom.id, { title: 'Renamed', titleSource: 'user' }),
      ).toMatchObject({
        title: 'Renamed',
        titleSource: 'user',
      })
      await store.delete(rom.id)
      expect(await store.updateEntry(rom.id, { title: 'Again' })).toBeUndefined()
    })

    it("takes titles equal to the file name as the file's when upgrading a version 7 database", async () => {
      const oldDb = s.createDatabase()
      try {
        await (await oldDb.open(7)).close()
        const plain = newTestRom({ title: 'mario', fileName: 'mario.nes' })
        const typed = newTestRom({ title: 'Super Mario', fileName: 'smb.nes' })
        await oldDb.insertOldRom(plain)
        await oldDb.insertOldRom(typed)
        const upgraded = await oldDb.open()
        try {
          expect((await upgraded.get(plain.id))?.titleSource).toBe('file')
          expect((await upgraded.get(typed.id))?.titleSource).toBe('user')
        } finally {
          await upgraded.close()
        }
      } finally {
        await oldDb.destroy()
      }
    })
  })
}
