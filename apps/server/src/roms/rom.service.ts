// ROM library rules: validates uploads, derives header facts, maps store records to API DTOs.
import { createHash, randomUUID } from 'node:crypto'
import { ROM_DELETE_UNDO_MS, ROM_MIN_BYTES } from '@nes-studio/shared'
import type {
  HealthProblem,
  RomEntry,
  RomListQuery,
  RomUpdateRequest,
  TitleSource,
} from '@nes-studio/shared'
import type { RomHashes } from '../storage/dat-store'
import { HttpError } from '../errors'
import type { RomRecord, RomStore } from '../storage/rom-store'
import { DamagedRoms } from './damaged-roms'
import {
  hasNesExtension,
  isInvisible,
  normalizeTitle,
  sanitizeFileName,
  titleOfFile,
  titleOfGame,
} from './file-name'
import { CHR_BANK_BYTES, INES_HEADER_BYTES, PRG_BANK_BYTES, parseINesHeader } from './ines'
import type { INesHeader } from './ines'
import { datMatchOf } from './identity/dat/dat-match'
import type { CartridgeDb } from './identity/cartridge-db'
import { correctedHeader } from './identity/corrected-header'
import { EMPTY_CARTRIDGE_DB, headerIssuesOf, identityFields } from './identity/rom-knowledge'
import { mapperName } from './mapper-names'
import type { ListedEntry } from './whole-list'

export interface RomUpload {
  /** Name as the client sent it; only displayed, never used as a path. */
  fileName: string
  title: string | undefined
  bytes: Uint8Array
}

export interface RomDownload {
  entry: RomEntry
  bytes: Uint8Array
  /** Strong validator (quoted) for ETag / If-None-Match. */
  etag: string
  /** True when `bytes` carry the header corrected from the cartridge database. */
  isCorrected: boolean
}

/**
 * Which header a download carries: the file as uploaded, or as the player should load it (the header
 * corrected from the cartridge database when the entry's `useCorrectedHeader` is on).
 */
export type DownloadHeader = 'original' | 'playable'

export interface RomServiceOptions {
  now?: () => Date
  newId?: () => string
  /** How long a delete can be undone, in milliseconds; default ROM_DELETE_UNDO_MS (10 s). */
  undoDeleteMs?: number
  /** ROMs are identified against it; default: a database that knows none. */
  cartridgeDb?: CartridgeDb
}

export function recordToEntry(rec: RomRecord): RomEntry {
  return {
    id: rec.id,
    title: rec.title,
    fileName: rec.fileName,
    fileSize: rec.fileSize,
    createdAt: rec.createdAt,
    mapper: rec.mapper,
    mapperName: mapperName(rec.mapper),
    submapper: rec.submapper,
    prgRomBanks: rec.prgRomBanks,
    chrRomBanks: rec.chrRomBanks,
    mirroring: rec.mirroring,
    battery: rec.battery,
    trainer: rec.trainer,
    nes2: rec.nes2,
    sha1: rec.sha1,
    crc32: rec.crc32,
    cartridge: rec.cartridge,
    region: rec.datRegion ?? rec.cartRegion,
    dat: rec.datName
      ? { name: rec.datName, region: rec.datRegion, revision: rec.datRevision }
      : null,
    titleSource: rec.titleSource,
    headerIssues: headerIssuesOf(rec),
    useCorrectedHeader: rec.useCorrectedHeader,
    lastPlayedAt: rec.lastPlayedAt,
    coverVersion: rec.coverVersion,
  }
}

/** The bytes the player should load: the header corrected when the entry has one and wants it. */
function playableBytes(rom: RomRecord, bytes: Uint8Array): Uint8Array | undefined {
  if (!rom.useCorrectedHeader) return undefined
  const header = correctedHeader(bytes, headerIssuesOf(rom))
  if (!header) return undefined
  const fixed = new Uint8Array(bytes)
  fixed.set(header)
  return fixed
}

/** Checks an upload's title and bytes; its header, or an HttpError saying what is wrong. */
function checkUpload(upload: RomUpload): INesHeader {
  assertRomFileName(upload.fileName)
  // An empty title means "use the file name"; one that only looks empty is a mistake (or a prank).
  const rawTitle = upload.title?.trim() ?? ''
  if (rawTitle !== '' && isInvisible(rawTitle)) throw invisibleTitle()
  const { bytes } = upload
  if (bytes.length < ROM_MIN_BYTES) {
    throw new HttpError(
      400,
      'RomTooSmall',
      `Invalid NES ROM file: it has ${bytes.length} bytes, but a ROM has at least ${ROM_MIN_BYTES}.`,
    )
  }
  const parsed = parseINesHeader(bytes)
  if (!parsed.ok) {
    const code = parsed.problem.code === 'NotINes' ? 'InvalidRom' : 'RomSizeMismatch'
    throw new HttpError(400, code, parsed.problem.message)
  }
  return parsed.header
}

const invisibleTitle = () =>
  new HttpError(
    400,
    'InvalidTitle',
    'The title has no visible characters. Type a title, or leave it empty to use the file name.',
  )

/** The title and its source a rename gives (PATCH `title`). */
function titleChange(rom: RomRecord, title: string): { title: string; titleSource: TitleSource } {
  const trimmed = title.trim()
  if (trimmed !== '' && isInvisible(trimmed)) throw invisibleTitle()
  if (trimmed !== '') return { title: normalizeTitle(trimmed, rom.fileName), titleSource: 'user' }
  if (rom.datName) return { title: titleOfGame(rom.datName), titleSource: 'dat' }
  return { title: titleOfFile(rom.fileName), titleSource: 'file' }
}

/** Rejects a bad name before any bytes are read. */
export function assertRomFileName(fileName: string): void {
  if (!hasNesExtension(fileName)) {
    throw new HttpError(
      400,
      'InvalidFileName',
      'Invalid file format. Please upload a .NES ROM file (the name must end in .nes).',
    )
  }
}

/** The file's SHA-256; a corrected copy adds its header's bytes, so the two never share a tag. */
function etagOf(rom: RomRecord, fixed: Uint8Array | undefined): string {
  if (!fixed) return `"${rom.fileSha256}"`
  const header = Buffer.from(fixed.subarray(0, INES_HEADER_BYTES)).toString('hex')
  return `"${rom.fileSha256}-h${header}"`
}

const notFound = () =>
  new HttpError(404, 'NotFound', 'That ROM is not in the library (it may have been deleted).')

function damagedMessage(title: string): string {
  return (
    `The stored copy of "${title}" is damaged: its bytes no longer match the SHA-256 taken when it ` +
    'was uploaded, so the server does not send them. Delete it and upload the ROM again, or restore ' +
    "the library from a backup (the server's owner finds it in GET /api/health and the log)."
  )
}

export class RomService {
  private readonly now: () => Date
  private readonly newId: () => string
  private readonly undoDeleteMs: number
  private readonly damaged = new DamagedRoms()
  readonly cartridgeDb: CartridgeDb

  constructor(
    private readonly store: RomStore,
    opts: RomServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date())
    this.newId = opts.newId ?? randomUUID
    this.undoDeleteMs = opts.undoDeleteMs ?? ROM_DELETE_UNDO_MS
    this.cartridgeDb = opts.cartridgeDb ?? EMPTY_CARTRIDGE_DB
  }

  /** Changes whenever the list may have changed; see RomStore.revision. */
  listRevision(): Promise<string> {
    return this.store.revision()
  }

  async list(): Promise<RomEntry[]> {
    return (await this.store.list()).map(recordToEntry)
  }

  /** The list a slice at a time, newest first; see RomStore.listSlice. */
  async listSlice(beforeSeq: number | undefined, limit: number): Promise<ListedEntry[]> {
    return (await this.store.listSlice(beforeSeq, limit)).map(({ seq, rom }) => ({
      seq,
      entry: recordToEntry(rom),
    }))
  }

  /** What changed in the list after `since`; see RomStore.listChanges. */
  async listChanges(
    since: string,
  ): Promise<{ revision: string; changed: (ListedEntry & { visible: boolean })[] } | undefined> {
    const changes = await this.store.listChanges(since)
    if (!changes) return undefined
    return {
      revision: changes.revision,
      changed: changes.changed.map(({ seq, rom, visible }) => ({
        seq,
        visible,
        entry: recordToEntry(rom),
      })),
    }
  }

  async listPage(query: RomListQuery): Promise<{ total: number; roms: RomEntry[] }> {
    const page = await this.store.listPage({
      offset: query.offset,
      limit: query.limit,
      search: query.q,
      sort: query.sort,
      order: query.order ?? (query.sort === 'date' || query.sort === 'played' ? 'desc' : 'asc'),
      ...(query.mapper === undefined ? {} : { mapper: query.mapper }),
      ...(query.region ? { region: query.region } : {}),
      ...(query.saves === 'yes' ? { hasSaves: true } : {}),
    })
    return { total: page.total, roms: page.roms.map(recordToEntry) }
  }

  async upload(upload: RomUpload): Promise<RomEntry> {
    const header = checkUpload(upload)
    const { bytes } = upload
    const fileName = sanitizeFileName(upload.fileName)
    const sha1 = createHash('sha1').update(bytes.subarray(INES_HEADER_BYTES)).digest('hex')
    const identity = identityFields(bytes, header, this.cartridgeDb)
    const hashes = { ...identity, sha1, fileSize: bytes.length }
    const result = await this.store.insert({
      id: this.newId(),
      ...(await this.namingOf(hashes, normalizeTitle(upload.title, fileName), fileName)),
      fileName,
      fileSize: bytes.length,
      createdAt: this.now().toISOString(),
      mapper: header.mapper,
      submapper: header.submapper,
      prgRomBanks: Math.ceil(header.prgRomBytes / PRG_BANK_BYTES),
      chrRomBanks: Math.ceil(header.chrRomBytes / CHR_BANK_BYTES),
      mirroring: header.mirroring,
      battery: header.battery,
      trainer: header.trainer,
      nes2: header.nes2,
      sha1,
      fileSha256: createHash('sha256').update(bytes).digest('hex'),
      ...identity,
      bytes,
    })
    if (result.status === 'duplicate') {
      throw new HttpError(
        409,
        'DuplicateRom',
        `This ROM is already in the library as "${result.existing.title}".`,
      )
    }
    return recordToEntry(result.rom)
  }

  /**
   * An upload's title and DAT facts. A title equal to the file's is the file's, so the newest DAT
   * listing the ROM names it; any other title is the user's and stays.
   */
  private async namingOf(hashes: RomHashes, title: string, fileName: string) {
    const titleSource: TitleSource = title === titleOfFile(fileName) ? 'file' : 'user'
    const line = await this.store.findDatRom(hashes)
    if (!line) return { title, titleSource }
    const dat = { datId: line.datId, datName: line.gameName, datRegion: line.region }
    const named = { ...dat, datRevision: line.revision }
    if (titleSource === 'user') return { title, titleSource, ...named }
    return { title: titleOfGame(line.gameName), titleSource: 'dat' as const, ...named }
  }

  /**
   * The stored bytes, checked against the SHA-256 taken at upload (their ETag): bytes that changed
   * below the server are refused with RomDamaged, never sent under the good ETag. `playable` puts the
   * corrected header on the copy sent (the stored bytes stay as they are).
   */
  async download(id: string, header: DownloadHeader = 'original'): Promise<RomDownload> {
    const found = await this.store.getWithBytes(id)
    if (!found) throw notFound()
    const { rom, bytes } = found
    if (createHash('sha256').update(bytes).digest('hex') !== rom.fileSha256) {
      this.damaged.note(rom)
      throw new HttpError(500, 'RomDamaged', damagedMessage(rom.title))
    }
    this.damaged.forget(id)
    const fixed = header === 'playable' ? playableBytes(rom, bytes) : undefined
    return {
      entry: recordToEntry(rom),
      bytes: fixed ?? bytes,
      etag: etagOf(rom, fixed),
      isCorrected: fixed !== undefined,
    }
  }

  /** The damaged ROMs this server found that are still in the library. */
  async damagedRoms(): Promise<HealthProblem[]> {
    const problems: HealthProblem[] = []
    for (const { id } of this.damaged.entries()) {
      const rom = await this.store.get(id)
      if (!rom) this.damaged.forget(id)
      else problems.push({ code: 'RomDamaged', romId: id, message: damagedMessage(rom.title) })
    }
    return problems
  }

  /**
   * Metadata only: lets a conditional GET answer 304 without reading the bytes. The playable copy's
   * tag comes from its header, which is worked out from the entry and the file's first 16 bytes; only
   * an entry with a correction to apply reads its bytes.
   */
  async etagOf(id: string, header: DownloadHeader = 'original'): Promise<string> {
    const rom = await this.store.get(id)
    if (!rom) throw notFound()
    if (header === 'original' || !rom.useCorrectedHeader || headerIssuesOf(rom).length === 0) {
      return etagOf(rom, undefined)
    }
    return (await this.download(id, header)).etag
  }

  /**
   * Changes an entry (PATCH): its correction toggle and its title. A title typed is the user's from
   * then on; an empty one goes back to the DAT's name, or the file's. The entry as it is now.
   */
  async update(id: string, change: RomUpdateRequest): Promise<RomEntry> {
    const rom = await this.store.get(id)
    if (!rom) throw notFound()
    const changed = await this.store.updateEntry(id, {
      ...(change.useCorrectedHeader === undefined
        ? {}
        : { useCorrectedHeader: change.useCorrectedHeader }),
      ...(change.title === undefined ? {} : titleChange(rom, change.title)),
    })
    if (!changed) throw notFound()
    return recordToEntry(changed)
  }

  /** Notes that a player started the entry from the library now (the "recently played" order). */
  async played(id: string): Promise<RomEntry> {
    const changed = await this.store.updateEntry(id, { lastPlayedAt: this.now().toISOString() })
    if (!changed) throw notFound()
    return recordToEntry(changed)
  }

  /**
   * Identifies up to `limit` entries not yet looked up in this server's cartridge database (stored
   * before identification existed, or with another database); returns how many it looked at.
   */
  async identifyPending(limit: number): Promise<number> {
    const ids = await this.store.listUnidentified(this.cartridgeDb.fingerprint, limit)
    for (const id of ids) {
      const found = await this.store.getWithBytes(id)
      const parsed = found && parseINesHeader(found.bytes)
      if (!found || !parsed?.ok) continue
      const identity = identityFields(found.bytes, parsed.header, this.cartridgeDb)
      await this.store.setIdentity(id, identity)
      // ROMs stored before DATs were kept had no whole-file hashes to match a headered DAT by.
      if (found.rom.datId) continue
      const { sha1, fileSize } = found.rom
      const line = await this.store.findDatRom({ ...identity, sha1, fileSize })
      if (line) await this.store.applyDatMatch(id, datMatchOf(line.datId, line, titleOfGame))
    }
    return ids.length
  }

  /**
   * Hides the ROM at once (list, file, save and states all answer as for an unknown ROM); `restore`
   * brings it back within the undo window, after which the purger removes it for good.
   */
  async delete(id: string): Promise<void> {
    if (!(await this.store.delete(id))) throw notFound()
  }

  /** Undoes a delete. A ROM that is not deleted answers as restored, so a repeated Undo is harmless. */
  async restore(id: string): Promise<RomEntry> {
    const rom = (await this.store.restore(id, this.undoDeleteMs)) ?? (await this.store.get(id))
    if (!rom) {
      throw new HttpError(
        404,
        'NotFound',
        `This delete can no longer be undone: a deleted ROM is removed for good after ${
          this.undoDeleteMs / 1000
        } seconds.`,
      )
    }
    return recordToEntry(rom)
  }
}
