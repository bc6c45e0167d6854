// DatStore on SQLite: the class between SqliteSaveStore and SqliteRomStore (one connection, one lock).
// An import's ROM lines go in a batch per transaction, each short, so other requests get the lock in
// between; the DAT stays invisible (ready = 0) until finishDatImport applies it in one transaction.
import type Database from 'better-sqlite3'
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
import { SqliteSaveStore } from './sqlite-save-store'

interface DatRow {
  seq: number
  id: string
  name: string
  description: string | null
  version: string | null
  format: 'logiqx' | 'clrmamepro'
  imported_at: string
  game_count: number
  rom_count: number
  matched: number
}

interface DatRomRow {
  dat_id: string
  game_name: string
  region: string | null
  revision: string | null
  size: number | null
  crc32: string | null
  sha1: string | null
}

/** A visible entry as a DAT is matched and applied to it. */
interface MatchRow {
  id: string
  sha1: string
  file_sha1: string | null
  crc32: string | null
  file_crc32: string | null
  file_size: number
  title_source: 'file' | 'user' | 'dat'
}

/**
 * The SQL of a DAT line matching an entry (see DatLookup): by SHA-1 of the file without or with its
 * header; a line without SHA-1 by CRC32 and size (a headerless line is 16 bytes shorter).
 * Parameters: sha1, fileSha1, crc32, headerless size, fileCrc32, file size.
 */
const DAT_ROM_MATCHES = `(r.sha1 IN (?, ?) OR (r.sha1 IS NULL AND (
    (r.crc32 = ? AND (r.size IS NULL OR r.size = ?)) OR (r.crc32 = ? AND (r.size IS NULL OR r.size = ?)))))`

/** Sets a DAT's facts on an entry; its title only when the title is not the user's own. */
const APPLY_MATCH = `UPDATE roms SET dat_id = @datId, dat_name = @gameName, dat_region = @region,
    dat_revision = @revision,
    title = CASE WHEN title_source = 'user' THEN title ELSE @title END,
    title_source = CASE WHEN title_source = 'user' THEN 'user' ELSE 'dat' END
  WHERE id = @id`

/** Forgets the DAT an entry was named by; a title it gave goes back to the file's. */
const CLEAR_MATCH = `UPDATE roms SET dat_id = NULL, dat_name = NULL, dat_region = NULL, dat_revision = NULL,
    title = CASE WHEN title_source = 'dat' THEN @fileTitle ELSE title END,
    title_source = CASE WHEN title_source = 'dat' THEN 'file' ELSE title_source END
  WHERE id = @id`

function prepareDatStatements(db: Database.Database) {
  return {
    begin: db.prepare(`INSERT INTO dats (id, name, description, version, format, imported_at,
        game_count, rom_count, ready)
      VALUES (@id, @name, @description, @version, @format, @importedAt, @gameCount, @romCount, 0)`),
    seqOf: db.prepare<[string], { seq: number; name: string; ready: 0 | 1 }>(
      'SELECT seq, name, ready FROM dats WHERE id = ?',
    ),
    addRom:
      db.prepare(`INSERT INTO dat_roms (dat_seq, game_name, region, revision, size, crc32, sha1)
      VALUES (@datSeq, @gameName, @region, @revision, @size, @crc32, @sha1)`),
    ready: db.prepare<[number]>('UPDATE dats SET ready = 1 WHERE seq = ?'),
    visibleRoms: db.prepare<[], MatchRow>(`SELECT id, sha1, file_sha1, crc32, file_crc32, file_size,
        title_source FROM roms WHERE deleted_at IS NULL`),
    applyMatch: db.prepare(APPLY_MATCH),
    applyVisibleMatch: db.prepare(`${APPLY_MATCH} AND deleted_at IS NULL`),
    sameName: db.prepare<[string, number], { id: string }>(
      'SELECT id FROM dats WHERE name = ? AND ready = 1 AND seq <> ?',
    ),
    romsOf: db.prepare<[string], { id: string; file_name: string }>(
      'SELECT id, file_name FROM roms WHERE dat_id = ?',
    ),
    clearMatch: db.prepare(CLEAR_MATCH),
    remove: db.prepare<[string]>('DELETE FROM dats WHERE id = ?'),
    removeReady: db.prepare<[string]>('DELETE FROM dats WHERE id = ? AND ready = 1'),
    purgeAbandoned: db.prepare<[string]>('DELETE FROM dats WHERE ready = 0 AND imported_at <= ?'),
    list: db.prepare<[], DatRow>(`SELECT d.*, (SELECT COUNT(*) FROM roms r
        WHERE r.dat_id = d.id AND r.deleted_at IS NULL) AS matched
      FROM dats d WHERE ready = 1 ORDER BY seq DESC`),
    find: db.prepare<
      unknown[],
      DatRomRow
    >(`SELECT d.id AS dat_id, r.game_name, r.region, r.revision,
        r.size, r.crc32, r.sha1
      FROM dat_roms r JOIN dats d ON d.seq = r.dat_seq
      WHERE d.ready = 1 AND ${DAT_ROM_MATCHES}
      ORDER BY d.seq DESC, r.rowid LIMIT 1`),
  }
}

function datRowToRecord(row: DatRow): DatRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    version: row.version,
    format: row.format,
    importedAt: row.imported_at,
    gameCount: row.game_count,
    romCount: row.rom_count,
    matchedRoms: row.matched,
  }
}

export function hashesOf(row: MatchRow): RomHashes {
  return {
    sha1: row.sha1,
    fileSha1: row.file_sha1,
    crc32: row.crc32,
    fileCrc32: row.file_crc32,
    fileSize: row.file_size,
  }
}

/** DAT lines matching `rom`, as DAT_ROM_MATCHES takes its parameters. */
export function datMatchParams(rom: RomHashes): unknown[] {
  return [rom.sha1, rom.fileSha1, rom.crc32, rom.fileSize - 16, rom.fileCrc32, rom.fileSize]
}

// Prepared on first use, as the save statements are: a store opened at an older schema has no tables.
export class SqliteDatStore extends SqliteSaveStore implements DatStore {
  private datStatements: ReturnType<typeof prepareDatStatements> | undefined

  private get d() {
    this.datStatements ??= prepareDatStatements(this.db)
    return this.datStatements
  }

  async beginDatImport(dat: NewDat): Promise<void> {
    this.d.begin.run(dat)
  }

  async addDatRoms(datId: string, roms: readonly StoredDatRom[]): Promise<void> {
    const dat = this.d.seqOf.get(datId)
    if (!dat) throw new Error(`DAT ${datId} is not being imported`)
    this.db
      .transaction(() => {
        for (const rom of roms) this.d.addRom.run({ datSeq: dat.seq, ...rom })
      })
      .immediate()
  }

  async finishDatImport(
    datId: string,
    lookup: DatLookup,
    fileTitle: (fileName: string) => string,
  ): Promise<DatApplied> {
    return this.db
      .transaction((): DatApplied => {
        const dat = this.d.seqOf.get(datId)
        if (!dat) throw new Error(`DAT ${datId} is not being imported`)
        this.d.ready.run(dat.seq)
        const replaced = this.d.sameName.all(dat.name, dat.seq).map((d) => d.id)
        let matched = 0
        let renamed = 0
        for (const row of this.d.visibleRoms.all()) {
          const match = lookup.find(hashesOf(row))
          if (!match) continue
          this.d.applyMatch.run({ id: row.id, ...match })
          matched++
          if (row.title_source !== 'user') renamed++
        }
        for (const id of replaced) this.removeDat(id, fileTitle)
        return { matched, renamed }
      })
      .immediate()
  }

  /** Clears the entries a DAT names (inside a transaction), then removes it. */
  private removeDat(id: string, fileTitle: (fileName: string) => string): void {
    for (const rom of this.d.romsOf.all(id)) {
      this.d.clearMatch.run({ id: rom.id, fileTitle: fileTitle(rom.file_name) })
    }
    this.d.remove.run(id)
  }

  async abandonDatImport(datId: string): Promise<void> {
    this.d.remove.run(datId)
  }

  async purgeAbandonedDatImports(olderThanMs: number): Promise<number> {
    return this.d.purgeAbandoned.run(new Date(Date.now() - olderThanMs).toISOString()).changes
  }

  async listDats(): Promise<DatRecord[]> {
    return this.d.list.all().map(datRowToRecord)
  }

  async deleteDat(id: string, fileTitle: (fileName: string) => string): Promise<boolean> {
    return this.db
      .transaction(() => {
        const dat = this.d.seqOf.get(id)
        if (!dat?.ready) return false
        this.removeDat(id, fileTitle)
        return true
      })
      .immediate()
  }

  async applyDatMatch(romId: string, match: DatMatch): Promise<boolean> {
    return this.d.applyVisibleMatch.run({ id: romId, ...match }).changes > 0
  }

  async findDatRom(rom: RomHashes): Promise<(StoredDatRom & { datId: string }) | undefined> {
    const row = this.d.find.get(...datMatchParams(rom))
    if (!row) return undefined
    return {
      datId: row.dat_id,
      gameName: row.game_name,
      region: row.region,
      revision: row.revision,
      size: row.size,
      crc32: row.crc32,
      sha1: row.sha1,
    }
  }
}
