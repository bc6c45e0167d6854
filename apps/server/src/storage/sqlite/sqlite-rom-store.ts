// RomStore on SQLite (better-sqlite3): WAL journal, synchronous=FULL, every write one transaction.
import type Database from 'better-sqlite3'
import type { Cartridge, Mirroring, TitleSource } from '@nes-studio/shared'
import { checkMigrationList, newerSchemaError } from '../migrations/migration'
import { SQLITE_MIGRATIONS } from '../migrations/sqlite-migrations'
import { formatRevision, revisionCounter } from '../list-revision'
import { isUnfiltered, pageOrderBy, pageWhere } from '../page-query'
import type {
  InsertResult,
  NewRom,
  RomListChanges,
  RomListRow,
  RomPage,
  RomPageQuery,
  RomEntryChange,
  RomIdentityFields,
  RomRecord,
  RomStore,
} from '../rom-store'
import { withTranslatedErrors } from '../translate-errors'
import { translateSqliteError } from './sqlite-errors'
import { lazyStatements } from './lazy-statements'
import { describeOpenError, openCheckedDatabase } from './sqlite-open'
import { SqliteCoverStore } from './sqlite-cover-store'
import { SqliteSpace, useIncrementalVacuum } from './sqlite-space'

interface RomRow {
  seq: number
  id: string
  title: string
  file_name: string
  file_size: number
  created_at: string
  mapper: number
  submapper: number | null
  prg_rom_banks: number
  chr_rom_banks: number
  mirroring: Mirroring
  battery: 0 | 1
  trainer: 0 | 1
  nes2: 0 | 1
  sha1: string
  file_sha256: string
  crc32: string | null
  file_sha1: string | null
  file_crc32: string | null
  /** JSON of a Cartridge. */
  cartridge: string | null
  cartridge_db: string | null
  cart_region: string | null
  use_corrected_header: 0 | 1
  dat_id: string | null
  dat_name: string | null
  dat_region: string | null
  dat_revision: string | null
  title_source: TitleSource
  last_played_at: string | null
  cover_version: string | null
}

const ROM_COLUMNS = `seq, id, title, file_name, file_size, created_at, mapper, submapper, prg_rom_banks,
  chr_rom_banks, mirroring, battery, trainer, nes2, sha1, file_sha256, crc32, file_sha1, file_crc32,
  cartridge, cartridge_db, cart_region, use_corrected_header, dat_id, dat_name, dat_region,
  dat_revision, title_source, last_played_at, cover_version`

/** The identity columns' values (named parameters of insertRom and setIdentity). */
function identityParams(identity: Partial<RomIdentityFields>) {
  const cartridge = identity.cartridge ?? null
  return {
    crc32: identity.crc32 ?? null,
    fileSha1: identity.fileSha1 ?? null,
    fileCrc32: identity.fileCrc32 ?? null,
    cartridge: cartridge ? JSON.stringify(cartridge) : null,
    cartridgeDb: identity.cartridgeDb ?? null,
    cartMapper: cartridge?.mapper ?? null,
    cartRegion: identity.cartRegion ?? null,
  }
}

function rowToRecord(row: RomRow): RomRecord {
  return {
    id: row.id,
    title: row.title,
    fileName: row.file_name,
    fileSize: row.file_size,
    createdAt: row.created_at,
    mapper: row.mapper,
    submapper: row.submapper,
    prgRomBanks: row.prg_rom_banks,
    chrRomBanks: row.chr_rom_banks,
    mirroring: row.mirroring,
    battery: row.battery === 1,
    trainer: row.trainer === 1,
    nes2: row.nes2 === 1,
    sha1: row.sha1,
    fileSha256: row.file_sha256,
    crc32: row.crc32,
    fileSha1: row.file_sha1,
    fileCrc32: row.file_crc32,
    cartridge: row.cartridge ? (JSON.parse(row.cartridge) as Cartridge) : null,
    cartridgeDb: row.cartridge_db,
    cartRegion: row.cart_region,
    useCorrectedHeader: row.use_corrected_header === 1,
    datId: row.dat_id,
    datName: row.dat_name,
    datRegion: row.dat_region,
    datRevision: row.dat_revision,
    titleSource: row.title_source,
    lastPlayedAt: row.last_played_at,
    coverVersion: row.cover_version,
  }
}

function migrate(db: Database.Database, upTo: number): void {
  checkMigrationList(SQLITE_MIGRATIONS)
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`)
  // IMMEDIATE takes the write lock first, so two processes starting at once cannot both migrate.
  db.transaction(() => {
    const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as {
      v: number | null
    }
    const current = row.v ?? 0
    if (current > SQLITE_MIGRATIONS.length)
      throw newerSchemaError(current, SQLITE_MIGRATIONS.length)
    for (const m of SQLITE_MIGRATIONS.slice(current, upTo)) {
      db.exec(m.up)
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        m.version,
        m.name,
        new Date().toISOString(),
      )
    }
  }).immediate()
}

/** The SET clause and its values for a PATCH of an entry (only the fields it changes). */
function entryChangeSql(change: RomEntryChange): { sets: string; values: unknown[] } {
  const columns: [string, unknown][] = []
  if (change.useCorrectedHeader !== undefined) {
    columns.push(['use_corrected_header', change.useCorrectedHeader ? 1 : 0])
  }
  if (change.title !== undefined) columns.push(['title', change.title])
  if (change.titleSource !== undefined) columns.push(['title_source', change.titleSource])
  if (change.lastPlayedAt !== undefined) columns.push(['last_played_at', change.lastPlayedAt])
  return {
    sets: columns.map(([column]) => `${column} = ?`).join(', '),
    values: columns.map(([, value]) => value),
  }
}

/** A title or search text with every letter in lower case (any script, not only ASCII). */
function foldCase(text: string): string {
  return text.toLowerCase()
}

/** The functions the store's SQL calls: `fold_case(text)`, foldCase() in SQL. */
export function registerSqlFunctions(db: Database.Database): void {
  db.function('fold_case', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? foldCase(text) : text,
  )
}

export interface SqliteRomStoreOptions {
  /** Database file, or ':memory:' for tests. Its folder is created when missing. */
  file: string
  /** Stop migrating at this version: tests use it to build a database as an older server left it. */
  upToVersion?: number
  /** Caps the file at this many pages (PRAGMA max_page_count): tests use it to fill the "disk". */
  maxPageCount?: number
  /** Where start-up notes go (e.g. a one-time conversion); default console.warn. */
  notice?: (message: string) => void
}

export async function openSqliteRomStore(opts: SqliteRomStoreOptions): Promise<RomStore> {
  const db = openCheckedDatabase(opts.file)
  try {
    registerSqlFunctions(db)
    db.pragma('journal_mode = WAL')
    // FULL: a ROM whose upload got 201 survives a power cut too, not only a process crash.
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    // After a checkpoint the WAL file shrinks back to this size, so space freed by deletes returns.
    db.pragma('journal_size_limit = 4194304')
    migrate(db, opts.upToVersion ?? SQLITE_MIGRATIONS.length)
    if (opts.maxPageCount !== undefined) db.pragma(`max_page_count = ${opts.maxPageCount}`)
  } catch (err) {
    db.close()
    throw describeOpenError(opts.file, err)
  }
  let space: SqliteSpace | undefined
  if (opts.file !== ':memory:') {
    useIncrementalVacuum(db, opts.file, opts.notice ?? ((message) => console.warn(message)))
    space = new SqliteSpace(db, opts.file)
    space.keepReserve()
  }
  return withTranslatedErrors(new SqliteRomStore(db, space), translateSqliteError)
}

/**
 * A page's SQL: `sql` takes `params`, then LIMIT and OFFSET. Every sort order has an index that
 * gives its rows in order (migrations 5 and 6), so a page reads its rows, not the table.
 */
export function sqlitePageQuery(query: RomPageQuery): {
  where: string
  params: unknown[]
  sql: string
} {
  // SQLite's LIKE folds only ASCII letters, PostgreSQL's ILIKE any letter (É matches é, Ω matches ω):
  // the search text is lower-cased by JavaScript, and so is a title that is not all ASCII (one whose
  // UTF-8 is longer than its characters; an ASCII title skips the call: 2 ms against 9 ms for 10,000).
  const folded = (column: string) =>
    `CASE WHEN length(${column}) = length(CAST(${column} AS BLOB)) THEN ${column} ELSE fold_case(${column}) END`
  const { where, params } = pageWhere(
    { ...query, search: foldCase(query.search), region: query.region && foldCase(query.region) },
    { marker: () => '?', contains: (expr, at) => `(${folded(expr)}) LIKE ${at} ESCAPE '\\'` },
  )
  const order = pageOrderBy(query, 'title COLLATE NOCASE')
  return {
    where,
    params,
    sql: `SELECT ${ROM_COLUMNS} FROM roms ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
  }
}

/** The INSERT of a ROM (identity columns a new ROM leaves out are null). */
const INSERT_ROM = `INSERT INTO roms (id, title, file_name, file_size, created_at, mapper, submapper,
    prg_rom_banks, chr_rom_banks, mirroring, battery, trainer, nes2, sha1, file_sha256, crc32,
    file_sha1, file_crc32, cartridge, cartridge_db, cart_mapper, cart_region, dat_id, dat_name,
    dat_region, dat_revision, title_source)
  VALUES (@id, @title, @fileName, @fileSize, @createdAt, @mapper, @submapper, @prgRomBanks,
    @chrRomBanks, @mirroring, @battery, @trainer, @nes2, @sha1, @fileSha256, @crc32, @fileSha1,
    @fileCrc32, @cartridge, @cartridgeDb, @cartMapper, @cartRegion, @datId, @datName, @datRegion,
    @datRevision, @titleSource)
  ON CONFLICT (sha1) DO NOTHING`

/** ISO 8601 time `windowMs` before now: deletes at or before it are past the undo window. */
const windowStart = (windowMs: number) => new Date(Date.now() - windowMs).toISOString()

function prepareRomStatements(db: Database.Database) {
  const visible = 'deleted_at IS NULL'
  return lazyStatements({
    list: () =>
      db.prepare<[], RomRow>(`SELECT ${ROM_COLUMNS} FROM roms WHERE ${visible} ORDER BY seq DESC`),
    get: () =>
      db.prepare<[string], RomRow>(`SELECT ${ROM_COLUMNS} FROM roms WHERE id = ? AND ${visible}`),
    getBySeq: () =>
      db.prepare<[number | bigint], RomRow>(`SELECT ${ROM_COLUMNS} FROM roms WHERE seq = ?`),
    getBySha1: () => db.prepare<[string], RomRow>(`SELECT ${ROM_COLUMNS} FROM roms WHERE sha1 = ?`),
    hiddenBySha1: () =>
      db.prepare<[string], { id: string }>(
        'SELECT id FROM roms WHERE sha1 = ? AND deleted_at IS NOT NULL',
      ),
    bytes: () =>
      db.prepare<[number], { bytes: Buffer }>('SELECT bytes FROM rom_bytes WHERE rom_seq = ?'),
    insertRom: () => db.prepare(INSERT_ROM),
    unidentified: () =>
      db.prepare<[string, number], { id: string }>(
        `SELECT id FROM roms WHERE ${visible} AND cartridge_db IS NOT ? ORDER BY seq LIMIT ?`,
      ),
    setIdentity: () =>
      db.prepare(`UPDATE roms SET crc32 = @crc32, file_sha1 = @fileSha1, file_crc32 = @fileCrc32,
          cartridge = @cartridge, cartridge_db = @cartridgeDb, cart_mapper = @cartMapper,
          cart_region = @cartRegion
        WHERE id = @id`),
    insertBytes: () => db.prepare('INSERT INTO rom_bytes (rom_seq, bytes) VALUES (?, ?)'),
    hide: () =>
      db.prepare<[string, string]>(`UPDATE roms SET deleted_at = ? WHERE id = ? AND ${visible}`),
    restore: () =>
      db.prepare<[string, string], RomRow>(
        `UPDATE roms SET deleted_at = NULL WHERE id = ? AND deleted_at > ? RETURNING ${ROM_COLUMNS}`,
      ),
    purge: () => db.prepare<[string]>('DELETE FROM roms WHERE deleted_at <= ?'),
    purgeOne: () =>
      db.prepare<[string]>('DELETE FROM roms WHERE id = ? AND deleted_at IS NOT NULL'),
    revision: () =>
      db.prepare<
        [],
        { library_id: string; revision: number; purged_rev: number; visible_count: number }
      >('SELECT library_id, revision, purged_rev, visible_count FROM library_meta WHERE id = 1'),
    slice: () =>
      db.prepare<[number, number], RomRow>(
        `SELECT ${ROM_COLUMNS} FROM roms WHERE ${visible} AND seq < ? ORDER BY seq DESC LIMIT ?`,
      ),
    changedSince: () =>
      db.prepare<[number], RomRow & { visible: 0 | 1 }>(
        `SELECT ${ROM_COLUMNS}, deleted_at IS NULL AS visible FROM roms WHERE list_rev > ?`,
      ),
  })
}

class SqliteRomStore extends SqliteCoverStore implements RomStore {
  readonly kind = 'sqlite'
  private readonly r: ReturnType<typeof prepareRomStatements>
  private readonly insertTx: Database.Transaction<(rom: NewRom) => InsertResult>

  constructor(db: Database.Database, space: SqliteSpace | undefined) {
    super(db, space)
    this.r = prepareRomStatements(db)
    this.insertTx = db.transaction((rom: NewRom): InsertResult => {
      const { bytes, ...meta } = rom
      const row = {
        ...meta,
        ...identityParams(meta),
        datId: meta.datId ?? null,
        datName: meta.datName ?? null,
        datRegion: meta.datRegion ?? null,
        datRevision: meta.datRevision ?? null,
        titleSource: meta.titleSource ?? 'user',
        battery: meta.battery ? 1 : 0,
        trainer: meta.trainer ? 1 : 0,
        nes2: meta.nes2 ? 1 : 0,
      }
      let result = this.r.insertRom.run(row)
      if (result.changes === 0) {
        // A deleted copy waiting for its purge must not block uploading the same ROM again.
        const hidden = this.r.hiddenBySha1.get(rom.sha1)
        if (!hidden) {
          const existing = this.r.getBySha1.get(rom.sha1)
          if (!existing) throw new Error('sha1 conflict without a row')
          return { status: 'duplicate', existing: rowToRecord(existing) }
        }
        this.r.purgeOne.run(hidden.id)
        result = this.r.insertRom.run(row)
        if (result.changes === 0) throw new Error('sha1 conflict after purging the deleted copy')
      }
      this.r.insertBytes.run(
        result.lastInsertRowid,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      )
      const inserted = this.r.getBySeq.get(result.lastInsertRowid)
      if (!inserted) throw new Error('inserted row not found')
      return { status: 'inserted', rom: rowToRecord(inserted) }
    })
  }

  async list(): Promise<RomRecord[]> {
    return this.r.list.all().map(rowToRecord)
  }

  async listSlice(beforeSeq: number | undefined, limit: number): Promise<RomListRow[]> {
    return this.r.slice
      .all(beforeSeq ?? Number.MAX_SAFE_INTEGER, limit)
      .map((row) => ({ seq: row.seq, rom: rowToRecord(row) }))
  }

  async listChanges(since: string): Promise<RomListChanges | undefined> {
    // One read transaction: the revision, the purge mark and the rows are one snapshot.
    return this.db.transaction(() => {
      const meta = this.r.revision.get()
      if (!meta) throw new Error('library_meta row missing')
      const from = revisionCounter(since, meta.library_id)
      if (from === undefined || meta.purged_rev > from) return undefined
      const changed = this.r.changedSince
        .all(from)
        .map((row) => ({ seq: row.seq, rom: rowToRecord(row), visible: row.visible === 1 }))
      return { revision: formatRevision(meta.library_id, meta.revision), changed }
    })()
  }

  async listPage(query: RomPageQuery): Promise<RomPage> {
    const { where, params, sql } = sqlitePageQuery(query)
    // Both in one read transaction, so the count and the page describe the same library. Without a
    // search the count is the one the triggers keep, not a scan of the table.
    return this.db.transaction(() => {
      const count = !isUnfiltered(query)
        ? (this.db.prepare(`SELECT COUNT(*) AS n FROM roms ${where}`).get(...params) as {
            n: number
          })
        : { n: this.r.revision.get()?.visible_count ?? 0 }
      const rows = this.db.prepare<unknown[], RomRow>(sql).all(...params, query.limit, query.offset)
      return { total: count.n, roms: rows.map(rowToRecord) }
    })()
  }

  async get(id: string): Promise<RomRecord | undefined> {
    const row = this.r.get.get(id)
    return row ? rowToRecord(row) : undefined
  }

  async getWithBytes(id: string): Promise<{ rom: RomRecord; bytes: Uint8Array } | undefined> {
    // One read transaction so a concurrent delete cannot split metadata from bytes.
    return this.db.transaction(() => {
      const row = this.r.get.get(id)
      if (!row) return undefined
      const blob = this.r.bytes.get(row.seq)
      if (!blob) throw new Error(`ROM ${id} has no bytes row`)
      return { rom: rowToRecord(row), bytes: blob.bytes }
    })()
  }

  async insert(rom: NewRom): Promise<InsertResult> {
    return this.growing(rom.bytes.length, () => this.insertTx.immediate(rom))
  }

  async delete(id: string): Promise<boolean> {
    // Hiding frees nothing yet, but it must work on a full disk: it is how space is freed.
    return this.freeing(() => this.r.hide.run(new Date().toISOString(), id).changes > 0, false)
  }

  async restore(id: string, windowMs: number): Promise<RomRecord | undefined> {
    const row = this.r.restore.get(id, windowStart(windowMs))
    return row ? rowToRecord(row) : undefined
  }

  async purgeDeleted(windowMs: number): Promise<number> {
    const purged = this.freeing(() => this.r.purge.run(windowStart(windowMs)).changes, false)
    // The freed pages go back to the file system (SqliteSpace.giveBack), or what an earlier round
    // could not give back on a full disk.
    if (purged > 0 || this.space?.owesGiveBack) this.space?.giveBack()
    return purged
  }

  async listUnidentified(cartridgeDb: string, limit: number): Promise<string[]> {
    return this.r.unidentified.all(cartridgeDb, limit).map((row) => row.id)
  }

  async setIdentity(id: string, identity: RomIdentityFields): Promise<boolean> {
    return this.r.setIdentity.run({ id, ...identityParams(identity) }).changes > 0
  }

  async updateEntry(id: string, change: RomEntryChange): Promise<RomRecord | undefined> {
    const { sets, values } = entryChangeSql(change)
    const sql = `UPDATE roms SET ${sets || 'id = id'} WHERE id = ? AND deleted_at IS NULL
      RETURNING ${ROM_COLUMNS}`
    const row = this.db.prepare<unknown[], RomRow>(sql).get(...values, id)
    return row ? rowToRecord(row) : undefined
  }

  async revision(): Promise<string> {
    const row = this.r.revision.get()
    if (!row) throw new Error('library_meta row missing')
    return formatRevision(row.library_id, row.revision)
  }

  async schemaVersion(): Promise<number> {
    const row = this.db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as {
      v: number | null
    }
    return row.v ?? 0
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close()
  }
}
