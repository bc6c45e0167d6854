// Battery saves and save states on every backend: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
import { createHash, randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NewRom, RomStore } from './rom-store'
import type { NewSaveState } from './save-store'
import { STORES, TEST_DATABASE_URL } from './test-stores'
import type { TestDatabase } from './test-stores'

if (!TEST_DATABASE_URL) {
  describe('SaveStore contract: postgres', () => {
    it('not run: TEST_DATABASE_URL not set', () => {
      console.warn(
        'SaveStore contract suite on PostgreSQL not run: TEST_DATABASE_URL not set ' +
          '(source .ci/postgres.sh; start_test_postgres)',
      )
      expect(process.env.TEST_DATABASE_URL).toBeUndefined()
    })
  })
}

let serial = 0
function newRom(): NewRom {
  serial++
  const bytes = new Uint8Array(2048).map((_, i) => (i * 13 + serial) & 0xff)
  return {
    id: randomUUID(),
    title: `ROM ${serial}`,
    fileName: `rom-${serial}.nes`,
    fileSize: bytes.length,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, serial)).toISOString(),
    mapper: 4,
    submapper: null,
    prgRomBanks: 1,
    chrRomBanks: 0,
    mirroring: 'vertical',
    battery: true,
    trainer: false,
    nes2: false,
    sha1: createHash('sha1').update(bytes).update(String(serial)).digest('hex'),
    fileSha256: createHash('sha256').update(bytes).digest('hex'),
    bytes,
  }
}

function bytesOf(length: number, seed: number): Uint8Array {
  return new Uint8Array(length).map((_, i) => (i * 7 + seed * 31) & 0xff)
}

let tick = 0
function newState(rom: NewRom, overrides: Partial<NewSaveState> = {}): NewSaveState {
  tick++
  return {
    id: randomUUID(),
    romId: rom.id,
    kind: 'manual',
    slot: null,
    createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, tick)).toISOString(),
    core: 'fceumm',
    coreVersion: '4.2.3',
    romSha1: rom.sha1,
    bytes: bytesOf(14_000, tick),
    thumbnail: bytesOf(3000, tick + 1),
    ...overrides,
  }
}

function meta(state: NewSaveState) {
  const { bytes, thumbnail, ...rest } = state
  return { ...rest, size: bytes.length, thumbnailSize: thumbnail ? thumbnail.length : null }
}

const same = (a: Uint8Array | undefined, b: Uint8Array) =>
  Buffer.compare(Buffer.from(a ?? []), Buffer.from(b)) === 0

for (const s of STORES) {
  describe(`SaveStore contract: ${s.name}`, () => {
    let db: TestDatabase
    let store: RomStore
    let rom: NewRom

    beforeEach(async () => {
      db = s.createDatabase()
      store = await db.open()
      rom = newRom()
      await store.insert(rom)
    })
    afterEach(async () => {
      await store.close()
      await db.destroy()
    })

    async function ids(romId = rom.id) {
      return (await store.listSaveStates(romId)).map((x) => x.id)
    }

    it('adds the save tables to a version 2 database, keeping its ROMs', async () => {
      const oldDb = s.createDatabase()
      try {
        const old = await oldDb.open(2)
        await old.close()
        const oldRom = newRom()
        await oldDb.insertOldRom(oldRom)
        const upgraded = await oldDb.open()
        expect(await upgraded.schemaVersion()).toBe(s.migrations)
        expect(await upgraded.get(oldRom.id)).toBeDefined()
        const state = newState(oldRom)
        expect((await upgraded.insertSaveState(state, 100)).status).toBe('inserted')
        expect(await upgraded.listSaveStates(oldRom.id)).toEqual([meta(state)])
        await upgraded.close()
      } finally {
        await oldDb.destroy()
      }
    })

    describe('battery saves', () => {
      it('has none at first, then returns the bytes written, exactly', async () => {
        expect(await store.getBatterySave(rom.id)).toBeUndefined()
        const bytes = bytesOf(64 * 1024, 1)
        const updatedAt = '2026-03-01T10:00:00.000Z'
        const put = await store.putBatterySave({ romId: rom.id, bytes, updatedAt })
        expect(put).toEqual({
          status: 'stored',
          save: { romId: rom.id, size: bytes.length, updatedAt },
        })
        const found = await store.getBatterySave(rom.id)
        expect(found?.save).toEqual(put.status === 'stored' ? put.save : undefined)
        expect(same(found?.bytes, bytes)).toBe(true)
      })

      it('replaces the save on a second write', async () => {
        await store.putBatterySave({
          romId: rom.id,
          bytes: bytesOf(8192, 1),
          updatedAt: '2026-03-01T09:00:00.000Z',
        })
        const bytes = bytesOf(2048, 2)
        const updatedAt = '2026-03-01T10:00:05.000Z'
        await store.putBatterySave({ romId: rom.id, bytes, updatedAt })
        const found = await store.getBatterySave(rom.id)
        expect(found?.save).toEqual({ romId: rom.id, size: 2048, updatedAt })
        expect(same(found?.bytes, bytes)).toBe(true)
      })

      it('writes nothing for an unknown ROM', async () => {
        const romId = randomUUID()
        const put = await store.putBatterySave({
          romId,
          bytes: bytesOf(8, 1),
          updatedAt: '2026-03-01T10:00:00.000Z',
        })
        expect(put).toEqual({ status: 'no-rom' })
        expect(await store.getBatterySave(romId)).toBeUndefined()
      })

      describe('written from a base version', () => {
        const first = '2026-03-01T10:00:00.000Z'
        const later = '2026-03-01T10:00:07.000Z'

        it('stores a first save only while there is none (base null)', async () => {
          const put = await store.putBatterySave({
            romId: rom.id,
            bytes: bytesOf(64, 1),
            updatedAt: first,
            base: null,
          })
          expect(put).toEqual({
            status: 'stored',
            save: { romId: rom.id, size: 64, updatedAt: first },
          })
          const again = await store.putBatterySave({
            romId: rom.id,
            bytes: bytesOf(64, 2),
            updatedAt: later,
            base: null,
          })
          expect(again).toEqual({
            status: 'conflict',
            current: { romId: rom.id, size: 64, updatedAt: first },
          })
          expect(same((await store.getBatterySave(rom.id))?.bytes, bytesOf(64, 1))).toBe(true)
        })

        it('replaces the save only while it is still at the base', async () => {
          await store.putBatterySave({ romId: rom.id, bytes: bytesOf(64, 1), updatedAt: first })
          const stale = await store.putBatterySave({
            romId: rom.id,
            bytes: bytesOf(64, 3),
            updatedAt: later,
            base: '2026-03-01T09:59:59.999Z',
          })
          expect(stale).toEqual({
            status: 'conflict',
            current: { romId: rom.id, size: 64, updatedAt: first },
          })
          expect(same((await store.getBatterySave(rom.id))?.bytes, bytesOf(64, 1))).toBe(true)
          const fresh = await store.putBatterySave({
            romId: rom.id,
            bytes: bytesOf(32, 3),
            updatedAt: later,
            base: first,
          })
          expect(fresh).toEqual({
            status: 'stored',
            save: { romId: rom.id, size: 32, updatedAt: later },
          })
          expect(same((await store.getBatterySave(rom.id))?.bytes, bytesOf(32, 3))).toBe(true)
        })

        it('reports a save deleted since the base as a conflict with none', async () => {
          await store.putBatterySave({ romId: rom.id, bytes: bytesOf(64, 1), updatedAt: first })
          await store.deleteBatterySave(rom.id)
          const put = await store.putBatterySave({
            romId: rom.id,
            bytes: bytesOf(64, 2),
            updatedAt: later,
            base: first,
          })
          expect(put).toEqual({ status: 'conflict', current: null })
          expect(await store.getBatterySave(rom.id)).toBeUndefined()
        })

        it('takes the same bytes again as stored, whatever the base (a repeated write)', async () => {
          await store.putBatterySave({ romId: rom.id, bytes: bytesOf(64, 5), updatedAt: first })
          const repeat = await store.putBatterySave({
            romId: rom.id,
            bytes: bytesOf(64, 5),
            updatedAt: later,
            base: null,
          })
          expect(repeat).toEqual({
            status: 'stored',
            save: { romId: rom.id, size: 64, updatedAt: first },
          })
        })

        it('lets one of two writers from the same base through', async () => {
          await store.putBatterySave({ romId: rom.id, bytes: bytesOf(64, 1), updatedAt: first })
          const results = await Promise.all(
            [2, 3].map((fill, i) =>
              store.putBatterySave({
                romId: rom.id,
                bytes: bytesOf(64, fill),
                updatedAt: `2026-03-01T10:00:0${8 + i}.000Z`,
                base: first,
              }),
            ),
          )
          expect(results.map((r) => r.status).sort()).toEqual(['conflict', 'stored'])
        })

        it('writes nothing for an unknown or deleted ROM', async () => {
          const put = await store.putBatterySave({
            romId: randomUUID(),
            bytes: bytesOf(8, 1),
            updatedAt: first,
            base: null,
          })
          expect(put).toEqual({ status: 'no-rom' })
          await store.putBatterySave({ romId: rom.id, bytes: bytesOf(8, 1), updatedAt: first })
          await store.delete(rom.id)
          const deleted = await store.putBatterySave({
            romId: rom.id,
            bytes: bytesOf(8, 1),
            updatedAt: later,
            base: first,
          })
          expect(deleted).toEqual({ status: 'no-rom' })
        })
      })

      it('deletes a save once', async () => {
        const updatedAt = '2026-03-01T10:00:00.000Z'
        await store.putBatterySave({ romId: rom.id, bytes: bytesOf(8192, 1), updatedAt })
        expect(await store.deleteBatterySave(rom.id)).toBe(true)
        expect(await store.getBatterySave(rom.id)).toBeUndefined()
        expect(await store.deleteBatterySave(rom.id)).toBe(false)
      })

      it('keeps the old save when a write fails', async () => {
        const bytes = bytesOf(8192, 1)
        const updatedAt = '2026-03-01T10:00:00.000Z'
        await store.putBatterySave({ romId: rom.id, bytes, updatedAt })
        // An empty save breaks the size check.
        await expect(
          store.putBatterySave({ romId: rom.id, bytes: new Uint8Array(0), updatedAt }),
        ).rejects.toThrow()
        expect(same((await store.getBatterySave(rom.id))?.bytes, bytes)).toBe(true)
      })
    })

    describe('save states', () => {
      it('stores a state with its thumbnail and lists newest first', async () => {
        const a = newState(rom, { slot: 'Before the boss 🐉' })
        const b = newState(rom, { kind: 'auto', thumbnail: null })
        expect(await store.insertSaveState(a, 100)).toEqual({
          status: 'inserted',
          state: meta(a),
          replaced: [],
          pruned: [],
        })
        await store.insertSaveState(b, 100)
        expect(await store.listSaveStates(rom.id)).toEqual([meta(b), meta(a)])
        const found = await store.getSaveState(rom.id, a.id)
        expect(found?.state).toEqual(meta(a))
        expect(same(found?.bytes, a.bytes)).toBe(true)
        expect(
          same(await store.getSaveStateThumbnail(rom.id, a.id), a.thumbnail ?? new Uint8Array()),
        ).toBe(true)
        expect(await store.getSaveStateThumbnail(rom.id, b.id)).toBeUndefined()
      })

      it('round-trips a 1 MiB state', async () => {
        const state = newState(rom, { bytes: bytesOf(1024 * 1024, 9) })
        await store.insertSaveState(state, 100)
        expect(same((await store.getSaveState(rom.id, state.id))?.bytes, state.bytes)).toBe(true)
      })

      it('finds a state only under its own ROM', async () => {
        const other = newRom()
        await store.insert(other)
        const state = newState(rom)
        await store.insertSaveState(state, 100)
        expect(await store.getSaveState(other.id, state.id)).toBeUndefined()
        expect(await store.getSaveStateThumbnail(other.id, state.id)).toBeUndefined()
        expect(await store.deleteSaveState(other.id, state.id)).toBe(false)
        expect(await store.listSaveStates(other.id)).toEqual([])
        expect(await ids()).toEqual([state.id])
      })

      it('writes nothing for an unknown ROM', async () => {
        const state = newState(rom, { romId: randomUUID() })
        expect(await store.insertSaveState(state, 100)).toEqual({ status: 'no-rom' })
        expect(await store.listSaveStates(state.romId)).toEqual([])
      })

      it('replaces the state in a re-used slot, and keeps one resume state', async () => {
        const slot1 = newState(rom, { slot: '1' })
        const slot2 = newState(rom, { slot: '2' })
        const resume = newState(rom, { kind: 'resume' })
        for (const st of [slot1, slot2, resume]) await store.insertSaveState(st, 100)
        const slot1Again = newState(rom, { slot: '1', kind: 'auto' })
        const result = await store.insertSaveState(slot1Again, 100)
        expect(result).toMatchObject({ status: 'inserted', replaced: [slot1.id], pruned: [] })
        const resumeAgain = newState(rom, { kind: 'resume' })
        const r2 = await store.insertSaveState(resumeAgain, 100)
        expect(r2).toMatchObject({ status: 'inserted', replaced: [resume.id] })
        expect(await ids()).toEqual([resumeAgain.id, slot1Again.id, slot2.id])
        expect(await store.getSaveState(rom.id, slot1.id)).toBeUndefined()
      })

      it('prunes the oldest auto states at the limit, else refuses and writes nothing', async () => {
        const manual = newState(rom, { slot: 'keep' })
        const autos = [newState(rom, { kind: 'auto' }), newState(rom, { kind: 'auto' })]
        for (const st of [autos[0], manual, autos[1]]) await store.insertSaveState(st!, 3)
        const next = newState(rom)
        const result = await store.insertSaveState(next, 3)
        expect(result).toMatchObject({ status: 'inserted', pruned: [autos[0]!.id] })
        const last = newState(rom, { kind: 'auto' })
        expect(await store.insertSaveState(last, 3)).toMatchObject({ pruned: [autos[1]!.id] })
        // Now only manual and auto-free: a fourth state has no room.
        await store.deleteSaveState(rom.id, last.id)
        await store.insertSaveState(newState(rom), 3)
        const before = await ids()
        expect(before).toHaveLength(3)
        expect(await store.insertSaveState(newState(rom, { kind: 'auto' }), 3)).toEqual({
          status: 'full',
        })
        expect(await ids()).toEqual(before)
        // Re-using a slot needs no room.
        const keepAgain = newState(rom, { slot: 'keep' })
        expect((await store.insertSaveState(keepAgain, 3)).status).toBe('inserted')
      })

      it('keeps the replaced state when the new one fails to write', async () => {
        const old = newState(rom, { slot: 'A' })
        await store.insertSaveState(old, 100)
        // The slot's state is deleted first, then the empty bytes break a check: all rolled back.
        const broken = newState(rom, { slot: 'A', bytes: new Uint8Array(0) })
        await expect(store.insertSaveState(broken, 100)).rejects.toThrow()
        expect(await ids()).toEqual([old.id])
        expect(same((await store.getSaveState(rom.id, old.id))?.bytes, old.bytes)).toBe(true)
      })

      it('stays within the limit under concurrent uploads, one state per slot', async () => {
        const autos = Array.from({ length: 12 }, () => newState(rom, { kind: 'auto' }))
        const slotted = Array.from({ length: 6 }, () => newState(rom, { slot: 'quick' }))
        const results = await Promise.all(
          [...autos, ...slotted].map((st) => store.insertSaveState(st, 5)),
        )
        expect(results.every((r) => r.status === 'inserted')).toBe(true)
        const states = await store.listSaveStates(rom.id)
        expect(states).toHaveLength(5)
        expect(states.filter((st) => st.slot === 'quick')).toHaveLength(1)
      })

      it('deletes a state once', async () => {
        const state = newState(rom)
        await store.insertSaveState(state, 100)
        expect(await store.deleteSaveState(rom.id, state.id)).toBe(true)
        expect(await store.getSaveState(rom.id, state.id)).toBeUndefined()
        expect(await store.deleteSaveState(rom.id, state.id)).toBe(false)
      })
    })

    it("keeps a deleted ROM's save and states until the purge, which removes only those", async () => {
      const other = newRom()
      await store.insert(other)
      const updatedAt = '2026-03-01T10:00:00.000Z'
      for (const r of [rom, other]) {
        await store.putBatterySave({ romId: r.id, bytes: bytesOf(8192, 3), updatedAt })
        await store.insertSaveState(newState(r, { slot: '1' }), 100)
        await store.insertSaveState(newState(r, { kind: 'resume' }), 100)
      }
      const state = (await store.listSaveStates(rom.id))[0]!
      expect(await store.delete(rom.id)).toBe(true)
      // Hidden, not gone: an undo brings all of it back. A deleted ROM takes no new save or state.
      expect(await store.getBatterySave(rom.id)).toBeDefined()
      expect(await store.listSaveStates(rom.id)).toHaveLength(2)
      expect(
        await store.putBatterySave({ romId: rom.id, bytes: bytesOf(10, 1), updatedAt }),
      ).toEqual({ status: 'no-rom' })
      expect(await store.insertSaveState(newState(rom, { slot: '2' }), 100)).toEqual({
        status: 'no-rom',
      })

      expect(await store.purgeDeleted(0)).toBe(1)
      expect(await store.getBatterySave(rom.id)).toBeUndefined()
      expect(await store.listSaveStates(rom.id)).toEqual([])
      expect(await store.getSaveState(rom.id, state.id)).toBeUndefined()
      expect(await store.getBatterySave(other.id)).toBeDefined()
      expect(await store.listSaveStates(other.id)).toHaveLength(2)
    })

    it('keeps saves and states across reopening', async () => {
      const state = newState(rom, { kind: 'resume' })
      await store.insertSaveState(state, 100)
      const bytes = bytesOf(8192, 4)
      await store.putBatterySave({ romId: rom.id, bytes, updatedAt: '2026-03-01T10:00:00.000Z' })
      const again = await db.open()
      try {
        expect(await again.listSaveStates(rom.id)).toEqual([meta(state)])
        expect(same((await again.getBatterySave(rom.id))?.bytes, bytes)).toBe(true)
      } finally {
        await again.close()
      }
    })
  })
}
