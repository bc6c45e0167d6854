// SaveStore on PostgreSQL: the base class of PostgresRomStore, sharing its pool. A state upload locks
// its ROM row (FOR NO KEY UPDATE) so concurrent uploads for one ROM count and prune one at a time.
import type pg from 'pg'
import type { SaveStateKind } from '@nes-studio/shared'
import { checkBatteryBase } from '../save-store'
import { PostgresSessionStore } from './postgres-session-store'
import type {
  BatterySaveBase,
  BatterySaveRecord,
  InsertStateResult,
  NewSaveState,
  PutBatteryResult,
  SaveStateRecord,
  SaveStore,
} from '../save-store'

interface SaveRow {
  rom_id: string
  size: number
  updated_at: Date
}

interface StateRow {
  id: string
  rom_id: string
  kind: SaveStateKind
  slot: string | null
  created_at: Date
  size: number
  thumbnail_size: number | null
  core: string
  core_version: string
  rom_sha1: string
}

const STATE_COLUMNS = `id, rom_id, kind, slot, created_at, size, thumbnail_size, core, core_version,
  rom_sha1`

function saveRowToRecord(row: SaveRow): BatterySaveRecord {
  return { romId: row.rom_id, size: row.size, updatedAt: row.updated_at.toISOString() }
}

function stateRowToRecord(row: StateRow): SaveStateRecord {
  return {
    id: row.id,
    romId: row.rom_id,
    kind: row.kind,
    slot: row.slot,
    createdAt: row.created_at.toISOString(),
    size: row.size,
    thumbnailSize: row.thumbnail_size,
    core: row.core,
    coreVersion: row.core_version,
    romSha1: row.rom_sha1,
  }
}

const toBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)

/** Runs `fn` in BEGIN/COMMIT; `fn` returning `{ rollback: true }` rolls back instead of committing. */
async function inTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<{ result: T; rollback?: boolean }>,
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const { result, rollback } = await fn(client)
    await client.query(rollback ? 'ROLLBACK' : 'COMMIT')
    return result
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw err
  } finally {
    client.release()
  }
}

export class PostgresSaveStore extends PostgresSessionStore implements SaveStore {
  async getBatterySave(romId: string) {
    const { rows } = await this.pool.query<SaveRow & { bytes: Buffer }>(
      'SELECT rom_id, size, updated_at, bytes FROM battery_saves WHERE rom_id = $1',
      [romId],
    )
    const row = rows[0]
    return row ? { save: saveRowToRecord(row), bytes: row.bytes } : undefined
  }

  async putBatterySave(save: {
    romId: string
    bytes: Uint8Array
    updatedAt: string
    base?: BatterySaveBase
  }): Promise<PutBatteryResult> {
    const write = async (db: pg.Pool | pg.PoolClient): Promise<PutBatteryResult> => {
      // INSERT ... SELECT writes nothing when the ROM is gone or deleted, instead of failing on the
      // foreign key.
      const { rows } = await db.query<SaveRow>(
        `INSERT INTO battery_saves (rom_id, size, updated_at, bytes)
         SELECT id, $2::int, $3::timestamptz, $4::bytea FROM roms WHERE id = $1 AND deleted_at IS NULL
         ON CONFLICT (rom_id) DO UPDATE SET
           size = excluded.size, updated_at = excluded.updated_at, bytes = excluded.bytes
         RETURNING rom_id, size, updated_at`,
        [save.romId, save.bytes.length, save.updatedAt, toBuffer(save.bytes)],
      )
      return rows[0] ? { status: 'stored', save: saveRowToRecord(rows[0]) } : { status: 'no-rom' }
    }
    if (save.base === undefined) return write(this.pool)
    // A conditional write locks its ROM row first, so two writers from the same base take turns and
    // the second one sees the first one's save.
    return inTransaction(this.pool, async (client) => {
      const rom = await client.query(
        'SELECT id FROM roms WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE',
        [save.romId],
      )
      if (rom.rowCount === 0) return { result: { status: 'no-rom' }, rollback: true }
      const { rows } = await client.query<SaveRow & { bytes: Buffer }>(
        'SELECT rom_id, size, updated_at, bytes FROM battery_saves WHERE rom_id = $1',
        [save.romId],
      )
      const row = rows[0]
      const verdict = checkBatteryBase(
        row && { save: saveRowToRecord(row), bytes: row.bytes },
        save,
      )
      if (verdict) return { result: verdict, rollback: true }
      return { result: await write(client) }
    })
  }

  async deleteBatterySave(romId: string): Promise<boolean> {
    const result = await this.pool.query('DELETE FROM battery_saves WHERE rom_id = $1', [romId])
    return (result.rowCount ?? 0) > 0
  }

  async listSaveStates(romId: string): Promise<SaveStateRecord[]> {
    const { rows } = await this.pool.query<StateRow>(
      `SELECT ${STATE_COLUMNS} FROM save_states WHERE rom_id = $1 ORDER BY seq DESC`,
      [romId],
    )
    return rows.map(stateRowToRecord)
  }

  async getSaveState(romId: string, stateId: string) {
    const { rows } = await this.pool.query<StateRow & { bytes: Buffer }>(
      `SELECT ${STATE_COLUMNS}, bytes FROM save_states WHERE rom_id = $1 AND id = $2`,
      [romId, stateId],
    )
    const row = rows[0]
    return row ? { state: stateRowToRecord(row), bytes: row.bytes } : undefined
  }

  async getSaveStateThumbnail(romId: string, stateId: string): Promise<Uint8Array | undefined> {
    const { rows } = await this.pool.query<{ thumbnail: Buffer | null }>(
      'SELECT thumbnail FROM save_states WHERE rom_id = $1 AND id = $2',
      [romId, stateId],
    )
    return rows[0]?.thumbnail ?? undefined
  }

  async insertSaveState(state: NewSaveState, limit: number): Promise<InsertStateResult> {
    return inTransaction<InsertStateResult>(this.pool, async (client) => {
      const rom = await client.query(
        'SELECT id FROM roms WHERE id = $1 AND deleted_at IS NULL FOR NO KEY UPDATE',
        [state.romId],
      )
      if (rom.rowCount === 0) return { result: { status: 'no-rom' } }
      const replaced = await client.query<{ id: string }>(
        `DELETE FROM save_states
         WHERE rom_id = $1 AND (slot = $2 OR ($3 = 'resume' AND kind = 'resume'))
         RETURNING id`,
        [state.romId, state.slot, state.kind],
      )
      const counted = await client.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM save_states WHERE rom_id = $1',
        [state.romId],
      )
      const excess = (counted.rows[0]?.n ?? 0) + 1 - limit
      let pruned: string[] = []
      if (excess > 0) {
        const deleted = await client.query<{ id: string }>(
          `DELETE FROM save_states WHERE seq IN (
             SELECT seq FROM save_states WHERE rom_id = $1 AND kind = 'auto' ORDER BY seq LIMIT $2)
           RETURNING id`,
          [state.romId, excess],
        )
        pruned = deleted.rows.map((r) => r.id)
        if (pruned.length < excess) return { result: { status: 'full' }, rollback: true }
      }
      const inserted = await client.query<StateRow>(
        `INSERT INTO save_states (id, rom_id, kind, slot, created_at, size, thumbnail_size, core,
           core_version, rom_sha1, bytes, thumbnail)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         RETURNING ${STATE_COLUMNS}`,
        [
          state.id,
          state.romId,
          state.kind,
          state.slot,
          state.createdAt,
          state.bytes.length,
          state.thumbnail ? state.thumbnail.length : null,
          state.core,
          state.coreVersion,
          state.romSha1,
          toBuffer(state.bytes),
          state.thumbnail ? toBuffer(state.thumbnail) : null,
        ],
      )
      const row = inserted.rows[0]
      if (!row) throw new Error('inserted state not returned')
      return {
        result: {
          status: 'inserted',
          state: stateRowToRecord(row),
          replaced: replaced.rows.map((r) => r.id),
          pruned,
        },
      }
    })
  }

  async deleteSaveState(romId: string, stateId: string): Promise<boolean> {
    const result = await this.pool.query('DELETE FROM save_states WHERE rom_id = $1 AND id = $2', [
      romId,
      stateId,
    ])
    return (result.rowCount ?? 0) > 0
  }
}
