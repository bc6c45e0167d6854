// Saves and states of a cartridge from the slot, kept in this browser's IndexedDB (idb-keyval), keyed by
// the ROM's SHA-1. Same rules as the server: a used slot is replaced, one `resume` state, at most 100
// states with the oldest `auto` ones pruned first. Storage errors (quota, private mode) become SavesErrors.
import { createStore, del, get, set } from 'idb-keyval'
import type { UseStore } from 'idb-keyval'
import { BROWSER_STATES_PER_ROM, SavesError } from './saves'
import type { CartridgeSaves, NewState, StoredState } from './saves'
import { fromBase64, toBase64 } from '../../../lib/base64'

let store: UseStore | undefined
const saveStore = () => (store ??= createStore('nes-studio-saves', 'saves'))

function storageError(error: unknown, what: string): SavesError {
  const name = error instanceof DOMException ? error.name : ''
  const reason = error instanceof Error ? error.message : String(error)
  if (name === 'QuotaExceededError') {
    return new SavesError(`The browser's storage is full: ${what} could not be kept (${reason}).`)
  }
  return new SavesError(`This browser could not keep ${what} (${reason}).`)
}

async function guarded<T>(what: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (error) {
    throw storageError(error, what)
  }
}

const pngDataUrl = (png: Uint8Array) => `data:image/png;base64,${toBase64(png)}`

/** What a page that went away had not finished writing (localStorage, written synchronously). */
interface Journal {
  battery?: string
  resume?: { state: string; coreVersion: string; thumbnail?: string }
}

const journalKey = (sha1: string) => `nes-studio.saves-journal.${sha1}`

function readJournal(sha1: string): Journal {
  try {
    return JSON.parse(localStorage.getItem(journalKey(sha1)) ?? '{}') as Journal
  } catch {
    return {}
  }
}

function writeJournal(sha1: string, journal: Journal): void {
  try {
    if (journal.battery === undefined && journal.resume === undefined) {
      localStorage.removeItem(journalKey(sha1))
    } else {
      localStorage.setItem(journalKey(sha1), JSON.stringify(journal))
    }
  } catch {
    // No room or no storage: the asynchronous write is all there is.
  }
}

/** The states after adding `added`: what it replaces goes, and the oldest `auto` make room. */
export function nextStateList(
  states: readonly StoredState[],
  added: StoredState,
): { kept: StoredState[]; removed: StoredState[] } {
  const replaces = (s: StoredState) =>
    (added.kind === 'resume' && s.kind === 'resume') ||
    (added.slot !== null && s.slot === added.slot)
  const removed = states.filter(replaces)
  let kept = [added, ...states.filter((s) => !replaces(s))]
  while (kept.length > BROWSER_STATES_PER_ROM) {
    let oldestAuto = -1
    for (let i = kept.length - 1; i >= 0 && oldestAuto < 0; i--) {
      if (kept[i]?.kind === 'auto' && kept[i] !== added) oldestAuto = i
    }
    if (oldestAuto < 0) {
      throw new SavesError(
        `This cartridge already has ${BROWSER_STATES_PER_ROM} saved states: delete some to save more.`,
      )
    }
    removed.push(...kept.splice(oldestAuto, 1))
  }
  kept = kept.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  return { kept, removed }
}

export function browserSaves(sha1: string): CartridgeSaves {
  const listKey = `states:${sha1}`
  const batteryKey = `battery:${sha1}`
  const bytesKey = (id: string) => `state:${id}`
  const list = async () => (await get<StoredState[]>(listKey, saveStore())) ?? []
  /** Forgets a journal entry once the same bytes are in IndexedDB. */
  const settled = (part: keyof Journal, written: string) => {
    const journal = readJournal(sha1)
    const pending = part === 'battery' ? journal.battery : journal.resume?.state
    if (pending === written) writeJournal(sha1, { ...journal, [part]: undefined })
  }

  async function storeBattery(bytes: Uint8Array): Promise<void> {
    await set(batteryKey, new Uint8Array(bytes), saveStore())
    settled('battery', toBase64(bytes))
  }

  async function addState(state: NewState): Promise<StoredState> {
    const added: StoredState = {
      id: crypto.randomUUID(),
      kind: state.kind,
      slot: state.kind === 'resume' ? null : (state.slot ?? null),
      createdAt: new Date().toISOString(),
      size: state.bytes.length,
      thumbnailUrl: state.thumbnail ? pngDataUrl(state.thumbnail) : null,
      coreVersion: state.coreVersion,
      romSha1: sha1,
    }
    const { kept, removed } = nextStateList(await list(), added)
    // Bytes first, list second: a crash in between leaves an unlisted blob, never a listed state
    // without bytes.
    await set(bytesKey(added.id), new Uint8Array(state.bytes), saveStore())
    await set(listKey, kept, saveStore())
    for (const old of removed) await del(bytesKey(old.id), saveStore())
    if (state.kind === 'resume') settled('resume', toBase64(state.bytes))
    return added
  }

  /** Moves what a page that went away left in the journal into IndexedDB. */
  async function replayJournal(): Promise<void> {
    const journal = readJournal(sha1)
    if (journal.battery !== undefined) await storeBattery(fromBase64(journal.battery))
    if (journal.resume !== undefined) {
      const { thumbnail } = journal.resume
      await addState({
        bytes: fromBase64(journal.resume.state),
        thumbnail: thumbnail ? fromBase64(thumbnail) : null,
        kind: 'resume',
        coreVersion: journal.resume.coreVersion,
      })
    }
  }

  return {
    where: 'browser',
    loadBattery: () =>
      guarded('the battery save', async () => {
        await replayJournal()
        return (await get<Uint8Array>(batteryKey, saveStore())) ?? null
      }),
    storeBattery: (bytes) => guarded('the battery save', () => storeBattery(bytes)),
    listStates: () =>
      guarded('the states', async () => {
        await replayJournal()
        return list()
      }),
    addState: (state) => guarded('the state', () => addState(state)),
    writeAhead(pending) {
      const journal = readJournal(sha1)
      if (pending.battery) journal.battery = toBase64(pending.battery)
      if (pending.resume) {
        const { thumbnail } = pending.resume
        journal.resume = {
          state: toBase64(pending.resume.bytes),
          coreVersion: pending.resume.coreVersion,
          ...(thumbnail ? { thumbnail: toBase64(thumbnail) } : {}),
        }
      }
      writeJournal(sha1, journal)
    },
    stateBytes: (state) =>
      guarded('the state', async () => {
        const bytes = await get<Uint8Array>(bytesKey(state.id), saveStore())
        if (!bytes) throw new SavesError('This state is no longer in this browser.')
        return bytes
      }),
    deleteState: (id) =>
      guarded('the states', async () => {
        await set(
          listKey,
          (await list()).filter((s) => s.id !== id),
          saveStore(),
        )
        await del(bytesKey(id), saveStore())
      }),
    shareUrl: () => undefined,
  }
}
