// Keeps a full disk recoverable through the app. SQLite needs room to write anything, a delete
// included, and a checkpoint must grow the database file for pages that are only in the WAL; pages a
// delete frees stay inside the file unless vacuumed. So, for a library file on disk:
// - a reserve file (library.db-reserve) holds RESERVE_BYTES aside; a write that frees space (a
//   delete, a purge) that finds the disk full gives it up and runs again;
// - a write that grows the library is refused up front (507) unless the disk has room for it twice
//   (WAL, then the database file, besides what the WAL holds), and the WAL is checkpointed and
//   truncated once it passes 1 MiB, when a write failed, or to make room, so a full disk never holds
//   more pages only a checkpoint that grows the file could keep than the reserve makes room for;
// - the library uses incremental auto-vacuum, and after a purge the freed pages go back to the file
//   system a few at a time (each step fits in the reserve); then the reserve is written again.
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  rmSync,
  statSync,
  statfsSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
import type Database from 'better-sqlite3'
import { StorageFullError } from '../storage-errors'

/**
 * Bytes kept aside for deletes and purges on a full disk: room to checkpoint a WAL of
 * CHECKPOINT_WAL_BYTES, the deletes' own pages and a vacuum step, with a margin.
 */
export const RESERVE_BYTES = 4 * 1024 * 1024
/**
 * A WAL larger than this is checkpointed after a write (each checkpoint syncs the database file, ~20 ms
 * on a slow disk): after every few ROM uploads, every hundred small saves; and before a write the
 * disk has no room for otherwise.
 */
const CHECKPOINT_WAL_BYTES = 1024 * 1024
/** Room a write needs besides twice its bytes: index and table pages, WAL frame headers. */
const WRITE_MARGIN_BYTES = 128 * 1024
/** Pages moved per vacuum step: a moved page and the page pointing to it go through the WAL. */
const VACUUM_STEP_PAGES = 256
/** PRAGMA auto_vacuum's value for INCREMENTAL. */
const INCREMENTAL = 2

export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown }).code
  return err instanceof StorageFullError || code === 'SQLITE_FULL' || code === 'ENOSPC'
}

function freeBytes(dir: string): number {
  const fs = statfsSync(dir)
  return fs.bavail * fs.bsize
}

function fileSize(file: string): number {
  return existsSync(file) ? statSync(file).size : 0
}

/** Writes `bytes` zero bytes to `file` and syncs it; removes it again when the disk is full. */
function writeReserve(file: string, bytes: number): boolean {
  const block = Buffer.alloc(64 * 1024)
  const fd = openSync(file, 'w')
  try {
    for (let written = 0; written < bytes;)
      written += writeSync(fd, block, 0, Math.min(block.length, bytes - written))
    fsyncSync(fd)
    return true
  } catch (err) {
    if (!isDiskFull(err)) throw err
    return false
  } finally {
    closeSync(fd)
  }
}

export class SqliteSpace {
  private readonly reserveFile: string
  private readonly walFile: string
  private owed = false

  /** @param file the library file on disk (not ':memory:'). */
  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
  ) {
    this.reserveFile = `${file}-reserve`
    this.walFile = `${file}-wal`
  }

  /** Writes the reserve when it is missing and the disk has room for it: it comes before uploads. */
  keepReserve(): void {
    if (this.hasReserve()) return
    if (freeBytes(path.dirname(this.file)) < RESERVE_BYTES + WRITE_MARGIN_BYTES) return
    if (!writeReserve(this.reserveFile, RESERVE_BYTES)) rmSync(this.reserveFile, { force: true })
  }

  private hasReserve(): boolean {
    return fileSize(this.reserveFile) === RESERVE_BYTES
  }

  /**
   * Runs a write that adds about `bytes` to the library: refused with StorageFullError, before
   * anything is written, unless the disk has room for it in the WAL and then, with what the WAL
   * already holds, in the database file.
   */
  growing<T>(bytes: number, write: () => T): T {
    if (!this.hasRoomFor(bytes)) {
      this.checkpoint() // what the WAL holds moves into the file, and the WAL's room is free
      if (!this.hasRoomFor(bytes)) {
        throw new StorageFullError(
          new Error(`no room for ${bytes} bytes in ${path.dirname(this.file)}`),
        )
      }
    }
    let failed = false
    try {
      return write()
    } catch (err) {
      failed = isDiskFull(err)
      throw err
    } finally {
      // A failed write's frames stay in the WAL file, taking room, until it is truncated.
      this.settle(failed)
    }
  }

  private hasRoomFor(bytes: number): boolean {
    // While the reserve is given up, its room is kept for it: a purge writes it again.
    const kept = this.hasReserve() ? 0 : RESERVE_BYTES
    const needed = 2 * bytes + fileSize(this.walFile) + WRITE_MARGIN_BYTES + kept
    return freeBytes(path.dirname(this.file)) >= needed
  }

  /** Runs a write that frees space: on a disk too full even for it, gives up the reserve and retries. */
  freeing<T>(write: () => T): T {
    try {
      const result = write()
      this.settle(false)
      return result
    } catch (err) {
      if (!isDiskFull(err) || !existsSync(this.reserveFile)) throw err
      rmSync(this.reserveFile, { force: true })
      this.checkpoint()
      const result = write()
      this.checkpoint()
      return result
    }
  }

  /**
   * Gives the pages deletes freed back to the file system, then the reserve back. A step the disk is
   * too full for gives up the reserve and runs again (as `freeing` does); when even that fails the
   * pages stay owed (`owesGiveBack`) and the next purge round tries again. Never throws for a full
   * disk: the delete that freed the pages has already happened.
   */
  giveBack(): void {
    this.owed = true
    try {
      if (this.db.pragma('auto_vacuum', { simple: true }) === INCREMENTAL) {
        const pageSize = this.db.pragma('page_size', { simple: true }) as number
        let free = this.freePages()
        while (free > 0) {
          // All at once when the moved pages fit in the WAL twice over, else a step that fits in the
          // reserve (a moved page and the page pointing to it both go through the WAL).
          const roomy =
            freeBytes(path.dirname(this.file)) > 4 * free * pageSize + WRITE_MARGIN_BYTES
          const pages = roomy ? free : VACUUM_STEP_PAGES
          this.freeing(() => this.db.pragma(`incremental_vacuum(${pages})`))
          this.checkpoint() // the end of the file is cut off once the WAL is written back
          const left = this.freePages()
          if (left >= free) break
          free = left
        }
      }
      this.keepReserve()
      this.owed = false
    } catch (err) {
      if (!isDiskFull(err)) throw err
    }
  }

  /** True while pages a purge freed have not all gone back to the file system (see giveBack). */
  get owesGiveBack(): boolean {
    return this.owed
  }

  /** Checkpoints when forced or when the WAL has grown past CHECKPOINT_WAL_BYTES. */
  private settle(force: boolean): void {
    if (force || fileSize(this.walFile) > CHECKPOINT_WAL_BYTES) this.checkpoint()
  }

  /** Copies the WAL into the database and truncates it; a disk too full for that is tried later. */
  checkpoint(): void {
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)')
    } catch (err) {
      if (!isDiskFull(err)) throw err
    }
  }

  private freePages(): number {
    return this.db.pragma('freelist_count', { simple: true }) as number
  }
}

/**
 * A library created before incremental auto-vacuum (or by another tool) is converted once, when the
 * disk has room for the copy VACUUM makes; otherwise `notice` says so and it stays as it is (deletes
 * then free room for new ROMs inside the file only).
 */
export function useIncrementalVacuum(
  db: Database.Database,
  file: string,
  notice: (message: string) => void,
): void {
  if (db.pragma('auto_vacuum', { simple: true }) === INCREMENTAL) return
  const size = fileSize(file)
  if (freeBytes(path.dirname(file)) < 2 * size + 2 * RESERVE_BYTES) {
    notice(
      `${file} does not give deleted ROMs' space back to the disk, and there is not room to convert it ` +
        `(VACUUM needs about ${Math.ceil((2 * size) / 1048576)} MiB free); it is tried again at the next start.`,
    )
    return
  }
  const started = Date.now()
  db.pragma('auto_vacuum = INCREMENTAL')
  db.exec('VACUUM')
  db.pragma('wal_checkpoint(TRUNCATE)')
  notice(
    `${file} now gives deleted ROMs' space back to the disk (converted in ${Date.now() - started} ms, once).`,
  )
}
