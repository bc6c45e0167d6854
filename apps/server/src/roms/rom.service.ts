// ROM library rules: validates uploads, derives header facts, maps store records to API DTOs.
import { createHash, randomUUID } from 'node:crypto'
import { ROM_DELETE_UNDO_MS, ROM_MIN_BYTES } from '@nes-studio/shared'
import type { HealthProblem, RomEntry, RomListQuery } from '@nes-studio/shared'
import { HttpError } from '../errors'
import type { RomRecord, RomStore } from '../storage/rom-store'
import { DamagedRoms } from './damaged-roms'
import { hasNesExtension, isInvisible, normalizeTitle, sanitizeFileName } from './file-name'
import { CHR_BANK_BYTES, INES_HEADER_BYTES, PRG_BANK_BYTES, parseINesHeader } from './ines'
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
}

export interface RomServiceOptions {
  now?: () => Date
  newId?: () => string
  /** How long a delete can be undone, in milliseconds; default ROM_DELETE_UNDO_MS (10 s). */
  undoDeleteMs?: number
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
  }
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

  constructor(
    private readonly store: RomStore,
    opts: RomServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date())
    this.newId = opts.newId ?? randomUUID
    this.undoDeleteMs = opts.undoDeleteMs ?? ROM_DELETE_UNDO_MS
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
      order: query.order ?? (query.sort === 'date' ? 'desc' : 'asc'),
    })
    return { total: page.total, roms: page.roms.map(recordToEntry) }
  }

  async upload(upload: RomUpload): Promise<RomEntry> {
    assertRomFileName(upload.fileName)
    const { bytes } = upload
    // An empty title means "use the file name"; one that only looks empty is a mistake (or a prank).
    const rawTitle = upload.title?.trim() ?? ''
    if (rawTitle !== '' && isInvisible(rawTitle)) {
      throw new HttpError(
        400,
        'InvalidTitle',
        'The title has no visible characters. Type a title, or leave it empty to use the file name.',
      )
    }
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
    const { header } = parsed
    const fileName = sanitizeFileName(upload.fileName)
    const result = await this.store.insert({
      id: this.newId(),
      title: normalizeTitle(upload.title, fileName),
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
      sha1: createHash('sha1').update(bytes.subarray(INES_HEADER_BYTES)).digest('hex'),
      fileSha256: createHash('sha256').update(bytes).digest('hex'),
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
   * The stored bytes, checked against the SHA-256 taken at upload (their ETag): bytes that changed
   * below the server are refused with RomDamaged, never sent under the good ETag.
   */
  async download(id: string): Promise<RomDownload> {
    const found = await this.store.getWithBytes(id)
    if (!found) throw notFound()
    const { rom, bytes } = found
    if (createHash('sha256').update(bytes).digest('hex') !== rom.fileSha256) {
      this.damaged.note(rom)
      throw new HttpError(500, 'RomDamaged', damagedMessage(rom.title))
    }
    this.damaged.forget(id)
    return { entry: recordToEntry(rom), bytes, etag: `"${rom.fileSha256}"` }
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

  /** Metadata only: lets a conditional GET answer 304 without reading the bytes. */
  async etagOf(id: string): Promise<string> {
    const rom = await this.store.get(id)
    if (!rom) throw notFound()
    return `"${rom.fileSha256}"`
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
