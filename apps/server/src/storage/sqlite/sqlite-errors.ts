// SQLite failures that are about the disk, not about our SQL.
import { StorageFullError, StorageUnavailableError } from '../storage-errors'

export function translateSqliteError(err: unknown): unknown {
  const code = (err as { code?: unknown }).code
  if (typeof code !== 'string') return err
  // SQLITE_FULL: the disk, or max_page_count, is full; SQLITE_IOERR_WRITE is how some file systems say so.
  if (code === 'SQLITE_FULL') return new StorageFullError(err)
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) {
    return new StorageUnavailableError(
      'The library database is busy (another process holds its write lock).',
      err,
    )
  }
  return err
}
