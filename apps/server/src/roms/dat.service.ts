// DAT import rules: reads the file (both formats, with limits), writes its lines while it stays
// invisible, then applies it to the library in one transaction. One import at a time per server: a
// DAT may be 50 MB in memory, and the transaction that applies it locks the ROM table.
import { randomUUID } from 'node:crypto'
import type { DatImportResponse, DatInfo } from '@nes-studio/shared'
import { HttpError } from '../errors'
import type { RomStore } from '../storage/rom-store'
import { titleOfFile, titleOfGame } from './file-name'
import { buildDatLookup } from './identity/dat/dat-match'
import { DatError } from './identity/dat/dat-types'
import type { ParsedDat } from './identity/dat/dat-types'
import { readDat } from './identity/dat/read-dat'

/** ROM lines written per batch (one short transaction each on SQLite). */
const LINES_PER_BATCH = 2000

/** An import that has not finished after this long was interrupted (a crash); it is removed. */
export const ABANDONED_IMPORT_MS = 60 * 60 * 1000

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

export interface DatServiceOptions {
  now?: () => Date
  newId?: () => string
  /** Most ROM lines a DAT may list; default DAT_MAX_ROMS. */
  maxRoms?: number
}

export class DatService {
  private isImporting = false

  constructor(
    private readonly store: RomStore,
    private readonly opts: DatServiceOptions = {},
  ) {}

  /** Throws 503 ServerBusy while an import runs: checked before a new one's body is read. */
  assertIdle(): void {
    if (this.isImporting) {
      throw new HttpError(
        503,
        'ServerBusy',
        'Another DAT is being imported. Try again when it is done.',
        { 'retry-after': '5' },
      )
    }
  }

  /** Imports a DAT file's bytes and applies it to the library; nothing is applied when it fails. */
  async import(bytes: Uint8Array): Promise<DatImportResponse> {
    this.assertIdle()
    this.isImporting = true
    try {
      const dat = await this.read(bytes)
      return await this.store
        .purgeAbandonedDatImports(ABANDONED_IMPORT_MS)
        .then(() => this.write(dat))
    } finally {
      this.isImporting = false
    }
  }

  private async read(bytes: Uint8Array): Promise<ParsedDat> {
    try {
      return await readDat(bytes, { maxRoms: this.opts.maxRoms })
    } catch (err) {
      if (err instanceof DatError) throw new HttpError(400, 'InvalidDat', err.message)
      throw err
    }
  }

  private async write(dat: ParsedDat): Promise<DatImportResponse> {
    const id = (this.opts.newId ?? randomUUID)()
    const info = {
      id,
      ...dat.header,
      format: dat.format,
      importedAt: (this.opts.now?.() ?? new Date()).toISOString(),
      gameCount: dat.gameCount,
      romCount: dat.roms.length,
    }
    await this.store.beginDatImport(info)
    try {
      for (let at = 0; at < dat.roms.length; at += LINES_PER_BATCH) {
        await this.store.addDatRoms(id, dat.roms.slice(at, at + LINES_PER_BATCH))
        await yieldToEventLoop()
      }
      const lookup = buildDatLookup(id, dat.roms, titleOfGame)
      const applied = await this.store.finishDatImport(id, lookup, titleOfFile)
      const stored = (await this.store.listDats()).find((d) => d.id === id)
      return { dat: stored ?? { ...info, matchedRoms: applied.matched }, ...applied }
    } catch (err) {
      await this.store.abandonDatImport(id).catch(() => undefined)
      throw err
    }
  }

  list(): Promise<DatInfo[]> {
    return this.store.listDats()
  }

  /** Removes a DAT; the entries it named forget it, and titles it gave go back to the file names. */
  async delete(id: string): Promise<void> {
    if (!(await this.store.deleteDat(id, titleOfFile))) {
      throw new HttpError(
        404,
        'NotFound',
        'That DAT is not in the library (it may have been removed).',
      )
    }
  }
}
