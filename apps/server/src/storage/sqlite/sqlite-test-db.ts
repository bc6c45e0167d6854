// For tests: pretend a newer server migrated this file, to test that older code refuses it; damage a
// stored ROM as a disk fault would.
import Database from 'better-sqlite3'

export function bumpSqliteSchemaVersion(file: string): void {
  const db = new Database(file)
  try {
    db.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 'x')",
    ).run()
  } finally {
    db.close()
  }
}

/**
 * Flips the byte at `offset` of a stored ROM behind the server's back (it must be closed), as a disk
 * fault would leave the row: SQLite notices nothing, no checksum covers a value.
 */
export function corruptSqliteRomByte(file: string, romId: string, offset: number): void {
  const db = new Database(file)
  try {
    const row = db
      .prepare<[string], { seq: number; bytes: Buffer }>(
        'SELECT seq, bytes FROM roms JOIN rom_bytes ON rom_seq = seq WHERE id = ?',
      )
      .get(romId)
    if (!row) throw new Error(`ROM ${romId} not found`)
    row.bytes[offset] = (row.bytes[offset] ?? 0) ^ 0xff
    db.prepare('UPDATE rom_bytes SET bytes = ? WHERE rom_seq = ?').run(row.bytes, row.seq)
  } finally {
    db.close()
  }
}
