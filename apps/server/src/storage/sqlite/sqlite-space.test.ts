// The SQLite library gives deleted ROMs' space back to the file system, keeps its reserve for deletes
// on a full disk, and converts a library made before incremental auto-vacuum once. (The full disk
// itself: roms/rom.full-disk.test.ts, on a real small file system.)
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Database } from './sqlite-driver'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { writeLibrary } from '../../test/damaged-db'
import { openSqliteRomStore } from './sqlite-rom-store'
import { RESERVE_BYTES } from './sqlite-space'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nes-space-'))
  file = path.join(dir, 'library.db')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const autoVacuum = (f: string) => {
  const db = new Database(f, { readonly: true })
  try {
    return db.pragma('auto_vacuum', { simple: true })
  } finally {
    db.close()
  }
}

it('shrinks library.db when deletes are purged, and keeps library.db-reserve beside it', async () => {
  await writeLibrary(file, 40)
  const store = await openSqliteRomStore({ file })
  expect(statSync(`${file}-reserve`).size).toBe(RESERVE_BYTES)
  const before = statSync(file).size
  const roms = await store.list()
  for (const rom of roms.slice(0, 20)) await store.delete(rom.id)
  expect(await store.purgeDeleted(0)).toBe(20)
  // 20 of the 40 16 KiB ROMs are gone from the file, not only from the table.
  expect(statSync(file).size).toBeLessThan(before - 20 * 16 * 1024)
  expect(statSync(`${file}-wal`).size).toBe(0)
  expect(await store.list()).toHaveLength(20)
  await store.close()
})

it('converts a library made without incremental auto-vacuum once, keeping its ROMs', async () => {
  await writeLibrary(file, 10)
  // As a server before this change left it: auto_vacuum NONE (SQLite's default).
  const old = new Database(file)
  old.pragma('auto_vacuum = NONE')
  old.exec('VACUUM')
  old.close()
  expect(autoVacuum(file)).toBe(0)
  const notes: string[] = []
  const store = await openSqliteRomStore({ file, notice: (m) => notes.push(m) })
  expect(await store.list()).toHaveLength(10)
  await store.close()
  expect(autoVacuum(file)).toBe(2)
  expect(notes).toEqual([expect.stringContaining("now gives deleted ROMs' space back")])
  const again = await openSqliteRomStore({ file, notice: (m) => notes.push(m) })
  await again.close()
  expect(notes).toHaveLength(1)
})
