// Test helper: a real library file with one interior page of `roms` overwritten, as a disk fault leaves it.
import { openSync, readFileSync, writeSync, closeSync } from 'node:fs'
import { Database } from '../storage/sqlite/sqlite-driver'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { buildRom } from './rom-builder'
import { createHash } from 'node:crypto'

export async function writeLibrary(file: string, roms: number): Promise<void> {
  const store = await openSqliteRomStore({ file })
  for (let seed = 1; seed <= roms; seed++) {
    const bytes = buildRom({ seed, prgBanks: 1, chrBanks: 0 })
    await store.insert({
      id: crypto.randomUUID(),
      title: `A rather long title so that the roms table needs several pages, number ${seed}`,
      fileName: `rom-${seed}.nes`,
      fileSize: bytes.length,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seed)).toISOString(),
      mapper: 0,
      submapper: null,
      prgRomBanks: 1,
      chrRomBanks: 0,
      mirroring: 'horizontal',
      battery: false,
      trainer: false,
      nes2: false,
      sha1: createHash('sha1').update(bytes.subarray(16)).digest('hex'),
      fileSha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
    })
  }
  await store.close() // the last connection checkpoints the WAL into the file
}

/** Overwrites the root page of `roms` (an interior page once the table spans several) with garbage. */
export function damageRomsTable(file: string): void {
  const db = new Database(file, { readonly: true })
  const { rootpage } = db
    .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'roms'")
    .get() as {
    rootpage: number
  }
  const pageSize = db.pragma('page_size', { simple: true }) as number
  db.close()
  const fd = openSync(file, 'r+')
  // Keep the first 12 bytes (page type and cell count) so the page still looks like a b-tree page.
  writeSync(fd, Buffer.alloc(pageSize - 12, 0xa5), 0, pageSize - 12, (rootpage - 1) * pageSize + 12)
  closeSync(fd)
}

export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex')
}
