// DatStore on PostgreSQL: the class between PostgresSaveStore and PostgresRomStore (one pool). An
// import's ROM lines go in with one INSERT … unnest() per batch; the DAT stays invisible (ready =
// false) until finishDatImport applies it in one transaction that locks roms against writes, so an
// entry uploaded meanwhile is either matched here or, once this commits, at its own upload.
import type pg from 'pg'
import type {
  DatApplied,
  DatLookup,
  DatMatch,
  DatRecord,
  DatStore,
  NewDat,
  RomHashes,
  StoredDatRom,
} from '../dat-store'
import { inTransaction } from './pg-transaction'
import { PostgresSaveStore } from './postgres-save-store'

interface DatRow {
  id: string
  name: string
  description: string | null
  version: string | null
  format: 'logiqx' | 'clrmamepro'
  imported_at: Date
  game_count: number
  rom_count: number
  matched: string
}

interface MatchRow {
  id: string
  sha1: string
  file_sha1: string | null
  crc32: string | null
  file_crc32: string | null
  file_size: number
  title_source: 'file' | 'user' | 'dat'
}

/** Sets DAT facts on the entries of an unnest() `m`; a title only where the title is not the user's. */
const APPLY_MATCHES = `UPDATE roms r SET dat_id = m.dat_id, dat_name = m.game_name,
    dat_region = m.region, dat_revision = m.revision,
    title = CASE WHEN r.title_source = 'user' THEN r.title ELSE m.title END,
    title_source = CASE WHEN r.title_source = 'user' THEN 'user' ELSE 'dat' END
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
    AS m(id, dat_id, game_name, region, revision, title)
  WHERE r.id = m.id`

function applyValues(matches: readonly (DatMatch & { romId: string })[]): unknown[] {
  return [
    matches.map((m) => m.romId),
    matches.map((m) => m.datId),
    matches.map((m) => m.gameName),
    matches.map((m) => m.region),
    matches.map((m) => m.revision),
    matches.map((m) => m.title),
  ]
}

/** See DAT_ROM_MATCHES in sqlite-dat-store.ts; $1-$6: sha1, fileSha1, crc32, size, fileCrc32, size. */
const DAT_ROM_MATCHES = `(r.sha1 IN ($1, $2) OR (r.sha1 IS NULL AND (
    (r.crc32 = $3 AND (r.size IS NULL OR r.size = $4)) OR (r.crc32 = $5 AND (r.size IS NULL OR r.size = $6)))))`

export class PostgresDatStore extends PostgresSaveStore implements DatStore {
  async beginDatImport(dat: NewDat): Promise<void> {
    await this.pool.query(
      `INSERT INTO dats (id, name, description, version, format, imported_at, game_count, rom_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        dat.id,
        dat.name,
        dat.description,
        dat.version,
        dat.format,
        dat.importedAt,
        dat.gameCount,
        dat.romCount,
      ],
    )
  }

  async addDatRoms(datId: string, roms: readonly StoredDatRom[]): Promise<void> {
    const result = await this.pool.query(
      `INSERT INTO dat_roms (dat_seq, game_name, region, revision, size, crc32, sha1)
       SELECT d.seq, r.* FROM dats d,
         unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[]) AS r
       WHERE d.id = $1 AND NOT d.ready`,
      [
        datId,
        roms.map((r) => r.gameName),
        roms.map((r) => r.region),
        roms.map((r) => r.revision),
        roms.map((r) => r.size),
        roms.map((r) => r.crc32),
        roms.map((r) => r.sha1),
      ],
    )
    if (result.rowCount !== roms.length) throw new Error(`DAT ${datId} is not being imported`)
  }

  async finishDatImport(
    datId: string,
    lookup: DatLookup,
    fileTitle: (fileName: string) => string,
  ): Promise<DatApplied> {
    return inTransaction(this.pool, async (client) => {
      await client.query('LOCK TABLE roms IN SHARE ROW EXCLUSIVE MODE')
      const { rows } = await client.query<{ seq: string; name: string }>(
        'UPDATE dats SET ready = true WHERE id = $1 AND NOT ready RETURNING seq, name',
        [datId],
      )
      const dat = rows[0]
      if (!dat) throw new Error(`DAT ${datId} is not being imported`)
      const roms = await client.query<MatchRow>(
        `SELECT id, sha1, file_sha1, crc32, file_crc32, file_size, title_source FROM roms
         WHERE deleted_at IS NULL`,
      )
      const matches = roms.rows.flatMap((row) => {
        const match = lookup.find({
          sha1: row.sha1,
          fileSha1: row.file_sha1,
          crc32: row.crc32,
          fileCrc32: row.file_crc32,
          fileSize: row.file_size,
        })
        return match ? [{ ...match, romId: row.id, isUsers: row.title_source === 'user' }] : []
      })
      if (matches.length > 0) await client.query(APPLY_MATCHES, applyValues(matches))
      const replaced = await client.query<{ id: string }>(
        'SELECT id FROM dats WHERE name = $1 AND ready AND seq <> $2',
        [dat.name, dat.seq],
      )
      for (const { id } of replaced.rows) await removeDat(client, id, fileTitle)
      return { matched: matches.length, renamed: matches.filter((m) => !m.isUsers).length }
    })
  }

  async abandonDatImport(datId: string): Promise<void> {
    await this.pool.query('DELETE FROM dats WHERE id = $1 AND NOT ready', [datId])
  }

  async purgeAbandonedDatImports(olderThanMs: number): Promise<number> {
    const result = await this.pool.query(
      `DELETE FROM dats WHERE NOT ready AND imported_at <= now() - $1 * interval '1 millisecond'`,
      [olderThanMs],
    )
    return result.rowCount ?? 0
  }

  async listDats(): Promise<DatRecord[]> {
    const { rows } = await this.pool.query<DatRow>(
      `SELECT d.id, d.name, d.description, d.version, d.format, d.imported_at, d.game_count,
         d.rom_count, (SELECT count(*) FROM roms r WHERE r.dat_id = d.id AND r.deleted_at IS NULL)
           AS matched
       FROM dats d WHERE d.ready ORDER BY d.seq DESC`,
    )
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      version: row.version,
      format: row.format,
      importedAt: row.imported_at.toISOString(),
      gameCount: row.game_count,
      romCount: row.rom_count,
      matchedRoms: Number(row.matched),
    }))
  }

  async deleteDat(id: string, fileTitle: (fileName: string) => string): Promise<boolean> {
    return inTransaction(this.pool, async (client) => {
      const found = await client.query('SELECT 1 FROM dats WHERE id = $1 AND ready FOR UPDATE', [
        id,
      ])
      if (!found.rowCount) return false
      await removeDat(client, id, fileTitle)
      return true
    })
  }

  async applyDatMatch(romId: string, match: DatMatch): Promise<boolean> {
    const result = await this.pool.query(
      `${APPLY_MATCHES} AND r.deleted_at IS NULL`,
      applyValues([{ ...match, romId }]),
    )
    return (result.rowCount ?? 0) > 0
  }

  async findDatRom(rom: RomHashes): Promise<(StoredDatRom & { datId: string }) | undefined> {
    const { rows } = await this.pool.query<{
      dat_id: string
      game_name: string
      region: string | null
      revision: string | null
      size: string | null
      crc32: string | null
      sha1: string | null
    }>(
      `SELECT d.id AS dat_id, r.game_name, r.region, r.revision, r.size, r.crc32, r.sha1
       FROM dat_roms r JOIN dats d ON d.seq = r.dat_seq
       WHERE d.ready AND ${DAT_ROM_MATCHES}
       ORDER BY d.seq DESC, r.ctid LIMIT 1`,
      [rom.sha1, rom.fileSha1, rom.crc32, rom.fileSize - 16, rom.fileCrc32, rom.fileSize],
    )
    const row = rows[0]
    if (!row) return undefined
    return {
      datId: row.dat_id,
      gameName: row.game_name,
      region: row.region,
      revision: row.revision,
      size: row.size === null ? null : Number(row.size),
      crc32: row.crc32,
      sha1: row.sha1,
    }
  }
}

/** Clears the entries a DAT names (a title it gave goes back to the file's), then removes it. */
async function removeDat(
  client: pg.PoolClient,
  id: string,
  fileTitle: (fileName: string) => string,
): Promise<void> {
  const { rows } = await client.query<{ id: string; file_name: string }>(
    'SELECT id, file_name FROM roms WHERE dat_id = $1',
    [id],
  )
  if (rows.length > 0) {
    await client.query(
      `UPDATE roms r SET dat_id = NULL, dat_name = NULL, dat_region = NULL, dat_revision = NULL,
         title = CASE WHEN r.title_source = 'dat' THEN m.file_title ELSE r.title END,
         title_source = CASE WHEN r.title_source = 'dat' THEN 'file' ELSE r.title_source END
       FROM unnest($1::text[], $2::text[]) AS m(id, file_title)
       WHERE r.id = m.id`,
      [rows.map((r) => r.id), rows.map((r) => fileTitle(r.file_name))],
    )
  }
  await client.query('DELETE FROM dats WHERE id = $1', [id])
}
