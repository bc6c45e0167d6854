// The studio project as it is stored: one plain shape, kept in IndexedDB with binary files as bytes
// (project-db.ts) and written as JSON with binary files as base64 to localStorage (the journal of a page that
// goes away, and the key older studios saved the whole project under). Reading validates whatever it finds.
import { chrTextFromBytes } from './chr-from-bytes'
import { MAIN_FILE, fileTypeOf } from './templates'
import { canBeMain, mainFile, newFileId } from './project-files'
import type { EditorFile, Project } from './project-files'
import { base64ToBytes, bytesToBase64 } from './text-bytes'

/** Where studios before IndexedDB kept the whole project (read once, to carry it over). */
export const PROJECT_STORAGE_KEY = 'nes-studio:studio-project:v1'

export interface StoredFile {
  filename: string
  content?: string
  /** A binary file's bytes in JSON. */
  base64?: string
  /** A binary file's bytes in IndexedDB. */
  bytes?: Uint8Array
  encoding?: 'utf8' | 'latin1'
  /** A placeholder the studio created for a missing reference (see EditorFile.placeholder). */
  placeholder?: true
}

export interface StoredProject {
  version: 1
  name: string
  /** 'cc65' for a cc65 project (absent: NESASM, as in saves from before cc65 projects). */
  toolchain?: 'cc65'
  files: StoredFile[]
  /** The main file's name (older saves have none: their main file is main.asm). */
  main?: string
  /** Empty folders made in the tree (optional: older saves have none). */
  folders?: string[]
  /** When it was saved (ms since 1970): the newer of the saved project and a page's journal wins. */
  savedAt?: number
}

/** The project in the stored shape; binary files as bytes (IndexedDB) or base64 (JSON). */
export function toStored(project: Project, binary: 'bytes' | 'base64', savedAt?: number) {
  const stored: StoredProject = {
    version: 1,
    name: project.name,
    ...(project.toolchain === 'cc65' ? { toolchain: 'cc65' } : {}),
    files: project.files.map((f) => ({
      filename: f.filename,
      ...(!f.binary
        ? { content: f.content, ...(f.encoding === 'latin1' ? { encoding: 'latin1' } : {}) }
        : binary === 'bytes'
          ? { bytes: f.binary }
          : { base64: bytesToBase64(f.binary) }),
      ...(f.placeholder ? { placeholder: true } : {}),
    })),
    main: mainFile(project)?.filename ?? MAIN_FILE,
    ...(project.folders?.length ? { folders: project.folders } : {}),
    ...(savedAt !== undefined ? { savedAt } : {}),
  }
  return stored
}

export function serializeProject(project: Project, savedAt?: number): string {
  return JSON.stringify(toStored(project, 'base64', savedAt))
}

function isStoredFile(value: unknown): value is StoredFile {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.filename === 'string' &&
    v.filename !== '' &&
    (typeof v.content === 'string' || typeof v.base64 === 'string' || v.bytes instanceof Uint8Array)
  )
}

function fromStoredFile(f: StoredFile): EditorFile {
  const file: EditorFile = {
    id: newFileId(),
    filename: f.filename,
    type: fileTypeOf(f.filename),
    content: f.content ?? '',
  }
  const bytes = f.bytes ?? (f.base64 !== undefined ? base64ToBytes(f.base64) : undefined)
  if (bytes !== undefined) {
    // A .chr saved as bytes (by an older studio) opens as CHR text when that is lossless.
    const text = file.type === 'chr' ? chrTextFromBytes(bytes) : undefined
    if (text === undefined) file.binary = bytes
    else file.content = text
  }
  if (f.encoding === 'latin1') file.encoding = 'latin1'
  if (f.placeholder === true) file.placeholder = true
  return file
}

/** A stored project read back; undefined when it is not a valid project with its main file. */
export function projectFromStored(data: unknown): Project | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const d = data as Record<string, unknown>
  if (d.version !== 1 || !Array.isArray(d.files) || !d.files.every(isStoredFile)) return undefined
  const toolchain = d.toolchain === 'cc65' ? 'cc65' : undefined
  const files = (d.files as StoredFile[]).map(fromStoredFile)
  const main = files.find((f) => f.filename === (typeof d.main === 'string' ? d.main : MAIN_FILE))
  if (!main || !canBeMain(main)) return undefined
  main.type = 'main'
  const name = typeof d.name === 'string' && d.name !== '' ? d.name : 'compiled-game'
  const folders = Array.isArray(d.folders)
    ? d.folders.filter((f): f is string => typeof f === 'string' && f !== '')
    : []
  return {
    name,
    ...(toolchain && { toolchain }),
    files,
    ...(folders.length > 0 && { folders }),
  }
}

/** When a stored project was saved (0 when it does not say). */
export function savedAtOf(data: unknown): number {
  const at = (data as { savedAt?: unknown } | null)?.savedAt
  return typeof at === 'number' && Number.isFinite(at) ? at : 0
}

/** Parses JSON text of a stored project; undefined when it is not one. */
export function deserializeProject(text: string): Project | undefined {
  try {
    return projectFromStored(JSON.parse(text))
  } catch {
    return undefined
  }
}

/** The name of the tab that was open, so a reload shows the same file. */
export const ACTIVE_FILE_STORAGE_KEY = 'nes-studio:studio-active-file:v1'

export function loadActiveFilename(
  storage: Storage | undefined = globalThis.localStorage,
): string | undefined {
  try {
    return storage?.getItem(ACTIVE_FILE_STORAGE_KEY) ?? undefined
  } catch {
    return undefined
  }
}

export function saveActiveFilename(
  filename: string,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(ACTIVE_FILE_STORAGE_KEY, filename)
  } catch {
    // Not critical: the next visit opens main.asm.
  }
}
