// Battery saves and save states of library ROMs: checks what a state belongs to, enforces the limits,
// maps store records to the shared DTOs.
import { randomUUID } from 'node:crypto'
import {
  BATTERY_SAVE_MAX_BYTES,
  BATTERY_SAVE_UPDATED_AT_HEADER,
  batterySaveEtag,
  EMULATORJS_VERSION,
  SAVE_STATE_CORE,
  SAVE_STATE_MAX_BYTES,
  SAVE_STATE_THUMBNAIL_MAX_BYTES,
  SAVE_STATES_PER_ROM,
  saveStateUploadFieldsSchema,
} from '@nes-studio/shared'
import type { BatterySave, SaveState, SaveStateUploadResponse } from '@nes-studio/shared'
import { HttpError } from '../errors'
import { hasPngSignature } from '../roms/cover.service'
import type { RomRecord, RomStore } from '../storage/rom-store'
import type { BatterySaveBase, SaveStateRecord } from '../storage/save-store'
import {
  batterySaveTooLarge,
  stateTooLarge,
  thumbnailTooLarge,
  type StateUploadParts,
} from './save.schema'

export interface SaveServiceOptions {
  now?: () => Date
  newId?: () => string
  /** States kept per ROM; default SAVE_STATES_PER_ROM. */
  statesPerRom?: number
}

export interface StateDownload {
  state: SaveState
  bytes: Uint8Array
}

export function stateRecordToDto(rec: SaveStateRecord): SaveState {
  const url = `/api/roms/${rec.romId}/states/${rec.id}`
  return {
    id: rec.id,
    romId: rec.romId,
    kind: rec.kind,
    slot: rec.slot,
    createdAt: rec.createdAt,
    size: rec.size,
    core: rec.core,
    coreVersion: rec.coreVersion,
    romSha1: rec.romSha1,
    url,
    thumbnailUrl: rec.thumbnailSize === null ? null : `${url}/thumbnail`,
  }
}

const romNotFound = () =>
  new HttpError(404, 'NotFound', 'That ROM is not in the library (it may have been deleted).')
const stateNotFound = () =>
  new HttpError(
    404,
    'NotFound',
    'That save state does not exist (it may have been deleted, or replaced by a newer save in its slot).',
  )

export class SaveService {
  private readonly now: () => Date
  private readonly newId: () => string
  private readonly statesPerRom: number

  constructor(
    private readonly store: RomStore,
    opts: SaveServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date())
    this.newId = opts.newId ?? randomUUID
    this.statesPerRom = opts.statesPerRom ?? SAVE_STATES_PER_ROM
  }

  /**
   * Every call looks the ROM up first, so whatever hides a ROM from the library (deleted, or one day
   * soft-deleted) hides its save and states too, and a 404 says which of the two is missing.
   */
  private async rom(romId: string): Promise<RomRecord> {
    const rom = await this.store.get(romId)
    if (!rom) throw romNotFound()
    return rom
  }

  async getBatterySave(romId: string): Promise<{ save: BatterySave; bytes: Uint8Array }> {
    await this.rom(romId)
    const found = await this.store.getBatterySave(romId)
    if (found) return found
    throw new HttpError(404, 'NotFound', 'This ROM has no battery save on the server yet.')
  }

  /**
   * Stores the battery save when the server's is still at `base` (see BatterySaveBase; `undefined`
   * replaces any). Otherwise 412 SaveConflict, with the server's version in its headers.
   */
  async putBatterySave(
    romId: string,
    bytes: Uint8Array,
    base?: BatterySaveBase,
  ): Promise<BatterySave> {
    if (bytes.length === 0) {
      throw new HttpError(400, 'InvalidSave', 'The battery save is empty: send the save RAM bytes.')
    }
    if (bytes.length > BATTERY_SAVE_MAX_BYTES) throw batterySaveTooLarge()
    await this.rom(romId)
    const result = await this.store.putBatterySave({
      romId,
      bytes,
      updatedAt: this.now().toISOString(),
      base,
    })
    if (result.status === 'no-rom') throw romNotFound()
    if (result.status === 'stored') return result.save
    const { current } = result
    throw new HttpError(
      412,
      'SaveConflict',
      current
        ? `The library's battery save changed at ${current.updatedAt} (saved from another browser or tab), so this one did not overwrite it.`
        : "The library's battery save was deleted (from another browser or tab), so this one was not stored.",
      current
        ? {
            etag: batterySaveEtag(current.updatedAt),
            [BATTERY_SAVE_UPDATED_AT_HEADER]: current.updatedAt,
          }
        : {},
    )
  }

  async deleteBatterySave(romId: string): Promise<void> {
    await this.rom(romId)
    if (await this.store.deleteBatterySave(romId)) return
    throw new HttpError(404, 'NotFound', 'This ROM has no battery save on the server.')
  }

  async listStates(romId: string): Promise<SaveState[]> {
    await this.rom(romId)
    return (await this.store.listSaveStates(romId)).map(stateRecordToDto)
  }

  async uploadState(romId: string, parts: StateUploadParts): Promise<SaveStateUploadResponse> {
    const { bytes, thumbnail } = parts
    if (!bytes || bytes.length === 0) {
      throw new HttpError(
        400,
        'InvalidState',
        'No state: send the state bytes in the "state" part.',
      )
    }
    if (bytes.length > SAVE_STATE_MAX_BYTES) throw stateTooLarge()
    if (thumbnail && thumbnail.length > SAVE_STATE_THUMBNAIL_MAX_BYTES) throw thumbnailTooLarge()
    if (thumbnail && !hasPngSignature(thumbnail)) {
      throw new HttpError(400, 'InvalidThumbnail', 'The thumbnail is not a PNG image.')
    }
    const parsed = saveStateUploadFieldsSchema.safeParse(parts.fields)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
      throw new HttpError(400, 'InvalidState', `The state's fields are not valid: ${problems}.`)
    }
    const fields = parsed.data
    const rom = await this.rom(romId)
    if (fields.core !== SAVE_STATE_CORE || fields.coreVersion !== EMULATORJS_VERSION) {
      throw new HttpError(
        422,
        'StateCoreMismatch',
        `This state was made by ${fields.core} ${fields.coreVersion}, but the player runs ` +
          `${SAVE_STATE_CORE} ${EMULATORJS_VERSION}; a state of another core version cannot be loaded.`,
      )
    }
    if (fields.romSha1 !== rom.sha1) {
      throw new HttpError(
        422,
        'StateRomMismatch',
        `This state belongs to another ROM (SHA-1 ${fields.romSha1.slice(0, 8)}…), ` +
          `not to "${rom.title}" (SHA-1 ${rom.sha1.slice(0, 8)}…).`,
      )
    }
    const result = await this.store.insertSaveState(
      {
        id: this.newId(),
        romId,
        kind: fields.kind,
        slot: fields.slot ?? null,
        createdAt: this.now().toISOString(),
        core: fields.core,
        coreVersion: fields.coreVersion,
        romSha1: fields.romSha1,
        bytes,
        thumbnail: thumbnail ?? null,
      },
      this.statesPerRom,
    )
    if (result.status === 'no-rom') throw romNotFound()
    if (result.status === 'full') {
      throw new HttpError(
        409,
        'TooManyStates',
        `"${rom.title}" already has ${this.statesPerRom} save states and none of them is automatic: ` +
          'delete one, or save into a slot that is in use.',
      )
    }
    return {
      state: stateRecordToDto(result.state),
      replaced: result.replaced,
      pruned: result.pruned,
    }
  }

  async getState(romId: string, stateId: string): Promise<StateDownload> {
    await this.rom(romId)
    const found = await this.store.getSaveState(romId, stateId)
    if (!found) throw stateNotFound()
    return { state: stateRecordToDto(found.state), bytes: found.bytes }
  }

  async getThumbnail(romId: string, stateId: string): Promise<Uint8Array> {
    await this.rom(romId)
    const png = await this.store.getSaveStateThumbnail(romId, stateId)
    if (!png) {
      throw new HttpError(404, 'NotFound', 'That save state does not exist or has no thumbnail.')
    }
    return png
  }

  async deleteState(romId: string, stateId: string): Promise<void> {
    await this.rom(romId)
    if (!(await this.store.deleteSaveState(romId, stateId))) throw stateNotFound()
  }
}
