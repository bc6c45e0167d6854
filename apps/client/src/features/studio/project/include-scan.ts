// Finds the files a source names with .include / .incbin, so missing ones can be listed and created as tabs.
import { createFile, mainFile } from './project-files'
import type { EditorFile, Project } from './project-files'
import { checkNewFilePath } from './path-rules'
import { placeOfReference, resolveReference } from './reference-paths'

export interface FileReference {
  directive: 'include' | 'incbin'
  filename: string
  /** 1-based line of the directive. */
  line: number
}

// Optional label, then the directive with or without its dot (NESASM accepts both), then a quoted name.
const DIRECTIVE = /^\s*(?:[A-Za-z_.][\w.]*:?\s+)?\.?(include|incbin)\s+"([^"]*)"/i

/** Scans NESASM source for .include/.incbin lines. Comment lines are skipped; `.asm` is added to an include name without a dot. */
export function scanReferences(source: string): FileReference[] {
  const refs: FileReference[] = []
  const lines = source.split(/\r\n|\r|\n/)
  lines.forEach((text, index) => {
    if (text.startsWith(';') || text.startsWith('*')) return
    const match = DIRECTIVE.exec(text)
    if (!match) return
    const directive = match[1]!.toLowerCase() as 'include' | 'incbin'
    let filename = match[2]!.trim()
    if (filename === '') return
    const last = filename.split('/').pop() ?? filename
    if (directive === 'include' && !last.includes('.')) filename += '.asm'
    refs.push({ directive, filename, line: index + 1 })
  })
  return refs
}

/** A reference that reads no file of the project, and the path its file would have (`path`). */
export interface MissingReference extends FileReference {
  /** The file that names it. */
  from: string
  /** Where the file belongs (read from the main file's folder, see placeOfReference). */
  path: string
}

const SOURCE_NAME = /\.(asm|inc|s)$/i

// A file's references, kept while the file object lives: an edit makes a new object, so a large project (SMB3's
// 727 sources, 6.6 MB) is not scanned whole again after every pause in typing.
const scanned = new WeakMap<EditorFile, FileReference[]>()

/** scanReferences of a text file, kept while the file object lives. */
export function referencesOf(file: EditorFile): FileReference[] {
  let refs = scanned.get(file)
  if (!refs) {
    refs = scanReferences(file.content)
    scanned.set(file, refs)
  }
  return refs
}

/** The project's text sources with their references (only sources are scanned: data files name nothing). */
function* sourceReferences(project: Project): Generator<[EditorFile, FileReference]> {
  for (const file of project.files) {
    if (file.binary || !SOURCE_NAME.test(file.filename)) continue
    for (const ref of referencesOf(file)) yield [file, ref]
  }
}

/**
 * The .include/.incbin references that read no file, each path once (the first reference to it), looked up as the
 * assembler looks them up (reference-paths.ts). A path that leaves the project, or that no file could have (it
 * clashes with a folder or sits inside a file), is left out: the build reports it as a file it cannot open.
 */
export function missingReferences(project: Project): MissingReference[] {
  const mainPath = mainFile(project)?.filename ?? ''
  const paths = new Set(project.files.map((f) => f.filename))
  const shape = {
    files: project.files.map((f) => ({ filename: f.filename })),
    folders: project.folders ?? [],
  }
  const missing: MissingReference[] = []
  for (const [file, ref] of sourceReferences(project)) {
    if (resolveReference((p) => paths.has(p), ref.filename, mainPath, file.filename)) continue
    const path = placeOfReference(ref.filename, mainPath)
    if (path === undefined || !checkNewFilePath(shape, path).ok) continue
    paths.add(path)
    shape.files.push({ filename: path })
    missing.push({ ...ref, from: file.filename, path })
  }
  return missing
}

/**
 * Adds a placeholder for every file an .include/.incbin of a text source names that does not exist yet: a chr file
 * (CHR template) if the name ends in .chr, otherwise an include (template by extension), marked `placeholder` until
 * it is edited. Returns the same project object when nothing is missing.
 */
export function addMissingReferencedFiles(project: Project): Project {
  // A cc65 project's includes are searched for in the tools' folders too (nes.inc, <conio.h>): a file made here
  // would hide the real one
  if (project.toolchain === 'cc65') return project
  const missing = missingReferences(project)
  if (missing.length === 0) return project
  const created = missing.map((m): EditorFile => ({ ...createFile(m.path), placeholder: true }))
  return { ...project, files: [...project.files, ...created] }
}

/**
 * Removes files the studio created for a reference (`created`: file id → the content it was created with) that
 * are still untouched and that no .include/.incbin names any more: the name was half-typed when the scan ran
 * (`.include "sprites/pla` before `yer.asm"`), or the directive is gone. Files the user edited stay. Returns
 * the same project object when nothing is removed.
 */
export function removeUnusedCreatedFiles(
  project: Project,
  created: ReadonlyMap<string, string>,
): Project {
  if (created.size === 0) return project
  const mainPath = mainFile(project)?.filename ?? ''
  const paths = new Set(project.files.map((f) => f.filename))
  const named = new Set<string>()
  for (const [file, ref] of sourceReferences(project)) {
    const path =
      resolveReference((p) => paths.has(p), ref.filename, mainPath, file.filename) ??
      placeOfReference(ref.filename, mainPath)
    if (path !== undefined) named.add(path)
  }
  const files = project.files.filter(
    (f) => f.binary !== undefined || created.get(f.id) !== f.content || named.has(f.filename),
  )
  return files.length === project.files.length ? project : { ...project, files }
}
