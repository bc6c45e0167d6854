// Opens the SQLite library file only when it is sound: a clear start-up error naming the path and
// the fix for a folder that cannot be written, a file that is not a database, an empty (zero-byte) or
// a damaged one (PRAGMA quick_check, read-only, so nothing is ever written into a damaged file), or
// one this server may not write.
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import path from 'node:path'
import { Database, type SqliteDatabase } from './sqlite-driver'
import { StorageStartupError } from '../storage-errors'

const MAX_REPORTED_PROBLEMS = 10

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown }).code
  return typeof code === 'string' ? code : String(err)
}

function prepareFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true })
    // WAL mode keeps library.db-wal and -shm beside the file: the folder must be writable.
    accessSync(dir, constants.W_OK)
  } catch (err) {
    throw new StorageStartupError(
      `Cannot write the data folder ${dir} (${errorCode(err)}). ` +
        "Set DATA_DIR to a folder this server may create files in, or fix the folder's permissions.",
    )
  }
}

function damaged(file: string, problems: string[]): StorageStartupError {
  const shown = problems.slice(0, MAX_REPORTED_PROBLEMS).map((p) => `  ${p}`)
  if (problems.length > shown.length) shown.push(`  … ${problems.length - shown.length} more`)
  return new StorageStartupError(
    `The library database ${file} is damaged; the server will not start on it and has not written to it.\n` +
      `PRAGMA quick_check reported:\n${shown.join('\n')}\n` +
      `Fix: stop the server, restore ${path.basename(file)} from a backup, or recover what is readable with\n` +
      `  sqlite3 ${file} ".recover" | sqlite3 ${file}.recovered && mv ${file}.recovered ${file}\n` +
      '(keep a copy of the damaged file first), then start the server again.',
  )
}

function emptyLibrary(file: string): StorageStartupError {
  return new StorageStartupError(
    `The library database ${file} is empty (0 bytes): the library it held is gone, or the file was ` +
      'cut short (a failed copy or restore, a disk fault). The server will not start on it, so nothing ' +
      `is overwritten. Restore ${path.basename(file)} from a backup (keep any ${path.basename(file)}-wal ` +
      'beside it: it may hold the latest changes). To start a new, empty library instead, delete the ' +
      'file and start again.',
  )
}

/** Runs quick_check on an existing file through a read-only connection. */
function checkExisting(file: string): void {
  // SQLite would open a zero-byte file as a new library (deleting its WAL), and we would fill it.
  if (statSync(file).size === 0) throw emptyLibrary(file)
  let db: SqliteDatabase | undefined
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    const rows = db.pragma(`quick_check(${MAX_REPORTED_PROBLEMS + 1})`) as { quick_check: string }[]
    const problems = rows.map((r) => r.quick_check)
    if (problems.length !== 1 || problems[0] !== 'ok') throw damaged(file, problems)
  } catch (err) {
    if (err instanceof StorageStartupError) throw err
    const code = errorCode(err)
    if (code === 'SQLITE_NOTADB') {
      throw new StorageStartupError(
        `${file} is not an SQLite database (${code}). Move it away (or point DATA_DIR at the folder ` +
          'that holds your library) and start again: the server creates a new library.db.',
      )
    }
    if (code === 'SQLITE_CORRUPT') throw damaged(file, [(err as Error).message])
    throw new StorageStartupError(
      `Cannot read the library database ${file} (${code}: ${(err as Error).message}). ` +
        'Check that the file and DATA_DIR can be read and written by the server.',
    )
  } finally {
    db?.close()
  }
}

/** Start-up failures of the SQLite file itself (not of our code) as a message naming the file. */
export function describeOpenError(file: string, err: unknown): unknown {
  const code = errorCode(err)
  if (!/^SQLITE_(READONLY|CANTOPEN|IOERR|NOTADB|CORRUPT|PERM|FULL)/.test(code)) return err
  return new StorageStartupError(
    `Cannot use the library database ${file} (${code}: ${(err as Error).message}). ` +
      'Check that DATA_DIR and the file can be written by the server and that the disk has room.',
  )
}

function canWrite(file: string): boolean {
  try {
    accessSync(file, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/** `rw-r--r--` from a file's mode. */
function permissionString(mode: number): string {
  return [6, 3, 0]
    .map((shift) => {
      const bits = (mode >> shift) & 7
      return `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${bits & 1 ? 'x' : '-'}`
    })
    .join('')
}

function readOnlyLibrary(file: string): StorageStartupError {
  // The WAL and shared-memory files must be writable too; name the one that is not.
  const culprit = [file, `${file}-wal`, `${file}-shm`].find((f) => existsSync(f) && !canWrite(f))
  const named = culprit ?? file
  const stat = statSync(named)
  const runsAs = process.getuid ? `; the server runs as uid ${process.getuid()}` : ''
  return new StorageStartupError(
    `The library database ${named} is read-only for this server (permissions ` +
      `${permissionString(stat.mode)}, owner uid ${stat.uid}${runsAs}), so it could store nothing. ` +
      `Let the server write it (chmod u+w ${named}, or chown it to the server's user)` +
      (culprit ? '' : ', or remount its file system read-write if it is mounted read-only') +
      ', then start again.',
  )
}

/**
 * SQLite opens a file it may not write read-only without a word, and every write then fails; a
 * statement that would write (rolled back, so nothing is) tells.
 */
function assertWritable(db: SqliteDatabase, file: string): void {
  try {
    db.exec('BEGIN IMMEDIATE')
    db.exec('CREATE TABLE write_probe (x)')
  } catch (err) {
    if (errorCode(err).startsWith('SQLITE_READONLY')) throw readOnlyLibrary(file)
    throw describeOpenError(file, err)
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK')
  }
}

/**
 * A new library file appears whole: SQLite writes its first page under another name, which is then
 * renamed into place, so a crash while creating it never leaves a zero-byte library.db (which the
 * next start would refuse as a lost library).
 */
function createLibraryFile(file: string): void {
  const staging = `${file}.new`
  for (const leftover of ['', '-wal', '-shm', '-journal'])
    rmSync(staging + leftover, { force: true })
  try {
    const db = new Database(staging)
    try {
      // Before any table: the pages deletes free can then go back to the file system (sqlite-space.ts).
      db.pragma('auto_vacuum = INCREMENTAL')
      db.pragma('journal_mode = WAL')
    } finally {
      db.close()
    }
    renameSync(staging, file)
    const folder = openSync(path.dirname(file), 'r')
    try {
      fsyncSync(folder) // the rename itself survives a power cut
    } finally {
      closeSync(folder)
    }
  } catch (err) {
    throw new StorageStartupError(
      `Cannot create the library database ${file} (${errorCode(err)}). ` +
        'Check that DATA_DIR can be written by the server and that the disk has room.',
    )
  }
}

/** The library file, checked and opened read-write; ':memory:' skips the checks. */
export function openCheckedDatabase(file: string): SqliteDatabase {
  if (file === ':memory:') return new Database(file)
  prepareFolder(path.dirname(file))
  if (existsSync(file)) checkExisting(file)
  else createLibraryFile(file)
  let db: SqliteDatabase
  try {
    db = new Database(file, { fileMustExist: true })
  } catch (err) {
    throw new StorageStartupError(
      `Cannot open the library database ${file} (${errorCode(err)}). ` +
        'Check that DATA_DIR and the file can be written by the server.',
    )
  }
  try {
    assertWritable(db, file)
  } catch (err) {
    db.close()
    throw err
  }
  return db
}
