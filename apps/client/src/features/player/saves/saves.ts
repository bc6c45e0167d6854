// Where a cartridge's battery save and save states are kept, behind one interface: on the server for a
// library ROM (server-saves.ts), in the browser's IndexedDB for a cartridge from the slot
// (browser-saves.ts). Every failure is a SavesError whose message is for people.
import type { SaveStateKind } from '@nes-studio/shared'

export interface StoredState {
  id: string
  kind: SaveStateKind
  /** Slot name, or null (always null for `resume`). */
  slot: string | null
  /** ISO 8601. */
  createdAt: string
  /** Bytes of the state. */
  size: number
  /** An image of the frame (a server path or a data: URL), or null. */
  thumbnailUrl: string | null
  coreVersion: string
  romSha1: string
  /** A library game's state kept in this browser (where this visitor left off), not on the server. */
  inThisBrowser?: boolean
}

export interface NewState {
  bytes: Uint8Array
  /** PNG of the frame. */
  thumbnail: Uint8Array | null
  kind: SaveStateKind
  slot?: string
  coreVersion: string
}

/** A battery save this browser kept that the server refused, because its own save changed since. */
export interface BatteryConflict {
  /** When it was kept (ms since the epoch). */
  keptAt: number
  /** The server's version (ISO 8601) when it refused it; null when the server's save was deleted. */
  library: string | null
}

export interface CartridgeSaves {
  readonly where: 'server' | 'browser'
  /** The battery save, or null when there is none yet. */
  loadBattery(): Promise<Uint8Array | null>
  storeBattery(bytes: Uint8Array): Promise<void>
  /** Newest first. */
  listStates(): Promise<StoredState[]>
  /** Stores a state: a used slot is replaced, one `resume` per ROM, the oldest `auto` make room. */
  addState(state: NewState): Promise<StoredState>
  stateBytes(state: StoredState): Promise<Uint8Array>
  deleteState(id: string): Promise<void>
  /** A link that opens this cartridge (and `stateId`) in another browser; library ROMs only. */
  shareUrl(stateId?: string): string | undefined
  /**
   * Keeps `pending` synchronously, before the asynchronous writes start: the page may be going away
   * (reload, tab closed), and an IndexedDB write begun then can be lost. The next visit replays it.
   */
  writeAhead(pending: PendingWrites): void
  /** The kept battery save the server refused (library ROMs only), until the player chooses. */
  batteryConflict?(): BatteryConflict | undefined
  /**
   * The player's choice: `browser` stores `current` (or else the kept save) over the server's, `library`
   * drops the kept save. Either way the conflict is over.
   */
  resolveBatteryConflict?(keep: 'browser' | 'library', current?: Uint8Array): Promise<void>
}

export interface PendingWrites {
  battery?: Uint8Array
  resume?: NewState
}

export class SavesError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SavesError'
  }
}

/** The server refused a battery save: its own changed since this one's version (another browser). */
export class BatteryConflictError extends SavesError {
  constructor(
    message: string,
    /** The server's version now (ISO 8601), or null when its save was deleted. */
    readonly library: string | null,
  ) {
    super(message)
    this.name = 'BatteryConflictError'
  }
}

/** States kept per cartridge in the browser (the server has the same limit). */
export const BROWSER_STATES_PER_ROM = 100
