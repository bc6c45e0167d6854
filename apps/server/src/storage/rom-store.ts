// The seam between the ROM service and a database (kysely's Dialect as the model): one interface, two backends.
import type { Cartridge, Mirroring, RomSortKey, TitleSource } from '@nes-studio/shared'
import type { CoverStore } from './cover-store'
import type { DatStore } from './dat-store'
import type { SaveStore } from './save-store'
import type { UnlockSessionStore } from './unlock-session-store'

/**
 * What the server learns about a ROM beyond its header (roms/identity/). Hashes are lowercase hex. All
 * null for a ROM stored before migration 7 until the start-up pass has read it.
 */
export interface RomIdentityFields {
  /** CRC32 of the file without its header. */
  crc32: string | null
  /** SHA-1 and CRC32 of the whole file. */
  fileSha1: string | null
  fileCrc32: string | null
  /** The cartridge database's entry, or null when it has none. */
  cartridge: Cartridge | null
  /** Fingerprint of the cartridge database the ROM was looked up in; null when it has not been yet. */
  cartridgeDb: string | null
  /** The region the cartridge's systems give ("Japan, USA"), or null. */
  cartRegion: string | null
}

/** What an imported DAT says of a ROM (dat-store.ts); all null when no DAT names it. */
export interface RomDatFields {
  /** The DAT that named it (the newest import that lists it). */
  datId: string | null
  /** The game's name in that DAT ("Legend of Zelda, The (USA) (Rev 1)"). */
  datName: string | null
  datRegion: string | null
  datRevision: string | null
}

/** One stored ROM's metadata. Sizes in bytes, banks in 16 KiB (PRG) / 8 KiB (CHR) units. */
export interface RomRecord extends RomIdentityFields, RomDatFields {
  id: string
  title: string
  fileName: string
  fileSize: number
  /** ISO 8601, UTC. */
  createdAt: string
  mapper: number
  submapper: number | null
  prgRomBanks: number
  chrRomBanks: number
  mirroring: Mirroring
  battery: boolean
  trainer: boolean
  nes2: boolean
  /** SHA-1 of the file without its 16-byte header, lowercase hex; unique in a library. */
  sha1: string
  /** SHA-256 of the whole file, lowercase hex (the download's ETag). */
  fileSha256: string
  /** The user's choice: load the ROM with its header corrected from the cartridge database. */
  useCorrectedHeader: boolean
  /** Whose the title is: the file name's, the user's (typed), or a DAT's. */
  titleSource: TitleSource
  /** When a player last started it from the library (ISO 8601, UTC), or null: never. */
  lastPlayedAt: string | null
  /** The version of the entry's cover (see CoverStore), or null when it has none. */
  coverVersion: string | null
}

/**
 * A ROM to store. Identity and DAT fields left out are stored as null (not identified, named by no
 * DAT); a title source left out is the user's (no DAT will replace the title).
 */
export interface NewRom
  extends
    Omit<
      RomRecord,
      | keyof RomIdentityFields
      | keyof RomDatFields
      | 'useCorrectedHeader'
      | 'titleSource'
      | 'lastPlayedAt'
      | 'coverVersion'
    >,
    Partial<RomIdentityFields & RomDatFields & { titleSource: TitleSource }> {
  /** The exact uploaded file. */
  bytes: Uint8Array
}

/**
 * A page request; `offset` is 0-based, `limit` in entries; ties are broken newest first. `search`
 * matches titles and DAT names; the filters left out match every entry.
 */
export interface RomPageQuery {
  offset: number
  limit: number
  search: string
  sort: RomSortKey
  order: 'asc' | 'desc'
  /** The header's mapper. */
  mapper?: number
  /** Part of the region (the DAT's, else the cartridge database's), case-insensitive. */
  region?: string
  /** Only entries with a battery save or a save state. */
  hasSaves?: boolean
}

export interface RomPage {
  /** Entries matching the search, over all pages. */
  total: number
  roms: RomRecord[]
}

/** A visible entry with its place in the list: a higher `seq` is newer. */
export interface RomListRow {
  seq: number
  rom: RomRecord
}

/** How the list changed after a revision: every entry inserted, hidden or restored since, as it is now. */
export interface RomListChanges {
  /** The revision these changes bring a copy of the list to. */
  revision: string
  /** In no particular order; a `visible: false` row has left the list (or never joined it). */
  changed: (RomListRow & { visible: boolean })[]
}

export type InsertResult =
  | { status: 'inserted'; rom: RomRecord }
  /** A visible ROM with the same `sha1` is already stored; nothing was written. */
  | { status: 'duplicate'; existing: RomRecord }

/**
 * Stores return `undefined`/`false` for "not found" and throw only on infrastructure faults.
 * Every write is one transaction: a ROM is visible whole or not at all.
 * Battery saves and save states of a ROM: see SaveStore; covers: CoverStore; unlock sessions:
 * UnlockSessionStore.
 */
/** What PATCH may change of an entry; fields left out stay as they are. */
export interface RomEntryChange {
  useCorrectedHeader?: boolean
  title?: string
  titleSource?: TitleSource
  /** ISO 8601, UTC. */
  lastPlayedAt?: string
}

export interface RomStore extends SaveStore, DatStore, CoverStore, UnlockSessionStore {
  readonly kind: 'sqlite' | 'postgres'
  /** All entries, newest first. */
  list(): Promise<RomRecord[]>
  /**
   * Visible entries with `seq` below `beforeSeq` (from the newest when undefined), newest first, at
   * most `limit`: the whole list read a slice at a time. Slices are not one snapshot; a copy built
   * from them is made right by `listChanges` from a revision read before the first slice.
   */
  listSlice(beforeSeq: number | undefined, limit: number): Promise<RomListRow[]>
  /**
   * What changed in the list after revision `since` (from `revision()` or an earlier `listChanges`),
   * read in one snapshot with the revision it brings a copy to. `undefined` when a copy at `since`
   * cannot be brought up to date from changes alone: `since` names another database, or an entry it
   * may still show has been removed for good since (purged after a hide the copy has not seen).
   */
  listChanges(since: string): Promise<RomListChanges | undefined>
  /** One page of the entries matching the query's search and filters, and their count. */
  listPage(query: RomPageQuery): Promise<RomPage>
  get(id: string): Promise<RomRecord | undefined>
  getWithBytes(id: string): Promise<{ rom: RomRecord; bytes: Uint8Array } | undefined>
  /** A hidden (deleted, not yet purged) entry with the same `sha1` is purged to make room. */
  insert(rom: NewRom): Promise<InsertResult>
  /**
   * Hides an entry: it leaves the list and every read (its save and states included) at once, and
   * stays restorable until `purgeDeleted` removes it. True when a visible entry was hidden.
   */
  delete(id: string): Promise<boolean>
  /**
   * Shows again an entry hidden less than `windowMs` milliseconds ago, by the store's clock (the
   * database's on PostgreSQL, so servers sharing it agree). `undefined` when there is none: never
   * deleted, hidden longer ago, or purged.
   */
  restore(id: string, windowMs: number): Promise<RomRecord | undefined>
  /**
   * Removes for good (with their saves and states) the entries hidden at least `windowMs` milliseconds
   * ago, by the store's clock; returns how many.
   */
  purgeDeleted(windowMs: number): Promise<number>
  /**
   * Names the library's current state: it changes whenever an insert, delete, restore or purge commits (from any
   * process sharing the database) and never repeats, also across restarts. Used as the list's ETag.
   */
  revision(): Promise<string>
  /**
   * Ids of visible entries not yet looked up in the cartridge database with fingerprint `cartridgeDb`
   * (never identified, or with another database), oldest first, at most `limit`.
   */
  listUnidentified(cartridgeDb: string, limit: number): Promise<string[]>
  /** Stores what identification found; false when there is no such entry (visible or hidden). */
  setIdentity(id: string, identity: RomIdentityFields): Promise<boolean>
  /** Changes a visible entry; the entry as it is now, or undefined when there is none. */
  updateEntry(id: string, change: RomEntryChange): Promise<RomRecord | undefined>
  /** Highest applied schema migration. */
  schemaVersion(): Promise<number>
  close(): Promise<void>
}
