// Which files are open as tabs (closing a tab never deletes its file), remembered across reloads by name.
import type { Project } from '../project/project-files'

export const OPEN_TABS_STORAGE_KEY = 'nes-studio:studio-open-tabs:v1'
/** A project with more files than this opens with main.asm only; the tree and Ctrl+P open the rest. */
export const MAX_INITIAL_TABS = 6

/** The tabs of a project that was just made or imported: all files when few, else main.asm. */
export function initialTabs(project: Project): string[] {
  const main = project.files.find((f) => f.type === 'main') ?? project.files[0]
  if (project.files.length <= MAX_INITIAL_TABS || !main) return project.files.map((f) => f.id)
  return [main.id]
}

/** The remembered tabs (by file name) of this project, or its initial tabs. The main file is always open. */
export function loadOpenTabs(
  project: Project,
  storage: Storage | undefined = globalThis.localStorage,
): string[] {
  let names: unknown
  try {
    names = JSON.parse(storage?.getItem(OPEN_TABS_STORAGE_KEY) ?? 'null')
  } catch {
    names = null
  }
  if (!Array.isArray(names)) return initialTabs(project)
  const byName = new Map(project.files.map((f) => [f.filename, f.id]))
  const ids = names.flatMap((n) => (typeof n === 'string' && byName.has(n) ? [byName.get(n)!] : []))
  const main = project.files.find((f) => f.type === 'main')
  return main && !ids.includes(main.id) ? [main.id, ...ids] : ids
}

export function saveOpenTabs(
  project: Project,
  ids: readonly string[],
  storage: Storage | undefined = globalThis.localStorage,
): void {
  const names = ids.flatMap((id) => project.files.find((f) => f.id === id)?.filename ?? [])
  try {
    storage?.setItem(OPEN_TABS_STORAGE_KEY, JSON.stringify(names))
  } catch {
    // Not critical: the next visit opens the initial tabs.
  }
}

/** Keeps only ids of files that still exist, in order, without duplicates. */
export function pruneTabs(project: Project, ids: readonly string[]): string[] {
  const exists = new Set(project.files.map((f) => f.id))
  return [...new Set(ids)].filter((id) => exists.has(id))
}
