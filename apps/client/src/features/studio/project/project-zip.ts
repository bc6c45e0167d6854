// Project <-> .zip of its files, so NESASM projects (with binary .chr/.bin files) can be brought in and taken out.
import { unzipSync, zipSync } from 'fflate'
import { MAIN_FILE, fileTypeOf } from './templates'
import { newFileId } from './project-files'
import type { EditorFile, Project } from './project-files'
import { chrTextToBytes } from './chr-text'
import { decodeText, encodeText, looksBinary } from './text-bytes'

/** Exports every file: text files in their encoding (UTF-8 unless imported as Latin-1), binary files as their bytes. */
export function projectToZip(project: Project): Uint8Array {
  const entries: Record<string, Uint8Array> = {}
  for (const f of project.files) entries[f.filename] = f.binary ?? encodeText(f.content, f.encoding)
  return zipSync(entries, { level: 6 })
}

export type ZipImportResult =
  { ok: true; project: Project; renamedMain?: string } | { ok: false; message: string }

const TEXT_EXTENSIONS = /\.(asm|inc|s|txt|md|h)$/i

/** Source types and extension-less names are text; a .chr is text only when it is valid CHR text; the rest is data. */
function isTextName(filename: string, text: string): boolean {
  const base = filename.split('/').pop() ?? filename
  if (/\.chr$/i.test(base)) return chrTextToBytes(text).problems.length === 0
  return TEXT_EXTENSIONS.test(base) || !base.includes('.')
}

function stripCommonFolder(names: string[]): (name: string) => string {
  const first = names[0]?.split('/')
  if (!first || first.length < 2 || names.some((n) => !n.startsWith(`${first[0]}/`)))
    return (n) => n
  const prefix = `${first[0]}/`
  return (n) => n.slice(prefix.length)
}

function pickMain(files: EditorFile[]): EditorFile | undefined {
  const asm = files.filter((f) => !f.binary && /\.asm$/i.test(f.filename))
  return (
    files.find((f) => f.filename === MAIN_FILE) ??
    asm.find((f) => /\.ines(prg|map)/i.test(f.content)) ??
    asm[0]
  )
}

/**
 * Reads a zip into a project. Folders are kept in file names (NESASM paths are relative to the main file's folder),
 * except a single top folder shared by all files. Data files (.chr that is not CHR text, .bin, anything that looks
 * binary) stay as exact bytes. The main file is main.asm, else the first .asm with an iNES header directive
 * (renamed to main.asm).
 */
export function zipToProject(zip: Uint8Array, name: string): ZipImportResult {
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(zip)
  } catch {
    return { ok: false, message: 'The file is not a valid .zip archive.' }
  }
  const names = Object.keys(entries).filter((n) => !n.endsWith('/') && !n.startsWith('__MACOSX/'))
  const rename = stripCommonFolder(names)
  const files: EditorFile[] = names.map((zipName) => {
    const bytes = entries[zipName]!
    const filename = rename(zipName)
    const decoded = decodeText(bytes)
    const isText = !looksBinary(bytes) && isTextName(filename, decoded.text)
    const file: EditorFile = { id: newFileId(), filename, type: fileTypeOf(filename), content: '' }
    if (isText) {
      file.content = decoded.text
      if (decoded.encoding === 'latin1') file.encoding = 'latin1'
    } else {
      file.binary = bytes
    }
    return file
  })
  const main = pickMain(files)
  if (!main) return { ok: false, message: 'The archive has no .asm file.' }
  const renamedMain = main.filename === MAIN_FILE ? undefined : main.filename
  const ordered = [
    { ...main, filename: MAIN_FILE, type: 'main' as const },
    ...files.filter((f) => f !== main && f.filename !== MAIN_FILE),
  ].map((f) => (f.filename === MAIN_FILE ? f : { ...f, type: fileTypeOf(f.filename) }))
  return { ok: true, project: { name, files: ordered }, ...(renamedMain ? { renamedMain } : {}) }
}
