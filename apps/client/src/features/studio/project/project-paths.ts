// Folder-aware operations on the project: the tree (folders from file paths plus empty folders the user made),
// rename/move (which rewrites .include/.incbin names so the build keeps working), delete and new folder.
import { findFile } from './project-files'
import type { EditorFile, Project } from './project-files'
import { checkPath, clashOf } from './path-rules'
import type { PathProblem } from './path-rules'
import { fileTypeOf } from './templates'
import { rewriteReferences } from './reference-rename'
import type { Move } from './reference-rename'

export type TreeNode =
  | { kind: 'folder'; name: string; path: string; children: TreeNode[] }
  | { kind: 'file'; name: string; path: string; file: EditorFile }

/** The parent folders of a path ('a/b/c.asm' → ['a', 'a/b']). */
export function parentFolders(path: string): string[] {
  const parts = path.split('/').slice(0, -1)
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'))
}

/** Folders first, then files, each by name (case-insensitive). */
function sortNodes(nodes: TreeNode[]): TreeNode[] {
  return nodes.sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === 'folder' ? -1 : 1) ||
      a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  )
}

export function buildTree(project: Project): TreeNode[] {
  const root: TreeNode[] = []
  const folders = new Map<string, TreeNode[]>([['', root]])
  const folderNode = (path: string): TreeNode[] => {
    const known = folders.get(path)
    if (known) return known
    const cut = path.lastIndexOf('/')
    const parent = folderNode(cut < 0 ? '' : path.slice(0, cut))
    const children: TreeNode[] = []
    parent.push({ kind: 'folder', name: path.slice(cut + 1), path, children })
    folders.set(path, children)
    return children
  }
  for (const folder of project.folders ?? []) folderNode(folder)
  for (const file of project.files) {
    const cut = file.filename.lastIndexOf('/')
    const parent = folderNode(cut < 0 ? '' : file.filename.slice(0, cut))
    parent.push({ kind: 'file', name: file.filename.slice(cut + 1), path: file.filename, file })
  }
  for (const children of folders.values()) sortNodes(children)
  return root
}

function isUnder(path: string, folder: string): boolean {
  return path === folder || path.startsWith(`${folder}/`)
}

export type { PathProblem }

export type PathResult = { ok: true; project: Project } | { ok: false; reason: PathProblem }

export function addFolder(project: Project, raw: string): PathResult {
  const checked = checkPath(raw)
  if (!checked.ok) return checked
  const { path } = checked
  const clash = clashOf(project, path)
  if (clash) return { ok: false, reason: clash === 'folder' ? 'exists' : clash }
  return { ok: true, project: { ...project, folders: [...(project.folders ?? []), path] } }
}

/**
 * Renames or moves a file or folder (`from` → `to`, full paths). The main file stays where it is. Every text
 * source's .include/.incbin of a moved file is rewritten, so the project builds as before.
 */
export function renamePath(project: Project, from: string, rawTo: string): PathResult {
  const checked = checkPath(rawTo)
  if (!checked.ok) return checked
  const to = checked.path
  if (to === from) return { ok: true, project }
  const main = project.files.find((f) => f.type === 'main')
  if (main && isUnder(main.filename, from)) return { ok: false, reason: 'main' }
  if (isUnder(to, from)) return { ok: false, reason: 'exists' }
  const clash = clashOf(project, to, from)
  if (clash) return { ok: false, reason: clash }
  const move = (path: string) => (isUnder(path, from) ? to + path.slice(from.length) : path)
  const mainPath = main?.filename ?? ''
  const layout: Move = {
    move,
    before: new Set(project.files.map((f) => f.filename)),
    after: new Set(project.files.map((f) => move(f.filename))),
    mainBefore: mainPath,
    mainAfter: move(mainPath),
  }
  const files = project.files.map((f): EditorFile => {
    const filename = move(f.filename)
    const { content } = rewriteReferences(f, layout)
    if (filename === f.filename && content === f.content) return f
    const type = f.type === 'main' ? 'main' : fileTypeOf(filename)
    return { ...f, filename, content, type: f.binary ? f.type : type }
  })
  const folders = (project.folders ?? []).map(move)
  return { ok: true, project: { ...project, files, folders } }
}

/** Removes a file, or a folder with everything in it; main.asm is never removed. */
export function deletePath(
  project: Project,
  path: string,
): { ok: true; project: Project; removed: EditorFile[] } | { ok: false; reason: 'main' } {
  // A file at `path` is deleted alone (an older project may also have a folder of that name).
  const isFile = findFile(project, path) !== undefined
  const goes = (name: string) => (isFile ? name === path : isUnder(name, path))
  const removed = project.files.filter((f) => goes(f.filename))
  if (removed.some((f) => f.type === 'main')) return { ok: false, reason: 'main' }
  // The folders above the deleted path stay, even when it was the last thing in them.
  const kept = (project.folders ?? []).filter((f) => isFile || !isUnder(f, path))
  const folders = [...new Set([...kept, ...parentFolders(path)])]
  return {
    ok: true,
    removed,
    project: {
      ...project,
      files: project.files.filter((f) => !goes(f.filename)),
      folders,
    },
  }
}
