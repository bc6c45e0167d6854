// Saves the studio project in localStorage under a versioned key and restores it on open.
import { chrTextFromBytes } from './chr-from-bytes'
import { MAIN_FILE, fileTypeOf } from './templates'
import { canBeMain, mainFile, newFileId } from './project-files'
import type { EditorFile, Project } from './project-files'
import { base64ToBytes, bytesToBase64 } from './text-bytes'

/** Bump the version when the stored shape changes; older keys are ignored. */
export const PROJECT_STORAGE_KEY = 'nes-studio:studio-project:v1'

interface StoredFile {
  filename: string
  content?: string
  base64?: string
  encoding?: 'utf8' | 'latin1'
  /** A placeholder the studio created for a missing reference (see EditorFile.placeholder). */
  placeholder?: true
}

interface StoredProject {
  version: 1
  name: string
  files: StoredFile[]
  /** The main file's name (older saves have none: their main file is main.asm). */
  main?: string
  /** Empty folders made in the tree (optional: older saves have none). */
  folders?: string[]
}

export function serializeProject(project: Project): string {
  const stored: StoredProject = {
    version: 1,
    name: project.name,
    files: project.files.map((f) => ({
      filename: f.filename,
      ...(f.binary
        ? { base64: bytesToBase64(f.binary) }
        : { content: f.content, ...(f.encoding === 'latin1' ? { encoding: 'latin1' } : {}) }),
      ...(f.placeholder ? { placeholder: true } : {}),
    })),
    main: mainFile(project)?.filename ?? MAIN_FILE,
    ...(project.folders?.length ? { folders: project.folders } : {}),
  }
  return JSON.stringify(stored)
}

function isStoredFile(value: unknown): value is StoredFile {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.filename === 'string' &&
    v.filename !== '' &&
    (typeof v.content === 'string' || typeof v.base64 === 'string')
  )
}

/** Parses stored text; undefined when it is not a valid version-1 project with its main file. */
export function deserializeProject(text: string): Project | undefined {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof data !== 'object' || data === null) return undefined
  const d = data as Record<string, unknown>
  if (d.version !== 1 || !Array.isArray(d.files) || !d.files.every(isStoredFile)) return undefined
  const files: EditorFile[] = (d.files as StoredFile[]).map((f) => {
    const file: EditorFile = {
      id: newFileId(),
      filename: f.filename,
      type: fileTypeOf(f.filename),
      content: f.content ?? '',
    }
    if (f.base64 !== undefined) {
      // A .chr saved as bytes (by an older studio) opens as CHR text when that is lossless.
      const bytes = base64ToBytes(f.base64)
      const text = file.type === 'chr' ? chrTextFromBytes(bytes) : undefined
      if (text === undefined) file.binary = bytes
      else file.content = text
    }
    if (f.encoding === 'latin1') file.encoding = 'latin1'
    if (f.placeholder === true) file.placeholder = true
    return file
  })
  const main = files.find((f) => f.filename === (typeof d.main === 'string' ? d.main : MAIN_FILE))
  if (!main || !canBeMain(main)) return undefined
  main.type = 'main'
  const name = typeof d.name === 'string' && d.name !== '' ? d.name : 'compiled-game'
  const folders = Array.isArray(d.folders)
    ? d.folders.filter((f): f is string => typeof f === 'string' && f !== '')
    : []
  return folders.length > 0 ? { name, files, folders } : { name, files }
}

/** The saved project, or undefined when there is none (or storage is unavailable or corrupt). */
export function loadProject(
  storage: Storage | undefined = globalThis.localStorage,
): Project | undefined {
  try {
    const text = storage?.getItem(PROJECT_STORAGE_KEY)
    return text ? deserializeProject(text) : undefined
  } catch {
    return undefined
  }
}

/** Saves the project; returns false when storage refuses it (quota, private mode). */
export function saveProject(
  project: Project,
  storage: Storage | undefined = globalThis.localStorage,
): boolean {
  try {
    storage?.setItem(PROJECT_STORAGE_KEY, serializeProject(project))
    return storage !== undefined
  } catch {
    return false
  }
}

export function clearSavedProject(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(PROJECT_STORAGE_KEY)
  } catch {
    // Storage unavailable: nothing saved to clear.
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
