// Server writes of a library game that could not reach the server (offline, server down), kept in this
// browser (localStorage, written synchronously so a page being left still keeps them) and sent when the
// network comes back (`online`) or the ROM is loaded again. Per ROM: the newest battery save and the newest
// state per kind and slot; a newer write replaces an older one, and one that reached the server clears it.
// A battery save is sent with the server version it was based on; when the server's save changed
// meanwhile (another browser), it is not overwritten: the kept save waits as `conflicted` until the
// player chooses between the two (save-session.ts).
import type { NewState } from './saves'
import { fromBase64, toBase64 } from '../../../lib/base64'

export const KEPT_IN_BROWSER =
  'Saved in this browser; it will be sent to the library when the server can be reached.'

interface PendingState {
  bytes: string
  /** The PNG of the frame, when there was room for it. */
  thumbnail?: string
  kind: NewState['kind']
  slot?: string
  coreVersion: string
  at: number
}

interface PendingBattery {
  bytes: string
  at: number
  /** The server version it was based on (see BatterySaveBase); absent: replaces any. */
  base?: string | null
}

/** A battery save the server refused because its own changed since: the version it has now (null: none). */
export interface ConflictedBattery {
  bytes: string
  at: number
  library: string | null
}

export interface ServerJournal {
  sha1: string
  battery?: PendingBattery
  conflicted?: ConflictedBattery
  states?: Record<string, PendingState>
}

/** Sends journalled writes to the server. */
export interface ServerSender {
  storeBattery(bytes: Uint8Array, base: BatterySaveBase): Promise<unknown>
  addState(state: NewState): Promise<unknown>
  /** The server was not reached (keep the write); anything else is a refusal (drop it). */
  isUnreachable(error: unknown): boolean
  /** The server's version when it refused a battery save for a changed base, else undefined. */
  conflictOf(error: unknown): { library: string | null } | undefined
  /** Whether the library says the ROM is no longer there (false when that is not known). Never throws. */
  isRomGone(): Promise<boolean>
}

/** What a battery save write must find on the server: see save-store's BatterySaveBase. */
export type BatterySaveBase = string | null | undefined

const PREFIX = 'nes-studio.server-saves-pending.'
const keyOf = (romId: string) => `${PREFIX}${romId}`

export const stateKey = (state: Pick<NewState, 'kind' | 'slot'>) =>
  state.kind === 'resume' ? 'resume' : `${state.kind}:${state.slot ?? ''}`

export function readServerJournal(romId: string): ServerJournal | undefined {
  try {
    const text = localStorage.getItem(keyOf(romId))
    return text ? (JSON.parse(text) as ServerJournal) : undefined
  } catch {
    return undefined
  }
}

function writeServerJournal(romId: string, journal: ServerJournal): void {
  try {
    if (!journal.battery && !journal.conflicted && Object.keys(journal.states ?? {}).length === 0) {
      localStorage.removeItem(keyOf(romId))
    } else {
      localStorage.setItem(keyOf(romId), JSON.stringify(journal))
    }
  } catch {
    // No room: the saves matter more than their pictures, so try again without the thumbnails.
    try {
      const states = Object.entries(journal.states ?? {}).map(([key, state]) => {
        const { thumbnail: _dropped, ...rest } = state
        return [key, rest] as const
      })
      localStorage.setItem(
        keyOf(romId),
        JSON.stringify({ ...journal, states: Object.fromEntries(states) }),
      )
    } catch {
      // No room or no storage: nothing more can be kept.
    }
  }
}

function update(romId: string, sha1: string, change: (journal: ServerJournal) => void): void {
  const journal = readServerJournal(romId) ?? { sha1 }
  change(journal)
  writeServerJournal(romId, journal)
}

export function journalBattery(
  romId: string,
  sha1: string,
  bytes: Uint8Array,
  base: BatterySaveBase,
): void {
  update(romId, sha1, (j) => {
    j.battery = { bytes: toBase64(bytes), at: Date.now(), ...(base !== undefined ? { base } : {}) }
  })
}

/** The server refused `bytes` because its save is now `library`: kept until the player chooses. */
export function keepConflicted(
  romId: string,
  sha1: string,
  bytes: Uint8Array | string,
  library: string | null,
  at = Date.now(),
): void {
  update(romId, sha1, (j) => {
    const text = typeof bytes === 'string' ? bytes : toBase64(bytes)
    if (j.battery?.bytes === text) delete j.battery
    j.conflicted = { bytes: text, at, library }
  })
}

/** The ROM left the library: nothing kept for it can be sent or chosen any more. */
function forgetServerJournal(romId: string): void {
  try {
    localStorage.removeItem(keyOf(romId))
  } catch {
    // no storage
  }
}

/** The player chose: the conflicted save is no longer kept. */
export function dropConflicted(romId: string, sha1: string): void {
  update(romId, sha1, (j) => delete j.conflicted)
}

export function journalState(romId: string, sha1: string, state: NewState): void {
  update(romId, sha1, (j) => {
    j.states = {
      ...j.states,
      [stateKey(state)]: {
        bytes: toBase64(state.bytes),
        ...(state.thumbnail ? { thumbnail: toBase64(state.thumbnail) } : {}),
        kind: state.kind,
        ...(state.slot ? { slot: state.slot } : {}),
        coreVersion: state.coreVersion,
        at: Date.now(),
      },
    }
  })
}

/** A write reached the server: an older journalled one of the same kind is no longer needed. */
export function settleBattery(romId: string, sha1: string, onlyBytes?: string): void {
  update(romId, sha1, (j) => {
    if (j.battery && (onlyBytes === undefined || j.battery.bytes === onlyBytes)) delete j.battery
  })
}

export function settleState(romId: string, sha1: string, key: string, onlyBytes?: string): void {
  update(romId, sha1, (j) => {
    const pending = j.states?.[key]
    if (pending && (onlyBytes === undefined || pending.bytes === onlyBytes)) delete j.states?.[key]
  })
}

const replaying = new Map<string, Promise<void>>()

/**
 * Sends what is journalled for `romId`, oldest first; each write that arrives, or that the server refuses,
 * leaves the journal (unless a newer one replaced it meanwhile), but a battery save refused because the
 * server's changed since is kept as `conflicted`. Stops while the server is out of reach and keeps the
 * rest for the next time. A conflicted save waits for the player to load the game and choose, so once
 * the ROM has been deleted from the library (no one can load it any more) everything kept for it goes.
 * Never throws.
 */
export function replayServerJournal(romId: string, send: ServerSender): Promise<void> {
  const running = replaying.get(romId)
  if (running) return running
  const run = (async () => {
    const journal = readServerJournal(romId)
    if (!journal) return
    const battery = journal.battery
    const keepBatteryConflict = (library: string | null) => {
      if (battery) keepConflicted(romId, journal.sha1, battery.bytes, library, battery.at)
    }
    const attempt = async (write: () => Promise<unknown>, settle: () => void) => {
      try {
        await write()
      } catch (error) {
        if (send.isUnreachable(error)) throw error
        const conflict = send.conflictOf(error)
        // Not sent and not dropped: the player chooses between it and the server's newer save.
        if (conflict) return void keepBatteryConflict(conflict.library)
      }
      settle()
    }
    try {
      if (battery) {
        await attempt(
          () => send.storeBattery(fromBase64(battery.bytes), battery.base),
          () => settleBattery(romId, journal.sha1, battery.bytes),
        )
      }
      const states = Object.entries(journal.states ?? {}).sort(([, a], [, b]) => a.at - b.at)
      for (const [key, state] of states) {
        await attempt(
          () =>
            send.addState({
              bytes: fromBase64(state.bytes),
              thumbnail: state.thumbnail ? fromBase64(state.thumbnail) : null,
              kind: state.kind,
              ...(state.slot ? { slot: state.slot } : {}),
              coreVersion: state.coreVersion,
            }),
          () => settleState(romId, journal.sha1, key, state.bytes),
        )
      }
      if (readServerJournal(romId)?.conflicted && (await send.isRomGone())) {
        forgetServerJournal(romId)
      }
    } catch {
      // Still out of reach: kept for the next time.
    }
  })().finally(() => replaying.delete(romId))
  replaying.set(romId, run)
  return run
}

/** The ROM ids with journalled writes. */
export function journalledRomIds(): string[] {
  const ids: string[] = []
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key?.startsWith(PREFIX)) ids.push(key.slice(PREFIX.length))
    }
  } catch {
    // no storage
  }
  return ids
}
