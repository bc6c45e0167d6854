// Project <-> .zip of its files, so NESASM projects (with binary .chr/.bin files) can be brought in and taken out.
// A .chr travels as binary tile bytes (what NESASM's .incbin reads) and is edited as CHR text in the studio; the
// CHR text also goes into the zip under CHR_TEXT_FOLDER, so a re-import gets the same text (comments included).
import { unzipSync, zipSync } from 'fflate'
import { looksLikeCc65, pickCc65Main } from './cc65-project'
import { fileTypeOf } from './templates'
import { newFileId } from './project-files'
import { addMissingReferencedFiles, missingReferences } from './include-scan'
import { pickMain } from './pick-main'
import type { EditorFile, Project } from './project-files'
import { checkPath } from './path-rules'
import { parentFolders } from './project-paths'
import { chrTextFromBytes, isChrTextFor } from './chr-from-bytes'
import { chrTextToBytes } from './chr-text'
import { decodeText, encodeText, looksBinary } from './text-bytes'

/** Where an exported zip keeps the CHR text of `x.chr` (as `x.chr.txt`); NESASM never reads it. */
export const CHR_TEXT_FOLDER = '.nes-studio/'

export type ZipExportResult = { ok: true; zip: Uint8Array } | { ok: false; message: string }

/**
 * Exports every file: .chr tabs as their tile bytes (plus their CHR text under CHR_TEXT_FOLDER), other text files
 * in their encoding (UTF-8 unless imported as Latin-1), binary files as their bytes. Refused when a CHR text has a
 * problem, because its bytes would not be what the studio assembles.
 */
export function projectToZip(project: Project): ZipExportResult {
  const bad = project.files.map((f) => f.filename).filter((n) => tidyPath(n) !== n)
  if (bad.length > 0)
    return {
      ok: false,
      message: `Cannot export paths the studio does not allow: ${listNames(bad)}.`,
    }
  const entries: Record<string, Uint8Array> = {}
  for (const f of project.files) {
    if (f.binary) {
      entries[f.filename] = f.binary
    } else if (f.type === 'chr') {
      const { bytes, problems } = chrTextToBytes(f.content)
      const problem = problems[0]
      if (problem) {
        return {
          ok: false,
          message: `${f.filename}:${problem.line}:${problem.column}: ${problem.message}`,
        }
      }
      entries[f.filename] = bytes
      entries[`${CHR_TEXT_FOLDER}${f.filename}.txt`] = encodeText(f.content)
    } else {
      entries[f.filename] = encodeText(f.content, f.encoding)
    }
  }
  return { ok: true, zip: zipSync(entries, { level: 6 }) }
}

export type ZipImportResult =
  | {
      ok: true
      project: Project
      /** The main file's path. */
      main: string
      /** Paths the sources name that the zip does not hold (created as placeholders). */
      missing?: string[]
      tidied?: string[]
    }
  | { ok: false; message: string }

/**
 * What an imported archive may hold, so a small zip cannot freeze the tab or fill memory (a zip bomb). Real
 * projects fit with room to spare (the SMB3 disassembly: 855 files, 6.8 MB; a NES ROM is at most 1 MB, so no file
 * it reads is larger); the project is kept in IndexedDB (project-db.ts). Checked on the sizes the archive declares,
 * before anything is inflated; fflate never inflates past a declared size.
 */
export const ZIP_LIMITS = { fileBytes: 4 * 1024 * 1024, totalBytes: 32 * 1024 * 1024, files: 4000 }

/** Bytes of one file, bytes in all (unpacked), and files. */
export type ZipLimits = typeof ZIP_LIMITS

function listNames(names: string[]): string {
  const shown = names.slice(0, 5).join(', ')
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown
}

/**
 * A path as the studio keeps it: './' parts and doubled '/' dropped ('./x' → 'x', 'a//b' → 'a/b'); undefined when
 * it breaks the path rules (absolute, '..', a backslash, empty).
 */
function tidyPath(raw: string): string | undefined {
  if (raw.startsWith('/')) return undefined
  const checked = checkPath(
    raw
      .split('/')
      .filter((s) => s !== '' && s !== '.')
      .join('/'),
  )
  return checked.ok ? checked.path : undefined
}

type Unzipped = { ok: true; entries: Record<string, Uint8Array> } | { ok: false; message: string }

const mb = (bytes: number) => `${+(bytes / (1024 * 1024)).toFixed(1)} MB`
/** A size as exact bytes ("4,194,305 bytes"): a rounded one could equal the limit it is over. */
const bytesText = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes`

const BAD_SIZES = 'The archive is damaged: the sizes it gives do not match its contents.'

/** unzipSync within ZIP_LIMITS: refused on the declared sizes before anything big is inflated. */
function unzipWithinLimits(zip: Uint8Array, limit: ZipLimits): Unzipped {
  const { fileBytes, totalBytes, files } = limit
  const limits = `the studio takes at most ${mb(totalBytes)} unpacked in all, ${mb(fileBytes)} (${bytesText(fileBytes)}) a file and ${files} files`
  const tooLarge = (what: string): Unzipped => ({
    ok: false,
    message: `The archive is too large (${what}): ${limits}.`,
  })
  if (zip.length > totalBytes + fileBytes) return tooLarge(`${mb(zip.length)} packed`)
  let refused: Unzipped | undefined
  let total = 0
  let count = 0
  try {
    const entries = unzipSync(zip, {
      filter: (f) => {
        if (f.name.startsWith('__MACOSX/')) return false
        if (f.name.endsWith('/')) return true
        total += f.originalSize
        count += 1
        // Deflate never packs data bigger than it was (plus block overheads): a larger packed size means the
        // declared size lies, and inflating it would still take the time of the real, larger data.
        if (f.size > f.originalSize * 1.01 + 1024) refused = { ok: false, message: BAD_SIZES }
        else if (f.originalSize > fileBytes)
          refused = tooLarge(`${f.name} is ${bytesText(f.originalSize)}`)
        else if (total > totalBytes) refused = tooLarge(`more than ${mb(total)} unpacked`)
        else if (count > files) refused = tooLarge(`more than ${files} files`)
        if (refused) throw new Error('too large') // stops unzipSync before it inflates more
        return true
      },
    })
    return { ok: true, entries }
  } catch {
    return refused ?? { ok: false, message: 'The file is not a valid .zip archive.' }
  }
}

// Data NESASM projects keep next to their sources; anything else that does not look binary is text (README.md,
// build.sh, Makefile, .cfg...).
const DATA_EXTENSIONS =
  /\.(bin|nes|fds|dat|pal|nam|rle|dmc|png|gif|bmp|jpe?g|wav|ogg|mp3|zip|7z|gz)$/i

function isTextName(filename: string): boolean {
  return !DATA_EXTENSIONS.test(filename.split('/').pop() ?? filename)
}

/**
 * The CHR text for a .chr entry, or undefined to keep it binary. In order: the exported CHR text when it still gives
 * exactly these bytes (the .chr was not changed outside the studio); the file itself when it is valid CHR text;
 * the bytes converted to CHR text when they are whole tiles (a multiple of 16 bytes).
 */
function chrContent(bytes: Uint8Array, savedText: string | undefined): string | undefined {
  if (savedText !== undefined && isChrTextFor(savedText, bytes)) return savedText
  if (!looksBinary(bytes)) {
    const { text } = decodeText(bytes)
    if (chrTextToBytes(text).problems.length === 0) return text
  }
  return chrTextFromBytes(bytes)
}

function importFile(filename: string, bytes: Uint8Array, savedChrText?: string): EditorFile {
  const file: EditorFile = { id: newFileId(), filename, type: fileTypeOf(filename), content: '' }
  if (file.type === 'chr') {
    const text = chrContent(bytes, savedChrText)
    if (text === undefined) file.binary = bytes
    else file.content = text
    return file
  }
  if (looksBinary(bytes) || !isTextName(filename)) {
    file.binary = bytes
    return file
  }
  const decoded = decodeText(bytes)
  file.content = decoded.text
  if (decoded.encoding === 'latin1') file.encoding = 'latin1'
  return file
}

/** The single top folder all files share ('' when none), which the import drops. */
function commonFolder(names: string[]): string {
  const first = names[0]?.split('/')
  if (!first || first.length < 2 || names.some((n) => !n.startsWith(`${first[0]}/`))) return ''
  return first[0]!
}

/**
 * The zip names of entries whose path clashes: a path given twice, a file named like a folder (one a folder entry
 * names, or one that holds files), a file inside a file. Linear: a zip may hold thousands of files.
 */
function clashingEntries(entries: [string, string][], folders: string[]): string[] {
  const paths = new Set(entries.map(([path]) => path))
  const holders = new Set<string>()
  for (const path of [...folders, ...paths]) {
    for (const parent of parentFolders(path)) holders.add(parent)
  }
  for (const folder of folders) holders.add(folder)
  const seen = new Set<string>()
  const clashes: string[] = []
  for (const [path, zipName] of entries) {
    const isTwice = seen.has(path)
    seen.add(path)
    if (isTwice || holders.has(path) || parentFolders(path).some((p) => paths.has(p)))
      clashes.push(zipName)
  }
  return clashes
}

type ZipPaths =
  { ok: true; files: [string, string][]; tidied: string[] } | { ok: false; message: string }

/**
 * The project path of each file entry ([path, zip name]) under the studio's path rules (path-rules.ts): bad paths
 * and clashes (the same path twice, a file named like a folder, a file inside a file) refuse the import, naming
 * the entries; './' and '//' are tidied away and reported.
 */
function zipPaths(zipNames: string[]): ZipPaths {
  const bad: string[] = []
  const tidied: string[] = []
  const files: [string, string][] = []
  const dirs: string[] = []
  for (const zipName of zipNames) {
    const isDir = zipName.endsWith('/')
    const path = tidyPath(zipName)
    if (path === undefined) {
      if (
        !isDir ||
        zipName.startsWith('/') ||
        zipName.split('/').some((s) => s !== '' && s !== '.')
      )
        bad.push(zipName)
      continue
    }
    if (isDir) dirs.push(path)
    else files.push([path, zipName])
    if (!isDir && path !== zipName) tidied.push(zipName)
  }
  if (bad.length > 0)
    return {
      ok: false,
      message: `The archive has paths the studio does not allow (absolute, with '..', a backslash or an empty name): ${listNames(bad)}.`,
    }
  const top = commonFolder(files.map(([path]) => path))
  const strip = (p: string) => (top === '' ? p : p.slice(top.length + 1))
  const kept = files.map(([path, zipName]): [string, string] => [strip(path), zipName])
  const folders = dirs.filter((d) => d !== top).map(strip)
  const clashes = clashingEntries(
    kept.filter(([path]) => !path.startsWith(CHR_TEXT_FOLDER)),
    folders,
  )
  if (clashes.length > 0)
    return {
      ok: false,
      message: `The archive has names that clash (the same path twice, a file named like a folder, or a file inside a file): ${listNames(clashes)}.`,
    }
  return { ok: true, files: kept, tidied }
}

/** A cc65 project as the zip holds it: paths kept, its main file picked from its sources (cc65-project.ts). */
function cc65Project(files: EditorFile[], name: string, tidied: string[]): ZipImportResult {
  const main = pickCc65Main(files)
  if (!main) return { ok: false, message: 'The archive has no .c, .s or .asm file.' }
  return {
    ok: true,
    project: {
      name,
      toolchain: 'cc65',
      files: [{ ...main, type: 'main' }, ...files.filter((f) => f !== main)],
    },
    main: main.filename,
    ...(tidied.length > 0 ? { tidied } : {}),
  }
}

/**
 * Reads a zip into a project, keeping its layout: folders stay in file names (NESASM paths are relative to the
 * main file's folder), except a single top folder shared by all files. A .chr becomes editable CHR text when that
 * is lossless (see chrContent); other data files (.bin, an odd-sized .chr, anything that looks binary) stay as exact
 * bytes. The main file is picked where it is (pickMain). Files the sources name that the zip does not hold are
 * listed (`missing`, their paths) and added as placeholders, as the studio adds them while typing.
 */
export function zipToProject(
  zip: Uint8Array,
  name: string,
  limits: ZipLimits = ZIP_LIMITS,
): ZipImportResult {
  const unzipped = unzipWithinLimits(zip, limits)
  if (!unzipped.ok) return unzipped
  const { entries } = unzipped
  const paths = zipPaths(Object.keys(entries))
  if (!paths.ok) return paths
  const savedChrTexts = new Map<string, string>()
  const plain: [string, Uint8Array][] = []
  for (const [filename, zipName] of paths.files) {
    const bytes = entries[zipName]!
    if (!filename.startsWith(CHR_TEXT_FOLDER)) plain.push([filename, bytes])
    else if (filename.endsWith('.chr.txt')) {
      const chrName = filename.slice(CHR_TEXT_FOLDER.length, -'.txt'.length)
      savedChrTexts.set(chrName, decodeText(bytes).text)
    }
  }
  const files = plain.map(([filename, bytes]) =>
    importFile(filename, bytes, savedChrTexts.get(filename)),
  )
  if (looksLikeCc65(files)) return cc65Project(files, name, paths.tidied)
  const main = pickMain(files)
  if (!main) return { ok: false, message: 'The archive has no .asm file.' }
  const imported: Project = {
    name,
    files: [{ ...main, type: 'main' }, ...files.filter((f) => f !== main)],
  }
  const missing = missingReferences(imported).map((m) => m.path)
  return {
    ok: true,
    project: addMissingReferencedFiles(imported),
    main: main.filename,
    ...(missing.length > 0 ? { missing } : {}),
    ...(paths.tidied.length > 0 ? { tidied: paths.tidied } : {}),
  }
}
