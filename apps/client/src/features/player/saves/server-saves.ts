// Saves and states of a library ROM, kept by the server (docs/rom-api.md, "Saves and states"), so they
// follow the ROM to any browser. Server errors keep the server's own message. (The zod schemas stay on the
// server: the player's first visit should not load zod; answers are checked for their one needed field.)
import type { SaveStateListResponse, SaveStateUploadResponse } from '@nes-studio/shared'
import { SAVE_STATE_CORE, SAVE_STATE_FIELDS } from '@nes-studio/shared/save-constants'
import { SavesError } from './saves'
import type { CartridgeSaves, NewState, StoredState } from './saves'

async function failure(res: Response, what: string): Promise<SavesError> {
  const text = await res.text().catch(() => '')
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message
    if (typeof message === 'string') return new SavesError(message)
  } catch {
    // not JSON: fall through
  }
  return new SavesError(`The server could not ${what} (${res.status} ${res.statusText}).`)
}

async function send(url: string, init: RequestInit, what: string): Promise<Response> {
  let res: Response
  try {
    res = await fetch(url, { credentials: 'include', ...init })
  } catch {
    throw new SavesError(`The server could not be reached to ${what}.`)
  }
  if (!res.ok) throw await failure(res, what)
  return res
}

export function serverSaves(romId: string, sha1: string): CartridgeSaves {
  const base = `/api/roms/${encodeURIComponent(romId)}`
  return {
    where: 'server',
    async loadBattery() {
      const res = await fetch(`${base}/save`, { credentials: 'include' }).catch(() => {
        throw new SavesError('The server could not be reached to load the battery save.')
      })
      if (res.status === 404) return null
      if (!res.ok) throw await failure(res, 'load the battery save')
      return new Uint8Array(await res.arrayBuffer())
    },
    async storeBattery(bytes) {
      await send(
        `${base}/save`,
        {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream' },
          body: new Uint8Array(bytes),
          // Lets the write finish while the page is being left (saves are ≤ 64 KiB, keepalive's limit).
          keepalive: bytes.length < 60 * 1024,
        },
        'keep the battery save',
      )
    },
    async listStates() {
      const res = await send(`${base}/states`, {}, 'list the states')
      const body = (await res.json()) as Partial<SaveStateListResponse>
      if (!Array.isArray(body.states))
        throw new SavesError('The server sent an unreadable list of states.')
      return body.states
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
    // The server writes need no journal: the requests are sent with keepalive, which outlives the page.
    writeAhead: () => undefined,
    shareUrl(stateId) {
      const url = new URL(`/play/${encodeURIComponent(romId)}`, window.location.origin)
      if (stateId) url.searchParams.set('state', stateId)
      return url.toString()
    },
  }
}
