// CoverStore on SQLite: the class between SqliteDatStore and SqliteRomStore (one connection, one lock).
// A cover and the entry's cover_version change in one IMMEDIATE transaction.
import type Database from 'better-sqlite3'
import type { CoverRecord, CoverStore, CoverType, NewCover, PutCoverResult } from '../cover-store'
import { SqliteDatStore } from './sqlite-dat-store'

interface CoverRow {
  rom_id: string
  type: CoverType
  version: string
  size: number
  updated_at: string
}

const COVER_COLUMNS = 'c.rom_id, c.type, c.version, c.size, c.updated_at'

function coverRowToRecord(row: CoverRow): CoverRecord {
  return {
    romId: row.rom_id,
    type: row.type,
    version: row.version,
    size: row.size,
    updatedAt: row.updated_at,
  }
}

function prepareCoverStatements(db: Database.Database) {
  return {
    isVisible: db.prepare<[string], { id: string }>(
      'SELECT id FROM roms WHERE id = ? AND deleted_at IS NULL',
    ),
    meta: db.prepare<[string], CoverRow>(
      `SELECT ${COVER_COLUMNS} FROM covers c WHERE c.rom_id = ?`,
    ),
    withBytes: db.prepare<[string], CoverRow & { bytes: Buffer }>(
      `SELECT ${COVER_COLUMNS}, c.bytes FROM covers c JOIN roms r ON r.id = c.rom_id
        WHERE c.rom_id = ? AND r.deleted_at IS NULL`,
    ),
    upsert: db.prepare(`INSERT INTO covers (rom_id, type, version, size, updated_at, bytes)
        VALUES (@romId, @type, @version, @size, @updatedAt, @bytes)
        ON CONFLICT (rom_id) DO UPDATE SET type = excluded.type, version = excluded.version,
          size = excluded.size, updated_at = excluded.updated_at, bytes = excluded.bytes`),
    setVersion: db.prepare<[string | null, string]>(
      'UPDATE roms SET cover_version = ? WHERE id = ?',
    ),
    remove: db.prepare<[string]>('DELETE FROM covers WHERE rom_id = ?'),
  }
}

// Prepared on first use: a store opened at an older schema (upgrade tests) has no covers table.
export class SqliteCoverStore extends SqliteDatStore implements CoverStore {
  private coverStatements: ReturnType<typeof prepareCoverStatements> | undefined

  private get c() {
    this.coverStatements ??= prepareCoverStatements(this.db)
    return this.coverStatements
  }

  async putCover(cover: NewCover): Promise<PutCoverResult> {
    const put = this.db.transaction((): PutCoverResult => {
      if (!this.c.isVisible.get(cover.romId)) return { status: 'no-rom' }
      const existing = this.c.meta.get(cover.romId)
      if (existing && cover.onlyIfNone)
        return { status: 'exists', cover: coverRowToRecord(existing) }
      const { bytes } = cover
      this.c.upsert.run({
        romId: cover.romId,
        type: cover.type,
        version: cover.version,
        size: bytes.length,
        updatedAt: cover.updatedAt,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      })
      this.c.setVersion.run(cover.version, cover.romId)
      const stored = this.c.meta.get(cover.romId)
      if (!stored) throw new Error('stored cover not found')
      return { status: 'stored', cover: coverRowToRecord(stored) }
    })
    return this.growing(cover.bytes.length, () => put.immediate())
  }

  async getCover(romId: string): Promise<{ cover: CoverRecord; bytes: Uint8Array } | undefined> {
    const row = this.c.withBytes.get(romId)
    if (!row) return undefined
    const { bytes, ...meta } = row
    return { cover: coverRowToRecord(meta), bytes }
  }

  async deleteCover(romId: string): Promise<boolean> {
    const remove = this.db.transaction((): boolean => {
      if (!this.c.isVisible.get(romId)) return false
      if (this.c.remove.run(romId).changes === 0) return false
      this.c.setVersion.run(null, romId)
      return true
    })
    return this.freeing(() => remove.immediate(), true)
  }
}
