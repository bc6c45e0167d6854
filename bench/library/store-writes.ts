// The SQLite store's own write time (no HTTP): inserting a 256 KiB ROM and writing an 8 KiB battery
// save, the writes SqliteSpace (issue 24: a full disk stays freeable) checkpoints after.
// Usage: npx tsx bench/library/store-writes.ts [--writes 120]
import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openSqliteRomStore } from '../../apps/server/src/storage/sqlite/sqlite-rom-store'
import { makeRom } from './lib/rom-files'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({ options: { writes: { type: 'string', default: '120' } } })
const WRITES = Math.min(2000, Number(values.writes))

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nes-bench-writes-'))
  const store = await openSqliteRomStore({ file: path.join(dir, 'library.db') })
  const inserts: number[] = []
  const saves: number[] = []
  try {
    for (let seed = 1; seed <= WRITES; seed++) {
      const bytes = makeRom(16, 0, seed)
      const started = performance.now()
      const result = await store.insert({
        id: randomUUID(),
        title: `ROM ${seed}`,
        fileName: `rom-${seed}.nes`,
        fileSize: bytes.length,
        createdAt: new Date().toISOString(),
        mapper: 0,
        submapper: null,
        prgRomBanks: 16,
        chrRomBanks: 0,
        mirroring: 'horizontal',
        battery: true,
        trainer: false,
        nes2: false,
        sha1: createHash('sha1').update(bytes.subarray(16)).digest('hex'),
        fileSha256: createHash('sha256').update(bytes).digest('hex'),
        bytes,
      })
      inserts.push(performance.now() - started)
      if (result.status !== 'inserted') throw new Error('duplicate ROM in the bench')
      const saveStarted = performance.now()
      await store.putBatterySave({
        romId: result.rom.id,
        bytes: new Uint8Array(8192).fill(seed),
        updatedAt: new Date().toISOString(),
      })
      saves.push(performance.now() - saveStarted)
    }
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(`# SQLite store writes, ${WRITES} each; ${machineLine()}`)
  console.log(`insert 256 KiB ROM   ${describeSummary(summarize(inserts))}`)
  console.log(`battery save 8 KiB   ${describeSummary(summarize(saves))}`)
}

void main()
