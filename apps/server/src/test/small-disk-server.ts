// Test fixture, run by small-filesystem.ts inside a mount namespace whose DATA_DIR is a small tmpfs:
// the app on a SQLite library there, a short undo window, and two test-only routes to read the file
// system's free space (and the library's reserve file) and to fill it with a file of its own. Prints "listening <port>" when ready.
import {
  closeSync,
  existsSync,
  openSync,
  statSync,
  statfsSync,
  truncateSync,
  writeSync,
} from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { createTestApp } from './test-app'

const dataDir = process.env.DATA_DIR ?? ''
const freeBytes = () => {
  const fs = statfsSync(dataDir)
  return fs.bavail * fs.bsize
}

/**
 * Writes `filler` in DATA_DIR until the disk refuses (ENOSPC), then gives `leave` bytes of it back;
 * returns the bytes it holds.
 */
function fill(leave: number): number {
  const fd = openSync(path.join(dataDir, 'filler'), 'a')
  const block = Buffer.alloc(4096, 0x5a)
  let written = 0
  try {
    for (;;) written += writeSync(fd, block)
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'ENOSPC') throw err
  } finally {
    closeSync(fd)
  }
  if (leave > 0) truncateSync(path.join(dataDir, 'filler'), Math.max(0, written - leave))
  return Math.max(0, written - leave)
}

async function main(): Promise<void> {
  const store = await openSqliteRomStore({ file: path.join(dataDir, 'library.db') })
  // Warnings (a purge that could not run) reach the test's failure message through stderr.
  const t = await createTestApp({
    store,
    undoDeleteMs: Number(process.env.UNDO_MS ?? 300),
    logger: { level: 'warn' },
  })
  const reserve = path.join(dataDir, 'library.db-reserve')
  t.app.get('/test/free', async () => ({
    freeBytes: freeBytes(),
    reserveBytes: existsSync(reserve) ? statSync(reserve).size : 0,
  }))
  t.app.post<{ Querystring: { leave?: string } }>('/test/fill', async (req) => ({
    written: fill(Number(req.query.leave ?? 0)),
    freeBytes: freeBytes(),
  }))
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  console.log(`listening ${(t.app.server.address() as AddressInfo).port}`)
  process.once('SIGTERM', () => void t.close().then(() => process.exit(0)))
}

void main()
