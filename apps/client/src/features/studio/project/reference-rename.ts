// Keeping .include/.incbin names right when files move: every name that read a moved file (or that was read from a
// moved source's own folder) is rewritten so the build reads the same files as before, from the same starting folder
// (the project root, the main file's folder, or the source's folder; reference-paths.ts).
import type { EditorFile } from './project-files'
import {
  folderOf,
  joinReference,
  lookupFolders,
  relativeReference,
  resolveReference,
} from './reference-paths'

// A .include/.incbin line (optional label, directive with or without its dot) and its quoted name.
const REFERENCE = /^(\s*(?:[A-Za-z_.][\w.]*:?\s+)?\.?(?:include|incbin)\s+")([^"]*)(")/i

/** Where a name was read from: the folder it was looked up from and the path it read. */
function readFrom(
  exists: (path: string) => boolean,
  name: string,
  mainPath: string,
  fromPath: string,
): { folder: string; path: string } | undefined {
  for (const folder of lookupFolders(mainPath, fromPath)) {
    const path = joinReference(folder, name)
    if (path !== undefined && exists(path)) return { folder, path }
  }
  return undefined
}

/** The layout before and after a move. */
export interface Move {
  /** Old path → new path (unmoved paths map to themselves). */
  move: (path: string) => string
  before: ReadonlySet<string>
  after: ReadonlySet<string>
  mainBefore: string
  mainAfter: string
}

/** The line with its name rewritten when, after the move, it would no longer read the file it read before. */
function rewriteLine(line: string, fromBefore: string, fromAfter: string, m: Move): string {
  const match = REFERENCE.exec(line)
  if (!match) return line
  const name = match[2]!
  const was = readFrom((p) => m.before.has(p), name, m.mainBefore, fromBefore)
  if (!was) return line
  const target = m.move(was.path)
  if (resolveReference((p) => m.after.has(p), name, m.mainAfter, fromAfter) === target) return line
  // The same starting folder as before: the root, or the main file's or the source's folder where it is now.
  const folder =
    was.folder === ''
      ? ''
      : was.folder === folderOf(m.mainBefore)
        ? folderOf(m.mainAfter)
        : folderOf(fromAfter)
  let renamed = relativeReference(folder, target)
  if (name.includes('\\') && !name.includes('/')) renamed = renamed.replaceAll('/', '\\')
  return `${match[1]}${renamed}${match[3]}${line.slice(match[0].length)}`
}

/** `file` (at its old path) with every reference rewritten for the move; the same object when none changes. */
export function rewriteReferences(file: EditorFile, m: Move): EditorFile {
  if (file.binary || !/\b(include|incbin)\b/i.test(file.content)) return file
  const fromAfter = m.move(file.filename)
  const lines = file.content.split('\n')
  let changed = false
  const next = lines.map((line) => {
    const out = rewriteLine(line, file.filename, fromAfter, m)
    if (out !== line) changed = true
    return out
  })
  return changed ? { ...file, content: next.join('\n') } : file
}
