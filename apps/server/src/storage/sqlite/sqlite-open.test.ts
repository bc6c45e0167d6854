// Start-up checks of the SQLite library file: damaged, not a database, or in a folder that is no folder.
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { damageRomsTable, sha256File, writeLibrary } from '../../test/damaged-db'
import { StorageStartupError } from '../storage-errors'
import { openSqliteRomStore } from './sqlite-rom-store'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nes-open-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

async function openError(file: string): Promise<StorageStartupError> {
  const err = await openSqliteRomStore({ file }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(StorageStartupError)
  return err as StorageStartupError
}

it('refuses a damaged library, naming the path, quick_check output and the fix, without writing to it', async () => {
  const file = path.join(dir, 'library.db')
  await writeLibrary(file, 60)
  damageRomsTable(file)
  const before = sha256File(file)
  const err = await openError(file)
  expect(err.message).toContain(file)
  expect(err.message).toContain('PRAGMA quick_check reported')
  expect(err.message).toContain('.recover')
  expect(sha256File(file)).toBe(before)
  // The read-only check may leave an empty WAL file beside it; nothing is ever logged into it.
  const wal = `${file}-wal`
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0)
})

it('opens a sound library that was written before', async () => {
  const file = path.join(dir, 'library.db')
  await writeLibrary(file, 60)
  const store = await openSqliteRomStore({ file })
  expect(await store.list()).toHaveLength(60)
  await store.close()
})

it('names the path of a file that is not a database', async () => {
  const file = path.join(dir, 'library.db')
  writeFileSync(file, randomBytes(64 * 1024))
  const err = await openError(file)
  expect(err.message).toContain(`${file} is not an SQLite database`)
})

it('names DATA_DIR when the data folder cannot be created', async () => {
  const notAFolder = path.join(dir, 'plain-file')
  writeFileSync(notAFolder, 'x')
  const err = await openError(path.join(notAFolder, 'data', 'library.db'))
  expect(err.message).toContain(path.join(notAFolder, 'data'))
  expect(err.message).toContain('DATA_DIR')
})

it('refuses a zero-byte library.db (the library it held is gone) and keeps its WAL', async () => {
  const file = path.join(dir, 'library.db')
  writeFileSync(file, '')
  // Opening a zero-page database makes SQLite delete the WAL beside it: it may hold the last changes.
  const wal = randomBytes(4096)
  writeFileSync(`${file}-wal`, wal)
  const err = await openError(file)
  expect(err.message).toContain(`The library database ${file} is empty (0 bytes)`)
  expect(err.message).toContain('backup')
  expect(statSync(file).size).toBe(0)
  expect(readFileSync(`${file}-wal`)).toEqual(wal)
})

it('creates a new library whole: never a zero-byte library.db, no staging file left', async () => {
  const file = path.join(dir, 'library.db')
  const store = await openSqliteRomStore({ file })
  await store.close()
  expect(statSync(file).size).toBeGreaterThan(0)
  expect(readdirSync(dir).sort()).toEqual(['library.db', 'library.db-reserve'])
  // and it opens again as the same (sound, empty) library
  const again = await openSqliteRomStore({ file })
  expect(await again.list()).toEqual([])
  await again.close()
})
