// The part of the RomStore seam that keeps battery saves and save states; both belong to a ROM and go
// when it goes (ON DELETE CASCADE in both backends).
import type { SaveStateKind } from '@nes-studio/shared'

/** A ROM's battery save without its bytes. */
export interface BatterySaveRecord {
  romId: string
  /** Bytes. */
  size: number
  /** ISO 8601, UTC. */
  updatedAt: string
}

/** A save state without its bytes. */
export interface SaveStateRecord {
  id: string
  romId: string
  kind: SaveStateKind
  /** Unique per ROM when set; always null for `resume` (of which a ROM has at most one). */
  slot: string | null
  /** ISO 8601, UTC. */
  createdAt: string
  /** Bytes of the state. */
  size: number
  /** Bytes of the PNG thumbnail, or null when there is none. */
  thumbnailSize: number | null
  core: string
  coreVersion: string
  /** SHA-1 of the ROM (without header) the state was taken from, lowercase hex. */
  romSha1: string
}

export interface NewSaveState extends Omit<SaveStateRecord, 'size' | 'thumbnailSize'> {
  bytes: Uint8Array
  thumbnail: Uint8Array | null
}

/**
 * What a battery save write must find first: `undefined` none (it replaces any save), `null` no save
 * yet, a string the current save's `updatedAt` (the version the writer started from).
 */
export type BatterySaveBase = string | null | undefined

export type PutBatteryResult =
  | { status: 'stored'; save: BatterySaveRecord }
  /** No ROM with that id (or it is deleted); nothing was written. */
  | { status: 'no-rom' }
  /** The save is not at `base` (another writer came first); nothing was written. */
  | { status: 'conflict'; current: BatterySaveRecord | null }

/**
 * The rule both stores apply inside their transaction: `undefined` when a write at `base` may go ahead,
 * else the answer instead (the same bytes already there count as stored; another version is a conflict).
 */
export function checkBatteryBase(
  current: { save: BatterySaveRecord; bytes: Uint8Array } | undefined,
  write: { bytes: Uint8Array; base?: BatterySaveBase },
): PutBatteryResult | undefined {
  if (current && Buffer.compare(current.bytes, write.bytes) === 0) {
    return { status: 'stored', save: current.save }
  }
  if ((current?.save.updatedAt ?? null) === write.base) return undefined
  return { status: 'conflict', current: current?.save ?? null }
}

export type InsertStateResult =
  | {
      status: 'inserted'
      state: SaveStateRecord
      /** Ids removed because the new state took their slot (or is the new `resume`). */
      replaced: string[]
      /** Ids of the oldest `auto` states removed to stay within the limit. */
      pruned: string[]
    }
  /** No ROM with that id; nothing was written. */
  | { status: 'no-rom' }
  /** The ROM has `limit` states and none of them is `auto`; nothing was written. */
  | { status: 'full' }

/** Every write is one transaction. Not-found is `undefined`/`false`; only infrastructure faults throw. */
export interface SaveStore {
  getBatterySave(romId: string): Promise<{ save: BatterySaveRecord; bytes: Uint8Array } | undefined>
  /**
   * Creates or replaces the ROM's save when it is at `base`. A save already holding exactly these
   * bytes counts as stored whatever its version (a write repeated after its answer was lost).
   */
  putBatterySave(save: {
    romId: string
    bytes: Uint8Array
    updatedAt: string
    base?: BatterySaveBase
  }): Promise<PutBatteryResult>
  /** True when a save was removed. */
  deleteBatterySave(romId: string): Promise<boolean>

  /** The ROM's states, newest first (empty for an unknown ROM). */
  listSaveStates(romId: string): Promise<SaveStateRecord[]>
  getSaveState(
    romId: string,
    stateId: string,
  ): Promise<{ state: SaveStateRecord; bytes: Uint8Array } | undefined>
  /** The PNG, or `undefined` when the state or its thumbnail does not exist. */
  getSaveStateThumbnail(romId: string, stateId: string): Promise<Uint8Array | undefined>
  /**
   * Stores a state, first removing the one in the same slot (or the previous `resume`), then, if the
   * ROM would exceed `limit` states, the oldest `auto` ones. All of it, or nothing, in one transaction.
   */
  insertSaveState(state: NewSaveState, limit: number): Promise<InsertStateResult>
  /** True when a state was removed. */
  deleteSaveState(romId: string, stateId: string): Promise<boolean>
}
