// SaveStore on SQLite: the base class of SqliteRomStore, so both share one connection and one lock.
// Every write runs in a BEGIN IMMEDIATE transaction.
import type Database from 'better-sqlite3'
import type { SaveStateKind } from '@nes-studio/shared'
import { checkBatteryBase } from '../save-store'
import { SqliteSessionStore } from './sqlite-session-store'
import type { SqliteSpace } from './sqlite-space'
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
  updated_at: string
}

interface StateRow {
  seq: number
  id: string
  rom_id: string
  kind: SaveStateKind
  slot: string | null
  created_at: string
  size: number
  thumbnail_size: number | null
  core: string
  core_version: string
  rom_sha1: string
}

const STATE_COLUMN_NAMES = [
  'seq',
  'id',
  'rom_id',
  'kind',
  'slot',
  'created_at',
  'size',
  'thumbnail_size',
  'core',
  'core_version',
  'rom_sha1',
]
const STATE_COLUMNS = STATE_COLUMN_NAMES.join(', ')
const STATE_COLUMNS_OF_S = STATE_COLUMN_NAMES.map((c) => `s.${c}`).join(', ')

function saveRowToRecord(row: SaveRow): BatterySaveRecord {
  return { romId: row.rom_id, size: row.size, updatedAt: row.updated_at }
}

function stateRowToRecord(row: StateRow): SaveStateRecord {
  return {
    id: row.id,
    romId: row.rom_id,
    kind: row.kind,
    slot: row.slot,
    createdAt: row.created_at,
    size: row.size,
    thumbnailSize: row.thumbnail_size,
    core: row.core,
    coreVersion: row.core_version,
    romSha1: row.rom_sha1,
  }
}

const toBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)

// The statements are prepared on first use: a store opened at an older schema (tests) has no tables yet.
export class SqliteSaveStore extends SqliteSessionStore implements SaveStore {
  private statements: ReturnType<typeof prepareStatements> | undefined

  /** @param space the disk-space keeper of a library file; none for ':memory:'. */
  constructor(
    db: Database.Database,
    protected readonly space?: SqliteSpace,
  ) {
    super(db)
  }

  /** A write that adds about `bytes` (see SqliteSpace.growing). */
  protected growing<T>(bytes: number, write: () => T): T {
    return this.space ? this.space.growing(bytes, write) : write()
  }

  /** A write that frees space; `giveBack` when it removed bytes for good (see SqliteSpace). */
  protected freeing<T>(write: () => T, giveBack: boolean): T {
    if (!this.space) return write()
    const result = this.space.freeing(write)
    if (giveBack) this.space.giveBack()
    return result
  }

  private get s() {
    this.statements ??= prepareStatements(this.db)
    return this.statements
  }

  async getBatterySave(romId: string) {
    const row = this.s.getSave.get(romId)
    return row ? { save: saveRowToRecord(row), bytes: row.bytes } : undefined
  }

  async putBatterySave(save: {
    romId: string
    bytes: Uint8Array
    updatedAt: string
    base?: BatterySaveBase
  }): Promise<PutBatteryResult> {
    const { putSave, getSave } = this.s
    const put = this.db.transaction((): PutBatteryResult => {
      if (save.base !== undefined) {
        if (!this.s.romExists.get(save.romId)) return { status: 'no-rom' }
        const row = getSave.get(save.romId)
        const verdict = checkBatteryBase(
          row && { save: saveRowToRecord(row), bytes: row.bytes },
          save,
        )
        if (verdict) return verdict
      }
      const changes = putSave.run({
        romId: save.romId,
        size: save.bytes.length,
        updatedAt: save.updatedAt,
        bytes: toBuffer(save.bytes),
      })
      const row = changes.changes > 0 ? getSave.get(save.romId) : undefined
      return row ? { status: 'stored', save: saveRowToRecord(row) } : { status: 'no-rom' }
    })
    return this.growing(save.bytes.length, () => put.immediate())
  }

  async deleteBatterySave(romId: string): Promise<boolean> {
    return this.freeing(() => this.s.deleteSave.run(romId).changes > 0, true)
  }

  async listSaveStates(romId: string): Promise<SaveStateRecord[]> {
    return this.s.listStates.all(romId).map(stateRowToRecord)
  }

  async getSaveState(romId: string, stateId: string) {
    const row = this.s.getStateWithBytes.get(romId, stateId)
    return row ? { state: stateRowToRecord(row), bytes: row.bytes } : undefined
  }

  async getSaveStateThumbnail(romId: string, stateId: string): Promise<Uint8Array | undefined> {
    return this.s.getThumbnail.get(romId, stateId)?.thumbnail ?? undefined
  }

  async insertSaveState(state: NewSaveState, limit: number): Promise<InsertStateResult> {
    const bytes = state.bytes.length + (state.thumbnail?.length ?? 0)
    return this.growing(bytes, () => this.s.insertStateTx.immediate(state, limit))
  }

  async deleteSaveState(romId: string, stateId: string): Promise<boolean> {
    return this.freeing(() => this.s.deleteState.run(romId, stateId).changes > 0, true)
  }
}

function prepareStatements(db: Database.Database) {
  // A deleted ROM (hidden until its purge) takes no new save or state.
  const romExists = db.prepare<[string], { id: string }>(
    'SELECT id FROM roms WHERE id = ? AND deleted_at IS NULL',
  )
  const deleteReplaced = db.prepare<[string, string | null, SaveStateKind], { id: string }>(
    `DELETE FROM save_states WHERE rom_id = ? AND (slot = ? OR (? = 'resume' AND kind = 'resume'))
     RETURNING id`,
  )
  const count = db.prepare<[string], { n: number }>(
    'SELECT COUNT(*) AS n FROM save_states WHERE rom_id = ?',
  )
  const pruneAuto = db.prepare<[string, number], { id: string }>(
    `DELETE FROM save_states WHERE seq IN (
       SELECT seq FROM save_states WHERE rom_id = ? AND kind = 'auto' ORDER BY seq LIMIT ?)
     RETURNING id`,
  )
  const insertState = db.prepare(
    `INSERT INTO save_states (id, rom_id, kind, slot, created_at, size, thumbnail_size, core,
       core_version, rom_sha1)
     VALUES (@id, @romId, @kind, @slot, @createdAt, @size, @thumbnailSize, @core, @coreVersion,
       @romSha1)`,
  )
  const insertBytes = db.prepare(
    'INSERT INTO save_state_bytes (state_seq, bytes, thumbnail) VALUES (?, ?, ?)',
  )
  const getState = db.prepare<[string], StateRow>(
    `SELECT ${STATE_COLUMNS} FROM save_states WHERE id = ?`,
  )

  const insertStateTx = db.transaction((state: NewSaveState, limit: number): InsertStateResult => {
    if (!romExists.get(state.romId)) return { status: 'no-rom' }
    const replaced = deleteReplaced.all(state.romId, state.slot, state.kind).map((r) => r.id)
    const excess = (count.get(state.romId)?.n ?? 0) + 1 - limit
    let pruned: string[] = []
    if (excess > 0) {
      pruned = pruneAuto.all(state.romId, excess).map((r) => r.id)
      // Nothing has been deleted yet (a replacement leaves room), so returning writes nothing.
      if (pruned.length < excess) return { status: 'full' }
    }
    const { bytes, thumbnail, ...meta } = state
    const inserted = insertState.run({
      ...meta,
      size: bytes.length,
      thumbnailSize: thumbnail ? thumbnail.length : null,
    })
    insertBytes.run(
      inserted.lastInsertRowid,
      toBuffer(bytes),
      thumbnail ? toBuffer(thumbnail) : null,
    )
    const row = getState.get(state.id)
    if (!row) throw new Error('inserted state not found')
    return { status: 'inserted', state: stateRowToRecord(row), replaced, pruned }
  })

  return {
    insertStateTx,
    romExists,
    getSave: db.prepare<[string], SaveRow & { bytes: Buffer }>(
      'SELECT rom_id, size, updated_at, bytes FROM battery_saves WHERE rom_id = ?',
    ),
    // INSERT ... SELECT writes nothing when the ROM is gone or deleted, instead of failing on the
    // foreign key.
    putSave: db.prepare<[{ romId: string; size: number; updatedAt: string; bytes: Buffer }]>(
      `INSERT INTO battery_saves (rom_id, size, updated_at, bytes)
       SELECT id, @size, @updatedAt, @bytes FROM roms WHERE id = @romId AND deleted_at IS NULL
       ON CONFLICT (rom_id) DO UPDATE SET
         size = excluded.size, updated_at = excluded.updated_at, bytes = excluded.bytes`,
    ),
    deleteSave: db.prepare<[string]>('DELETE FROM battery_saves WHERE rom_id = ?'),
    listStates: db.prepare<[string], StateRow>(
      `SELECT ${STATE_COLUMNS} FROM save_states WHERE rom_id = ? ORDER BY seq DESC`,
    ),
    getStateWithBytes: db.prepare<[string, string], StateRow & { bytes: Buffer }>(
      `SELECT ${STATE_COLUMNS_OF_S}, b.bytes
       FROM save_states s JOIN save_state_bytes b ON b.state_seq = s.seq
       WHERE s.rom_id = ? AND s.id = ?`,
    ),
    getThumbnail: db.prepare<[string, string], { thumbnail: Buffer | null }>(
      `SELECT b.thumbnail FROM save_states s JOIN save_state_bytes b ON b.state_seq = s.seq
       WHERE s.rom_id = ? AND s.id = ?`,
    ),
    deleteState: db.prepare<[string, string]>(
      'DELETE FROM save_states WHERE rom_id = ? AND id = ?',
    ),
  }
}
