// The studio's project in this browser's IndexedDB (idb-keyval): real projects do not fit localStorage (the SMB3
// disassembly is 855 files, 6.8 MB; localStorage holds ~5 MB of text per site, binaries as base64). A page that
// goes away with unsaved edits also writes them synchronously to localStorage (the journal) when they fit, since an
// IndexedDB write started while a page unloads may not finish; on load the newer of the two wins.
import { createStore, get, set } from 'idb-keyval'
import type { Project } from './project-files'
import {
  PROJECT_STORAGE_KEY,
  projectFromStored,
  savedAtOf,
  serializeProject,
  toStored,
} from './project-store'
import type { StoredProject } from './project-store'

/** Where the project is kept: IndexedDB in the browser (indexedDbStorage), anything else in tests. */
export interface ProjectStorage {
  read(): Promise<unknown>
  write(value: StoredProject): Promise<void>
}

const PROJECT_KEY = 'project'

/** The studio's IndexedDB database `nes-studio-studio`, store `projects`, key `project`. */
export function indexedDbStorage(): ProjectStorage {
  const store = createStore('nes-studio-studio', 'projects')
  return { read: () => get(PROJECT_KEY, store), write: (value) => set(PROJECT_KEY, value, store) }
}

let shared: ProjectStorage | undefined
/** The page's one IndexedDB storage (opened on first use). */
export function browserProjectStorage(): ProjectStorage {
  return (shared ??= indexedDbStorage())
}

/** The journal: `savedAt`, a newline, then the project as JSON. */
export const JOURNAL_KEY = 'nes-studio:studio-project-journal:v1'
/** A larger project is not journalled (its last 300 ms of edits depend on the IndexedDB write). */
export const JOURNAL_MAX_CHARS = 1_500_000

export interface LoadedProject {
  project: Project
  /** When it was saved (ms since 1970; 0 for an older studio's save). */
  savedAt: number
}

let lastSavedAt = 0
/** A save time later than every earlier one of this page, even within one millisecond. */
function nextSavedAt(): number {
  lastSavedAt = Math.max(Date.now(), lastSavedAt + 1)
  return lastSavedAt
}

function readLocal(local: Storage | undefined, key: string): string | undefined {
  try {
    return local?.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

function removeLocal(local: Storage | undefined, key: string): void {
  try {
    local?.removeItem(key)
  } catch {
    // No storage: nothing to remove.
  }
}

function parseLocal(text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    const cut = text.indexOf('\n')
    return JSON.parse(cut >= 0 && /^\d+$/.test(text.slice(0, cut)) ? text.slice(cut + 1) : text)
  } catch {
    return undefined
  }
}

/** The journal's save time, read without parsing the project. */
function journalSavedAt(local: Storage | undefined): number {
  const text = readLocal(local, JOURNAL_KEY)
  return text === undefined ? 0 : Number(text.slice(0, text.indexOf('\n'))) || 0
}

/**
 * Saves the project in `storage`; resolves with its save time, or undefined when the browser refused it (storage
 * full, private mode). A journal or an older studio's save that this one supersedes is removed.
 */
export async function saveProject(
  storage: ProjectStorage,
  project: Project,
  local: Storage | undefined = globalThis.localStorage,
): Promise<number | undefined> {
  const savedAt = nextSavedAt()
  try {
    await storage.write(toStored(project, 'bytes', savedAt))
  } catch {
    return undefined
  }
  if (journalSavedAt(local) <= savedAt) removeLocal(local, JOURNAL_KEY)
  removeLocal(local, PROJECT_STORAGE_KEY)
  return savedAt
}

/** Writes the journal at once (a page going away); false when the project is too large or storage refuses it. */
export function writeJournal(
  project: Project,
  local: Storage | undefined = globalThis.localStorage,
): boolean {
  const savedAt = nextSavedAt()
  const json = serializeProject(project, savedAt)
  if (json.length > JOURNAL_MAX_CHARS) return false
  try {
    local?.setItem(JOURNAL_KEY, `${savedAt}\n${json}`)
    return local !== undefined
  } catch {
    return false
  }
}

/**
 * The newest saved project: IndexedDB's, a newer journal, or an older studio's localStorage save when there is
 * nothing else. One found outside IndexedDB is saved there. Undefined when nothing valid is saved.
 */
export async function loadProject(
  storage: ProjectStorage,
  local: Storage | undefined = globalThis.localStorage,
): Promise<LoadedProject | undefined> {
  const fromDb = await storage.read().catch(() => undefined)
  const candidates = [
    fromDb,
    parseLocal(readLocal(local, JOURNAL_KEY)),
    parseLocal(readLocal(local, PROJECT_STORAGE_KEY)),
  ]
  let best: LoadedProject | undefined
  let bestIndex = -1
  candidates.forEach((data, index) => {
    const project = data === undefined ? undefined : projectFromStored(data)
    const savedAt = savedAtOf(data)
    if (project && (!best || savedAt > best.savedAt)) {
      best = { project, savedAt }
      bestIndex = index
    }
  })
  if (best && bestIndex > 0) {
    const savedAt = await saveProject(storage, best.project, local)
    if (savedAt !== undefined) best = { ...best, savedAt }
  }
  return best
}
