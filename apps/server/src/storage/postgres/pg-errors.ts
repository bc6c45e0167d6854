// PostgreSQL and node-postgres failures that are about the database server, not about our SQL.
import { StorageFullError, StorageUnavailableError } from '../storage-errors'

// 08: connection exception; 57P01-57P03: shutdown / cannot connect now; 53300: too many connections.
const UNREACHABLE_CODES = /^(08|57P0[123]|53300)/

export function translatePgError(err: unknown, timeoutMs: number): unknown {
  const code = (err as { code?: unknown }).code
  const message = err instanceof Error ? err.message : ''
  if (code === '53100') return new StorageFullError(err) // disk_full
  const seconds = `${(timeoutMs / 1000).toFixed(timeoutMs % 1000 ? 1 : 0)} s`
  if (
    code === '57014' || // query_canceled: statement_timeout
    message === 'Query read timeout' || // query_timeout: no answer at all
    message.includes('timeout exceeded when trying to connect') ||
    message.includes('connection timeout')
  ) {
    return new StorageUnavailableError(
      `The library database did not answer within ${seconds}.`,
      err,
    )
  }
  if (
    (typeof code === 'string' && UNREACHABLE_CODES.test(code)) ||
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'ENOTFOUND' ||
    code === 'ETIMEDOUT' ||
    message.startsWith('Connection terminated')
  ) {
    return new StorageUnavailableError('The library database cannot be reached.', err)
  }
  return err
}
