// The part of the RomStore seam that keeps imported DATs (No-Intro style ROM lists) and applies them to
// the library's entries. A DAT is written a batch at a time while nobody can see it, then made visible
// and applied in one transaction: a failed or interrupted import leaves nothing applied.

/** An imported DAT, without its ROMs. */
export interface DatRecord {
  id: string
  name: string
  description: string | null
  version: string | null
  format: 'logiqx' | 'clrmamepro'
  /** ISO 8601, UTC. */
  importedAt: string
  gameCount: number
  romCount: number
  /** Library entries this DAT names now. */
  matchedRoms: number
}

export type NewDat = Omit<DatRecord, 'matchedRoms'>

/** One ROM line of a DAT as stored. Hashes lowercase hex. */
export interface StoredDatRom {
  gameName: string
  region: string | null
  revision: string | null
  /** Bytes, or null when the DAT does not say. */
  size: number | null
  crc32: string | null
  sha1: string | null
}

/** What a library entry is matched by (see RomRecord). */
export interface RomHashes {
  sha1: string
  fileSha1: string | null
  crc32: string | null
  fileCrc32: string | null
  /** Bytes of the whole file. */
  fileSize: number
}

/** What a DAT says of one library entry, and the title the entry gets when its title is not the user's. */
export interface DatMatch {
  datId: string
  gameName: string
  region: string | null
  revision: string | null
  title: string
}

/** Finds an entry's game in one DAT (in memory, built while it is imported). */
export interface DatLookup {
  find(rom: RomHashes): DatMatch | undefined
}

export interface DatApplied {
  /** Entries the DAT names (their DAT name, region and revision set). */
  matched: number
  /** Of those, entries whose title became the DAT's name (the title was not the user's own). */
  renamed: number
}

export interface DatStore {
  /** Writes the DAT's row, invisible (not applied, not listed) until `finishDatImport`. */
  beginDatImport(dat: NewDat): Promise<void>
  /** Adds ROM lines to a DAT being imported. */
  addDatRoms(datId: string, roms: readonly StoredDatRom[]): Promise<void>
  /**
   * In one transaction: makes the DAT visible, gives every visible entry that `lookup` finds its DAT
   * name, region and revision (and the name as title when the title is not the user's), and removes
   * other DATs of the same name (an import replaces the earlier version of a DAT) as `deleteDat` does.
   */
  finishDatImport(
    datId: string,
    lookup: DatLookup,
    fileTitle: (fileName: string) => string,
  ): Promise<DatApplied>
  /** Removes a DAT whose import failed, with the ROM lines written so far. */
  abandonDatImport(datId: string): Promise<void>
  /** Removes imports that never finished and were begun at least `olderThanMs` ago (a crash). */
  purgeAbandonedDatImports(olderThanMs: number): Promise<number>
  /** Visible DATs, newest first. */
  listDats(): Promise<DatRecord[]>
  /**
   * Removes a DAT. The entries it named lose their DAT name, region and revision, and a title that
   * came from it goes back to `fileTitle(fileName)`. False when there is no such DAT.
   */
  deleteDat(id: string, fileTitle: (fileName: string) => string): Promise<boolean>
  /**
   * Gives one visible entry a DAT's facts (and the DAT's name as title when the title is not the
   * user's), as finishDatImport does; false when there is no such entry.
   */
  applyDatMatch(romId: string, match: DatMatch): Promise<boolean>
  /** The newest visible DAT's line for these hashes (see DatLookup), or undefined. */
  findDatRom(rom: RomHashes): Promise<(StoredDatRom & { datId: string }) | undefined>
}
