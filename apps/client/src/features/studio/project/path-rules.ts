// The rules every project path follows (a new file, a new folder, a rename or move): relative, '/'-separated, no
// empty, '.' or '..' segment, no backslash; and no clash between files and folders (a file cannot have the name
// of a folder, nor sit inside a file). Kept apart from project-files and project-paths so both can use it.

/** Why a path was refused; `folder`: a folder has that name; `in-file`: a folder of the path is a file. */
export type PathProblem = 'blank' | 'exists' | 'invalid' | 'main' | 'folder' | 'in-file'

/** The little of a project the rules look at. */
interface PathsOf {
  files: readonly { filename: string }[]
  folders?: readonly string[]
}

export type PathCheck = { ok: true; path: string } | { ok: false; reason: PathProblem }

/** Trims and checks a project path (a trailing '/' is dropped): relative, no '.', '..' or empty segment, no backslash. */
export function checkPath(raw: string): PathCheck {
  const path = raw.trim().replace(/\/+$/, '')
  if (path === '') return { ok: false, reason: 'blank' }
  if (
    path.startsWith('/') ||
    path.includes('\\') ||
    path.split('/').some((s) => s === '' || s === '.' || s === '..')
  )
    return { ok: false, reason: 'invalid' }
  return { ok: true, path }
}

/** checkPath as one string: the path, or the problem's name. */
export function normalizePath(raw: string): string | PathProblem {
  const checked = checkPath(raw)
  return checked.ok ? checked.path : checked.reason
}

function isUnder(path: string, folder: string): boolean {
  return path.startsWith(`${folder}/`)
}

/** Whether `path` is a folder of the project (one made in the tree, or one that holds files). */
export function isFolder(project: PathsOf, path: string): boolean {
  return (
    (project.folders ?? []).some((f) => f === path || isUnder(f, path)) ||
    project.files.some((f) => isUnder(f.filename, path))
  )
}

/**
 * Checks a new path (already normalized) against the project: free, not a folder, and with no file among its
 * parent folders. `ignore` is a path being moved away (a rename's source), whose files do not count.
 */
export function clashOf(
  project: PathsOf,
  path: string,
  ignore?: string,
): Extract<PathProblem, 'exists' | 'folder' | 'in-file'> | undefined {
  const kept = (name: string) => ignore === undefined || (name !== ignore && !isUnder(name, ignore))
  const files = project.files.filter((f) => kept(f.filename))
  const folders = (project.folders ?? []).filter(kept)
  if (files.some((f) => f.filename === path)) return 'exists'
  if (isFolder({ files, folders }, path)) return 'folder'
  const parts = path.split('/')
  for (let i = 1; i < parts.length; i += 1) {
    const parent = parts.slice(0, i).join('/')
    if (files.some((f) => f.filename === parent)) return 'in-file'
  }
  return undefined
}

/** A new file's path, normalized, or why it cannot be one (a trailing '/' names a folder, not a file). */
export function checkNewFilePath(project: PathsOf, raw: string): PathCheck {
  if (raw.trim() !== '' && raw.trim().endsWith('/')) return { ok: false, reason: 'invalid' }
  const checked = checkPath(raw)
  if (!checked.ok) return checked
  const clash = clashOf(project, checked.path)
  return clash ? { ok: false, reason: clash } : checked
}
