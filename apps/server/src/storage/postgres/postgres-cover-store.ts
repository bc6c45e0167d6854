// CoverStore on PostgreSQL: the class between PostgresDatStore and PostgresRomStore (one pool). A put
// locks the entry's row (FOR UPDATE), so a cover and the entry's cover_version change together and two
// "only if none" puts for one entry cannot both store.
import type pg from 'pg'
import type { CoverRecord, CoverStore, CoverType, NewCover, PutCoverResult } from '../cover-store'
import { inTransaction } from './pg-transaction'
import { PostgresDatStore } from './postgres-dat-store'

interface CoverRow {
  rom_id: string
  type: CoverType
  version: string
  size: number
  updated_at: Date
}

const COVER_COLUMNS = 'c.rom_id, c.type, c.version, c.size, c.updated_at'

function coverRowToRecord(row: CoverRow): CoverRecord {
  return {
    romId: row.rom_id,
    type: row.type,
    version: row.version,
    size: row.size,
    updatedAt: row.updated_at.toISOString(),
  }
}

async function lockVisibleRom(client: pg.PoolClient, romId: string): Promise<boolean> {
  const { rowCount } = await client.query(
    'SELECT 1 FROM roms WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [romId],
  )
  return (rowCount ?? 0) > 0
}

async function coverMeta(client: pg.PoolClient, romId: string): Promise<CoverRow | undefined> {
  const { rows } = await client.query<CoverRow>(
    `SELECT ${COVER_COLUMNS} FROM covers c WHERE c.rom_id = $1`,
    [romId],
  )
  return rows[0]
}

export class PostgresCoverStore extends PostgresDatStore implements CoverStore {
  async putCover(cover: NewCover): Promise<PutCoverResult> {
    return inTransaction(this.pool, async (client): Promise<PutCoverResult> => {
      if (!(await lockVisibleRom(client, cover.romId))) return { status: 'no-rom' }
      const existing = await coverMeta(client, cover.romId)
      if (existing && cover.onlyIfNone)
        return { status: 'exists', cover: coverRowToRecord(existing) }
      const { rows } = await client.query<CoverRow>(
        `INSERT INTO covers AS c (rom_id, type, version, size, updated_at, bytes)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (rom_id) DO UPDATE SET type = excluded.type, version = excluded.version,
           size = excluded.size, updated_at = excluded.updated_at, bytes = excluded.bytes
         RETURNING ${COVER_COLUMNS}`,
        [
          cover.romId,
          cover.type,
          cover.version,
          cover.bytes.length,
          cover.updatedAt,
          Buffer.from(cover.bytes.buffer, cover.bytes.byteOffset, cover.bytes.byteLength),
        ],
      )
      await client.query('UPDATE roms SET cover_version = $1 WHERE id = $2', [
        cover.version,
        cover.romId,
      ])
      const stored = rows[0]
      if (!stored) throw new Error('stored cover not returned')
      return { status: 'stored', cover: coverRowToRecord(stored) }
    })
  }

  async getCover(romId: string): Promise<{ cover: CoverRecord; bytes: Uint8Array } | undefined> {
    const { rows } = await this.pool.query<CoverRow & { bytes: Buffer }>(
      `SELECT ${COVER_COLUMNS}, c.bytes FROM covers c JOIN roms r ON r.id = c.rom_id
       WHERE c.rom_id = $1 AND r.deleted_at IS NULL`,
      [romId],
    )
    const row = rows[0]
    if (!row) return undefined
    const { bytes, ...meta } = row
    return { cover: coverRowToRecord(meta), bytes }
  }

  async deleteCover(romId: string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      if (!(await lockVisibleRom(client, romId))) return false
      const { rowCount } = await client.query('DELETE FROM covers WHERE rom_id = $1', [romId])
      if ((rowCount ?? 0) === 0) return false
      await client.query('UPDATE roms SET cover_version = NULL WHERE id = $1', [romId])
      return true
    })
  }
}
