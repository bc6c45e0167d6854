// Finds the files a source names with .include / .incbin, so missing ones can be created as tabs.
import { createFile, findFile } from './project-files'
import type { Project } from './project-files'
import { checkNewFilePath } from './path-rules'

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

/**
 * Adds a tab for every file named by an .include/.incbin in a text .asm file of the project that does not exist yet:
 * a chr file (CHR template) if the name ends in .chr, otherwise an include (template by extension). Returns the same
 * project object when nothing is missing.
 */
export function addMissingReferencedFiles(project: Project): Project {
  let files = project.files
  for (const file of project.files) {
    if (file.binary || !/\.(asm|inc|s)$/i.test(file.filename)) continue
    for (const ref of scanReferences(file.content)) {
      if (findFile({ ...project, files }, ref.filename)) continue
      // Only names a file could be given in the tree (no '..', no clash with a folder or a file).
      if (!checkNewFilePath({ ...project, files }, ref.filename).ok) continue
      files = [...files, createFile(ref.filename)]
    }
  }
  return files === project.files ? project : { ...project, files }
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
  const named = new Set<string>()
  for (const file of project.files) {
    if (file.binary || !/\.(asm|inc|s)$/i.test(file.filename)) continue
    for (const ref of scanReferences(file.content)) named.add(ref.filename)
  }
  const files = project.files.filter(
    (f) => f.binary !== undefined || created.get(f.id) !== f.content || named.has(f.filename),
  )
  return files.length === project.files.length ? project : { ...project, files }
}
