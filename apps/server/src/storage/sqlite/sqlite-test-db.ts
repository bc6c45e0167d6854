// For tests: pretend a newer server migrated this file, to test that older code refuses it; damage a
// stored ROM as a disk fault would.
import { Database } from './sqlite-driver'
import type { NewRom } from '../rom-store'

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

/** The columns every schema version has (migration 1), in the order `versionOneRow` gives them. */
export const VERSION_ONE_COLUMNS = `id, title, file_name, file_size, created_at, mapper, submapper,
  prg_rom_banks, chr_rom_banks, mirroring, battery, trainer, nes2, sha1, file_sha256`

/** A ROM's values for VERSION_ONE_COLUMNS. */
export function versionOneRow(rom: NewRom): unknown[] {
  return [
    rom.id,
    rom.title,
    rom.fileName,
    rom.fileSize,
    rom.createdAt,
    rom.mapper,
    rom.submapper,
    rom.prgRomBanks,
    rom.chrRomBanks,
    rom.mirroring,
    rom.battery,
    rom.trainer,
    rom.nes2,
    rom.sha1,
    rom.fileSha256,
  ]
}

/**
 * Stores a ROM as a server of any earlier version did (only migration 1's columns), for tests that
 * upgrade a database: today's store reads columns an older schema does not have yet.
 */
export function insertSqliteOldRom(file: string, rom: NewRom): void {
  const db = new Database(file)
  try {
    const values = versionOneRow(rom).map((v) => (typeof v === 'boolean' ? Number(v) : v))
    const { lastInsertRowid } = db
      .prepare(`INSERT INTO roms (${VERSION_ONE_COLUMNS}) VALUES (${values.map(() => '?').join()})`)
      .run(...values)
    db.prepare('INSERT INTO rom_bytes (rom_seq, bytes) VALUES (?, ?)').run(
      lastInsertRowid,
      Buffer.from(rom.bytes),
    )
  } finally {
    db.close()
  }
}
