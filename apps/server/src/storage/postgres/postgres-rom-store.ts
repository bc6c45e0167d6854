// RomStore on PostgreSQL (pg): a pool per server process, so several app servers can share one library.
import pg from 'pg'
import type { Cartridge, Mirroring, TitleSource } from '@nes-studio/shared'
import { checkMigrationList, newerSchemaError } from '../migrations/migration'
import { POSTGRES_MIGRATIONS } from '../migrations/postgres-migrations'
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
import { StorageStartupError, StorageUnavailableError } from '../storage-errors'
import { withTranslatedErrors } from '../translate-errors'
import { translatePgError } from './pg-errors'
import { inTransaction } from './pg-transaction'
import { PostgresCoverStore } from './postgres-cover-store'

interface RomRow {
  id: string
  title: string
  file_name: string
  file_size: number
  created_at: Date
  mapper: number
  submapper: number | null
  prg_rom_banks: number
  chr_rom_banks: number
  mirroring: Mirroring
  battery: boolean
  trainer: boolean
  nes2: boolean
  sha1: string
  file_sha256: string
  crc32: string | null
  file_sha1: string | null
  file_crc32: string | null
  /** JSON of a Cartridge. */
  cartridge: string | null
  cartridge_db: string | null
  cart_region: string | null
  use_corrected_header: boolean
  dat_id: string | null
  dat_name: string | null
  dat_region: string | null
  dat_revision: string | null
  title_source: TitleSource
  last_played_at: Date | null
  cover_version: string | null
}

const ROM_COLUMNS = `id, title, file_name, file_size, created_at, mapper, submapper, prg_rom_banks,
  chr_rom_banks, mirroring, battery, trainer, nes2, sha1, file_sha256, crc32, file_sha1, file_crc32,
  cartridge, cartridge_db, cart_region, use_corrected_header, dat_id, dat_name, dat_region,
  dat_revision, title_source, last_played_at, cover_version`

/** crc32, file_sha1, file_crc32, cartridge, cartridge_db, cart_mapper, cart_region, in that order. */
function identityValues(identity: Partial<RomIdentityFields>): unknown[] {
  const cartridge = identity.cartridge ?? null
  return [
    identity.crc32 ?? null,
    identity.fileSha1 ?? null,
    identity.fileCrc32 ?? null,
    cartridge ? JSON.stringify(cartridge) : null,
    identity.cartridgeDb ?? null,
    cartridge?.mapper ?? null,
    identity.cartRegion ?? null,
  ]
}

// Any constant works; it only has to be the same in every server sharing the database.
const MIGRATION_LOCK_KEY = 0x6e657331 // "nes1"

function rowToRecord(row: RomRow): RomRecord {
  return {
    id: row.id,
    title: row.title,
    fileName: row.file_name,
    fileSize: row.file_size,
    createdAt: row.created_at.toISOString(),
    mapper: row.mapper,
    submapper: row.submapper,
    prgRomBanks: row.prg_rom_banks,
    chrRomBanks: row.chr_rom_banks,
    mirroring: row.mirroring,
    battery: row.battery,
    trainer: row.trainer,
    nes2: row.nes2,
    sha1: row.sha1,
    fileSha256: row.file_sha256,
    crc32: row.crc32,
    fileSha1: row.file_sha1,
    fileCrc32: row.file_crc32,
    cartridge: row.cartridge ? (JSON.parse(row.cartridge) as Cartridge) : null,
    cartridgeDb: row.cartridge_db,
    cartRegion: row.cart_region,
    useCorrectedHeader: row.use_corrected_header,
    datId: row.dat_id,
    datName: row.dat_name,
    datRegion: row.dat_region,
    datRevision: row.dat_revision,
    titleSource: row.title_source,
    lastPlayedAt: row.last_played_at ? row.last_played_at.toISOString() : null,
    coverVersion: row.cover_version,
  }
}

async function migrate(pool: pg.Pool, upTo: number): Promise<void> {
  checkMigrationList(POSTGRES_MIGRATIONS)
  await inTransaction(pool, async (client) => {
    // Servers starting together queue here; the first applies, the rest find nothing left to do.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`)
    const { rows } = await client.query<{ v: number | null }>(
      'SELECT MAX(version) AS v FROM schema_migrations',
    )
    const current = rows[0]?.v ?? 0
    if (current > POSTGRES_MIGRATIONS.length)
      throw newerSchemaError(current, POSTGRES_MIGRATIONS.length)
    for (const m of POSTGRES_MIGRATIONS.slice(current, upTo)) {
      await client.query(m.up)
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ])
    }
  })
}

export interface PostgresRomStoreOptions {
  connectionString: string
  /** Schema to work in (search_path); tests use a fresh one per run. Default: the server's default. */
  schema?: string
  /** Pool size per process. */
  poolMax?: number
  /** Stop migrating at this version: tests use it to build a database as an older server left it. */
  upToVersion?: number
  /**
   * Longest wait for a connection or a query, in milliseconds (statement_timeout on the server and
   * query_timeout in the client, which also covers a server that stopped answering). Default 5000.
   */
  timeoutMs?: number
}

/** host:port/database of a URL, without user or password, for messages. */
function describeDatabase(connectionString: string): string {
  try {
    const url = new URL(connectionString)
    return `${url.host}${url.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

export async function openPostgresRomStore(opts: PostgresRomStoreOptions): Promise<RomStore> {
  if (opts.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(opts.schema)) {
    throw new Error(`Invalid schema name ${opts.schema}`)
  }
  const timeoutMs = opts.timeoutMs ?? 5000
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.poolMax ?? 10,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    // A little later than the server's own limit, so a live server's cancel wins.
    query_timeout: timeoutMs + 1000,
  })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)
  try {
    if (opts.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`)
    await migrate(pool, opts.upToVersion ?? POSTGRES_MIGRATIONS.length)
  } catch (err) {
    await pool.end()
    const translated = translatePgError(err, timeoutMs)
    if (translated instanceof StorageUnavailableError) {
      throw new StorageStartupError(
        `Cannot use the PostgreSQL database in DATABASE_URL (${describeDatabase(opts.connectionString)}): ` +
          `${translated.message} ${(err as Error).message}. Check that it is running and that ` +
          'DATABASE_URL names its host, port, user and database.',
      )
    }
    throw err
  }
  return withTranslatedErrors(new PostgresRomStore(pool), (err) => translatePgError(err, timeoutMs))
}

class PostgresRomStore extends PostgresCoverStore implements RomStore {
  readonly kind = 'postgres'

  async list(): Promise<RomRecord[]> {
    const { rows } = await this.pool.query<RomRow>(
      `SELECT ${ROM_COLUMNS} FROM roms WHERE deleted_at IS NULL ORDER BY seq DESC`,
    )
    return rows.map(rowToRecord)
  }

  async listSlice(beforeSeq: number | undefined, limit: number): Promise<RomListRow[]> {
    const { rows } = await this.pool.query<RomRow & { seq: string }>(
      `SELECT seq, ${ROM_COLUMNS} FROM roms WHERE deleted_at IS NULL AND seq < $1
       ORDER BY seq DESC LIMIT $2`,
      [beforeSeq ?? Number.MAX_SAFE_INTEGER, limit],
    )
    return rows.map((row) => ({ seq: Number(row.seq), rom: rowToRecord(row) }))
  }

  async listChanges(since: string): Promise<RomListChanges | undefined> {
    // One statement, so the revision, the purge mark and the rows are one snapshot. Rows are read
    // only when `since` names this library.
    const dot = since.lastIndexOf('.')
    const counter = /^\d{1,18}$/.test(since.slice(dot + 1)) ? since.slice(dot + 1) : '0'
    const { rows } = await this.pool.query<
      Partial<RomRow> & {
        library_id: string
        revision: string
        purged_rev: string
        seq: string | null
        visible: boolean | null
      }
    >(
      `SELECT m.library_id, m.revision::text AS revision, m.purged_rev::text AS purged_rev, r.*
       FROM library_meta m
       LEFT JOIN (SELECT seq::text AS seq, ${ROM_COLUMNS}, deleted_at IS NULL AS visible FROM roms
                  WHERE list_rev > $1::bigint) r ON m.library_id = $2
       WHERE m.id = 1`,
      [counter, since.slice(0, Math.max(dot, 0))],
    )
    const meta = rows[0]
    if (!meta) throw new Error('library_meta row missing')
    const from = revisionCounter(since, meta.library_id)
    if (from === undefined || Number(meta.purged_rev) > from) return undefined
    const changed = rows
      .filter((row) => row.seq !== null)
      .map((row) => ({
        seq: Number(row.seq),
        rom: rowToRecord(row as RomRow),
        visible: row.visible === true,
      }))
    return { revision: formatRevision(meta.library_id, meta.revision), changed }
  }

  async listPage(query: RomPageQuery): Promise<RomPage> {
    if (isUnfiltered(query)) return this.listUnsearchedPage(query)
    const { where, params } = pageWhere(query, {
      marker: (n) => `$${n}`,
      contains: (expr, at) => `${expr} ILIKE ${at}`,
    })
    const order = pageOrderBy(query, 'lower(title)')
    const n = params.length
    // count(*) OVER () counts the matches in the same snapshot as the page.
    const { rows } = await this.pool.query<RomRow & { total: string }>(
      `SELECT ${ROM_COLUMNS}, count(*) OVER () AS total FROM roms ${where}
       ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, query.limit, query.offset],
    )
    if (rows[0] || query.offset === 0) {
      return { total: Number(rows[0]?.total ?? 0), roms: rows.map(rowToRecord) }
    }
    // Past the last page there is no row to carry the count.
    const count = await this.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM roms ${where}`,
      params,
    )
    return { total: Number(count.rows[0]?.n ?? 0), roms: [] }
  }

  /** The count the triggers keep, in the same snapshot as the page (one statement), and no scan. */
  private async listUnsearchedPage(query: RomPageQuery): Promise<RomPage> {
    const { rows } = await this.pool.query<Partial<RomRow> & { total: string; id: string | null }>(
      `SELECT m.visible_count::text AS total, r.* FROM library_meta m
       LEFT JOIN LATERAL (SELECT ${ROM_COLUMNS} FROM roms WHERE deleted_at IS NULL
         ORDER BY ${pageOrderBy(query, 'lower(title)')} LIMIT $1 OFFSET $2) r ON true
       WHERE m.id = 1`,
      [query.limit, query.offset],
    )
    const total = Number(rows[0]?.total ?? 0)
    const roms = rows.filter((row) => row.id !== null).map((row) => rowToRecord(row as RomRow))
    return { total, roms }
  }

  async get(id: string): Promise<RomRecord | undefined> {
    const { rows } = await this.pool.query<RomRow>(
      `SELECT ${ROM_COLUMNS} FROM roms WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    )
    return rows[0] ? rowToRecord(rows[0]) : undefined
  }

  async getWithBytes(id: string): Promise<{ rom: RomRecord; bytes: Uint8Array } | undefined> {
    const { rows } = await this.pool.query<RomRow & { bytes: Buffer }>(
      `SELECT ${ROM_COLUMNS}, bytes FROM roms WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    )
    const row = rows[0]
    return row ? { rom: rowToRecord(row), bytes: row.bytes } : undefined
  }

  async insert(rom: NewRom): Promise<InsertResult> {
    const bytes = Buffer.from(rom.bytes.buffer, rom.bytes.byteOffset, rom.bytes.byteLength)
    // A concurrent delete of the conflicting row can leave neither an insert nor a row to report;
    // then simply try again. A deleted copy waiting for its purge must not block uploading the same
    // ROM again: it is purged, and the insert tried again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await this.pool.query<RomRow>(
        `INSERT INTO roms (id, title, file_name, file_size, created_at, mapper, submapper, prg_rom_banks,
           chr_rom_banks, mirroring, battery, trainer, nes2, sha1, file_sha256, bytes, crc32, file_sha1,
           file_crc32, cartridge, cartridge_db, cart_mapper, cart_region, dat_id, dat_name, dat_region,
           dat_revision, title_source)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
           $20, $21, $22, $23, $24, $25, $26, $27, $28)
         ON CONFLICT (sha1) DO NOTHING
         RETURNING ${ROM_COLUMNS}`,
        [
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
          bytes,
          ...identityValues(rom),
          rom.datId ?? null,
          rom.datName ?? null,
          rom.datRegion ?? null,
          rom.datRevision ?? null,
          rom.titleSource ?? 'user',
        ],
      )
      if (inserted.rows[0]) return { status: 'inserted', rom: rowToRecord(inserted.rows[0]) }
      const existing = await this.pool.query<RomRow & { hidden: boolean }>(
        `SELECT ${ROM_COLUMNS}, deleted_at IS NOT NULL AS hidden FROM roms WHERE sha1 = $1`,
        [rom.sha1],
      )
      const row = existing.rows[0]
      if (row?.hidden) {
        await this.pool.query('DELETE FROM roms WHERE id = $1 AND deleted_at IS NOT NULL', [row.id])
      } else if (row) {
        return { status: 'duplicate', existing: rowToRecord(row) }
      }
    }
    throw new Error('insert kept conflicting with rows that then disappeared')
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.pool.query(
      'UPDATE roms SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL',
      [id],
    )
    return (result.rowCount ?? 0) > 0
  }

  async restore(id: string, windowMs: number): Promise<RomRecord | undefined> {
    const { rows } = await this.pool.query<RomRow>(
      `UPDATE roms SET deleted_at = NULL
       WHERE id = $1 AND deleted_at > now() - $2 * interval '1 millisecond'
       RETURNING ${ROM_COLUMNS}`,
      [id, windowMs],
    )
    return rows[0] ? rowToRecord(rows[0]) : undefined
  }

  async purgeDeleted(windowMs: number): Promise<number> {
    const due = `deleted_at <= now() - $1 * interval '1 millisecond'`
    // The revision trigger runs per statement, even for a DELETE of no rows: look first, so the
    // purge timer does not change the list's ETag every few seconds.
    const { rowCount } = await this.pool.query(`SELECT 1 FROM roms WHERE ${due} LIMIT 1`, [
      windowMs,
    ])
    if (!rowCount) return 0
    const result = await this.pool.query(`DELETE FROM roms WHERE ${due}`, [windowMs])
    return result.rowCount ?? 0
  }

  async listUnidentified(cartridgeDb: string, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM roms WHERE deleted_at IS NULL AND cartridge_db IS DISTINCT FROM $1
       ORDER BY seq LIMIT $2`,
      [cartridgeDb, limit],
    )
    return rows.map((row) => row.id)
  }

  async setIdentity(id: string, identity: RomIdentityFields): Promise<boolean> {
    const result = await this.pool.query(
      `UPDATE roms SET crc32 = $2, file_sha1 = $3, file_crc32 = $4, cartridge = $5, cartridge_db = $6,
         cart_mapper = $7, cart_region = $8
       WHERE id = $1`,
      [id, ...identityValues(identity)],
    )
    return (result.rowCount ?? 0) > 0
  }

  async updateEntry(id: string, change: RomEntryChange): Promise<RomRecord | undefined> {
    const columns: [string, unknown][] = []
    if (change.useCorrectedHeader !== undefined) {
      columns.push(['use_corrected_header', change.useCorrectedHeader])
    }
    if (change.title !== undefined) columns.push(['title', change.title])
    if (change.titleSource !== undefined) columns.push(['title_source', change.titleSource])
    if (change.lastPlayedAt !== undefined) columns.push(['last_played_at', change.lastPlayedAt])
    const sets = columns.map(([column], i) => `${column} = $${i + 2}`).join(', ')
    const { rows } = await this.pool.query<RomRow>(
      `UPDATE roms SET ${sets || 'id = id'} WHERE id = $1 AND deleted_at IS NULL
       RETURNING ${ROM_COLUMNS}`,
      [id, ...columns.map(([, value]) => value)],
    )
    return rows[0] ? rowToRecord(rows[0]) : undefined
  }

  async revision(): Promise<string> {
    const { rows } = await this.pool.query<{ library_id: string; revision: string }>(
      'SELECT library_id, revision FROM library_meta WHERE id = 1',
    )
    if (!rows[0]) throw new Error('library_meta row missing')
    return formatRevision(rows[0].library_id, rows[0].revision)
  }

  async schemaVersion(): Promise<number> {
    const { rows } = await this.pool.query<{ v: number | null }>(
      'SELECT MAX(version) AS v FROM schema_migrations',
    )
    return rows[0]?.v ?? 0
  }

  async close(): Promise<void> {
    await this.pool.end()
  }
}
