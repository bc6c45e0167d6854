// Saves and states of a library ROM, kept by the server (docs/rom-api.md, "Saves and states"), so they
// follow the ROM to any browser. Server errors keep the server's own message. (The zod schemas stay on the
// server: the player's first visit should not load zod; answers are checked for their one needed field.)
import type {
  BatterySavePutResponse,
  SaveStateListResponse,
  SaveStateUploadResponse,
} from '@nes-studio/shared'
import {
  BATTERY_SAVE_UPDATED_AT_HEADER,
  SAVE_STATE_CORE,
  SAVE_STATE_FIELDS,
  batterySaveVersionOf,
} from '@nes-studio/shared/save-constants'
import { BatteryConflictError, SavesError } from './saves'
import type { BatteryConflict, CartridgeSaves, NewState, StoredState } from './saves'
import { fromBase64 } from '../../../lib/base64'
import { messageFromBody } from '../../../lib/server-message'
import {
  dropConflicted,
  journalBattery,
  journalledRomIds,
  keepConflicted,
  journalState,
  KEPT_IN_BROWSER,
  readServerJournal,
  replayServerJournal,
  settleBattery,
  settleState,
  stateKey,
} from './server-journal'
import type { BatterySaveBase, ServerSender } from './server-journal'

export const BATTERY_CONFLICT_MESSAGE =
  "This game was saved to the library from another browser or tab since it was loaded here, so its battery save was kept in this browser instead of overwriting the library's."

/** The request never got an answer: the network or the server is down. */
class UnreachableError extends SavesError {}

async function failure(res: Response, what: string): Promise<SavesError> {
  const message = messageFromBody(await res.text().catch(() => ''))
  return new SavesError(
    message ?? `The server could not ${what} (${res.status} ${res.statusText}).`,
  )
}

async function send(url: string, init: RequestInit, what: string): Promise<Response> {
  let res: Response
  try {
    res = await fetch(url, { credentials: 'include', ...init })
  } catch {
    throw new UnreachableError(`The server could not be reached to ${what}.`)
  }
  if (res.status === 412) {
    // Only a battery save is sent with a condition: the server's save changed since it was read.
    const version = batterySaveVersionOf(res.headers.get('etag'))
    throw new BatteryConflictError(BATTERY_CONFLICT_MESSAGE, version ?? null)
  }
  if (!res.ok) throw await failure(res, what)
  return res
}

/** The request headers that make a battery save write wait for `base` on the server. */
function baseHeaders(base: BatterySaveBase): Record<string, string> {
  if (base === undefined) return {}
  return base === null ? { 'If-None-Match': '*' } : { 'If-Match': `"${base}"` }
}

function sender(
  romId: string,
  sha1: string,
): Omit<ServerSender, 'addState' | 'storeBattery'> & {
  addState(state: NewState): Promise<StoredState>
  storeBattery(bytes: Uint8Array, base: BatterySaveBase): Promise<string | undefined>
} {
  const base = `/api/roms/${encodeURIComponent(romId)}`
  return {
    isUnreachable: (error) => error instanceof UnreachableError,
    conflictOf: (error) =>
      error instanceof BatteryConflictError ? { library: error.library } : undefined,
    async isRomGone() {
      try {
        const res = await fetch(base, { method: 'HEAD', credentials: 'include', cache: 'no-store' })
        return res.status === 404
      } catch {
        return false
      }
    },
    /** Resolves to the server's version of the stored save. */
    async storeBattery(bytes, from: BatterySaveBase): Promise<string | undefined> {
      const res = await send(
        `${base}/save`,
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream', ...baseHeaders(from) },
          body: new Uint8Array(bytes),
          // Lets the write finish while the page is being left (saves are ≤ 64 KiB, keepalive's limit).
          keepalive: bytes.length < 60 * 1024,
        },
        'keep the battery save',
      )
      const body = (await res.json().catch(() => ({}))) as Partial<BatterySavePutResponse>
      return body.save?.updatedAt
    },
    async addState(state: NewState): Promise<StoredState> {
      const form = new FormData()
      form.set(SAVE_STATE_FIELDS.state, new Blob([new Uint8Array(state.bytes)]), 'game.state')
      if (state.thumbnail) {
        form.set(
          SAVE_STATE_FIELDS.thumbnail,
          new Blob([new Uint8Array(state.thumbnail)], { type: 'image/png' }),
          'frame.png',
        )
      }
      form.set(SAVE_STATE_FIELDS.core, SAVE_STATE_CORE)
      form.set(SAVE_STATE_FIELDS.coreVersion, state.coreVersion)
      form.set(SAVE_STATE_FIELDS.romSha1, sha1)
      form.set(SAVE_STATE_FIELDS.kind, state.kind)
      if (state.slot) form.set(SAVE_STATE_FIELDS.slot, state.slot)
      const res = await send(
        `${base}/states`,
        // keepalive lets a resume state taken while the page is being left still arrive.
        {
          method: 'POST',
          body: form,
          keepalive: state.bytes.length < 48 * 1024 && !state.thumbnail,
        },
        'keep the state',
      )
      const body = (await res.json()) as Partial<SaveStateUploadResponse>
      if (!body.state?.id) throw new SavesError('The server did not confirm the saved state.')
      return body.state
    },
  }
}

/** Sends what this browser kept for `romId` (see server-journal.ts). Never throws. */
function replay(romId: string): Promise<void> {
  const journal = readServerJournal(romId)
  if (!journal) return Promise.resolve()
  return replayServerJournal(romId, sender(romId, journal.sha1))
}

const replayAll = () => {
  for (const romId of journalledRomIds()) void replay(romId)
}

let isListening = false
/** When the network comes back, every library game's kept writes are sent. */
function replayWhenOnline(): void {
  if (isListening || typeof window === 'undefined') return
  isListening = true
  window.addEventListener('online', replayAll)
}

/**
 * Sends what this browser kept for any library game (writes made while the server was out of reach, in
 * this visit or an earlier one), and again whenever the network comes back: progress reaches the library,
 * and other browsers, without waiting for that game to be loaded here again. Does nothing when nothing
 * is kept. Never throws.
 */
export function sendKeptServerSaves(): void {
  replayWhenOnline()
  if (typeof navigator === 'undefined' || navigator.onLine !== false) replayAll()
}

export function serverSaves(romId: string, sha1: string): CartridgeSaves {
  const base = `/api/roms/${encodeURIComponent(romId)}`
  const server = sender(romId, sha1)
  /** The server's version of the battery save this game started from or last stored. */
  let version: BatterySaveBase
  replayWhenOnline()
  return {
    where: 'server',
    async loadBattery() {
      // The newest save may be one this browser kept while the server was out of reach.
      await replay(romId)
      const journal = readServerJournal(romId)
      const kept = journal?.battery
      const res = await fetch(`${base}/save`, { credentials: 'include' }).catch(() => {
        if (kept) return undefined
        throw new SavesError('The server could not be reached to load the battery save.')
      })
      if (!res || kept) {
        // Still out of reach: play on from the kept save, from the version it was based on.
        version = kept?.base
        return fromBase64(kept?.bytes ?? '')
      }
      if (res.status === 404) {
        version = null
        return null
      }
      if (!res.ok) throw await failure(res, 'load the battery save')
      version =
        batterySaveVersionOf(res.headers.get('etag')) ??
        res.headers.get(BATTERY_SAVE_UPDATED_AT_HEADER) ??
        undefined
      return new Uint8Array(await res.arrayBuffer())
    },
    async storeBattery(bytes) {
      try {
        const stored = await server.storeBattery(bytes, version)
        if (stored) version = stored
      } catch (error) {
        if (error instanceof BatteryConflictError) {
          keepConflicted(romId, sha1, bytes, error.library)
          throw error
        }
        if (!(error instanceof UnreachableError)) throw error
        journalBattery(romId, sha1, bytes, version)
        throw new SavesError(KEPT_IN_BROWSER)
      }
      settleBattery(romId, sha1)
    },
    batteryConflict(): BatteryConflict | undefined {
      const kept = readServerJournal(romId)?.conflicted
      return kept && { keptAt: kept.at, library: kept.library }
    },
    async resolveBatteryConflict(keep, current) {
      const kept = readServerJournal(romId)?.conflicted
      if (keep === 'browser') {
        const bytes = current ?? (kept ? fromBase64(kept.bytes) : undefined)
        if (bytes) {
          // Chosen over the server's: replaces whatever it has now.
          const stored = await server.storeBattery(bytes, undefined)
          if (stored) version = stored
        }
      } else if (kept?.library && (!version || kept.library > version)) {
        // Keeping the library's: from its version, unless this game has read a newer one since (versions are
        // the server's ISO times, so later ones sort after).
        version = kept.library
      }
      dropConflicted(romId, sha1)
    },
    async listStates() {
      const res = await send(`${base}/states`, {}, 'list the states')
      const body = (await res.json()) as Partial<SaveStateListResponse>
      if (!Array.isArray(body.states))
        throw new SavesError('The server sent an unreadable list of states.')
      return body.states
    },
    async addState(state: NewState): Promise<StoredState> {
      let added: StoredState
      try {
        added = await server.addState(state)
      } catch (error) {
        if (!(error instanceof UnreachableError)) throw error
        journalState(romId, sha1, state)
        throw new SavesError(KEPT_IN_BROWSER)
      }
      settleState(romId, sha1, stateKey(state))
      return added
    },
    async stateBytes(state) {
      const res = await send(`${base}/states/${encodeURIComponent(state.id)}`, {}, 'load the state')
      return new Uint8Array(await res.arrayBuffer())
    },
    async deleteState(id) {
      await send(
        `${base}/states/${encodeURIComponent(id)}`,
        { method: 'DELETE' },
        'delete the state',
      )
    },
    // Requests are sent with keepalive, which outlives the page; but offline they fail at once, possibly
    // after the page is gone, so then the writes are kept in this browser first (server-journal.ts).
    writeAhead(pending) {
      if (typeof navigator === 'undefined' || navigator.onLine) return
      if (pending.battery) journalBattery(romId, sha1, pending.battery, version)
      if (pending.resume) journalState(romId, sha1, pending.resume)
    },
    shareUrl(stateId) {
      const url = new URL(`/play/${encodeURIComponent(romId)}`, window.location.origin)
      if (stateId) url.searchParams.set('state', stateId)
      return url.toString()
    },
  }
}
