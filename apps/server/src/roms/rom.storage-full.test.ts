// A full disk (simulated with PRAGMA max_page_count: SQLite reports the same SQLITE_FULL) answers 507
// with a message a person understands, and purging deleted ROMs makes room again, WAL included.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { romUploadResponseSchema } from '@nes-studio/shared'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

let dir: string
let t: TestApp
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nes-full-'))
  // 4 KiB pages: room for the schema and a handful of 24 KiB ROMs.
  const store = await openSqliteRomStore({ file: path.join(dir, 'library.db'), maxPageCount: 64 })
  t = await createTestApp({ store })
})
afterEach(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

const upload = (seed: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/roms',
    ...uploadForm(buildRom({ seed }), `r${seed}.nes`),
  })

it('answers 507 "The server\'s storage is full", and accepts uploads again after deletes', async () => {
  const stored: string[] = []
  let full: Awaited<ReturnType<typeof upload>> | undefined
  for (let seed = 1; seed < 40 && !full; seed++) {
    const res = await upload(seed)
    if (res.statusCode === 201) stored.push(romUploadResponseSchema.parse(res.json()).rom.id)
    else full = res
  }
  expect(full?.statusCode).toBe(507)
  expect(full?.json().error.code).toBe('StorageFull')
  expect(full?.json().error.message).toContain("The server's storage is full")
  expect(stored.length).toBeGreaterThan(0)
  // Nothing half-written: the list still holds exactly the stored ROMs.
  expect((await t.app.inject({ url: '/api/roms' })).json().roms).toHaveLength(stored.length)

  for (const id of stored.slice(0, 2)) {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/roms/${id}` })).statusCode).toBe(204)
  }
  // Deletes are undoable for a while; the purge (which the server runs on a timer) frees the space.
  expect(await t.store.purgeDeleted(0)).toBe(2)
  expect(statSync(path.join(dir, 'library.db-wal')).size).toBe(0) // checkpointed and truncated
  expect((await upload(100)).statusCode).toBe(201)
})
