// The studio's project model: a list of editor files and pure operations on it.
import { checkNewFilePath } from './path-rules'
import { CA65_MAIN, CA65_TILES, C_MAIN, NROM_CFG } from './cc65-project'
import { MAIN_FILE, MAIN_TEMPLATE, fileTypeOf, templateFor } from './templates'

/** main: the file the build assembles (main.asm in a new project); include: any other source or data file; chr: a tile sheet (.chr). */
export type FileType = 'main' | 'include' | 'chr'

/**
 * One editor file. Text files hold `content`; a file imported as binary (for example a real .chr or .bin from a
 * zip) holds its exact bytes in `binary` and is shown read-only as a hex dump. `encoding` says how a text file's
 * characters map back to bytes on export ('latin1' keeps imported non-UTF-8 files byte-exact).
 */
export interface EditorFile {
  id: string
  filename: string
  type: FileType
  content: string
  binary?: Uint8Array
  encoding?: 'utf8' | 'latin1'
  /**
   * Created by the studio because a .include/.incbin named a file the project did not have, and not edited since:
   * a build that reads it says so (its content is a template or empty, not the project's real file).
   */
  placeholder?: true
}

/** Which tools build a project: NESASM (main.asm), or the cc65 suite (ca65 assembly and C, build.sh). */
export type ToolchainKind = 'nesasm' | 'cc65'

export interface Project {
  name: string
  files: EditorFile[]
  /** The tools that build it; absent means NESASM (projects saved before cc65 projects existed). */
  toolchain?: ToolchainKind
  /** Folders made in the project tree (paths, '/'-separated); folders that hold files need no entry. */
  folders?: string[]
}

export const DEFAULT_PROJECT_NAME = 'compiled-game'

let idCounter = 0
/** A unique file id (unique within the page's lifetime; ids are not persisted meaningfully across sessions). */
export function newFileId(): string {
  idCounter += 1
  return `f${Date.now().toString(36)}-${idCounter}`
}

export function createFile(filename: string, content = templateFor(filename)): EditorFile {
  return { id: newFileId(), filename, type: fileTypeOf(filename), content }
}

/** A file marked as the project's main file (the one the build assembles). */
export function createMainFile(filename: string, content: string): EditorFile {
  return { ...createFile(filename, content), type: 'main' }
}

export function createDefaultProject(): Project {
  return { name: DEFAULT_PROJECT_NAME, files: [createMainFile(MAIN_FILE, MAIN_TEMPLATE)] }
}

/** The projects NEW PROJECT offers: NESASM's, and cc65's in ca65 assembly or in C (all NROM). */
export type ProjectTemplate = 'nesasm' | 'ca65' | 'c'

/** A new project from a template (the NESASM one is createDefaultProject's). */
export function createProjectFrom(template: ProjectTemplate): Project {
  if (template === 'nesasm') return createDefaultProject()
  const main = template === 'c' ? createFile('main.c', C_MAIN) : createFile('main.s', CA65_MAIN)
  const others =
    template === 'c' ? [] : [createFile('nrom.cfg', NROM_CFG), createFile('tiles.chr', CA65_TILES)]
  return {
    name: DEFAULT_PROJECT_NAME,
    toolchain: 'cc65',
    files: [{ ...main, type: 'main' }, ...others],
  }
}

export type AddFileResult =
  | { ok: true; project: Project; file: EditorFile }
  | { ok: false; reason: 'blank' | 'exists' | 'invalid' | 'folder' | 'in-file' }

/**
 * Adds a file with `content`, or its template. Names are trimmed; blank names, duplicates, names that are not plain relative
 * paths (see normalizePath), names of folders and paths inside a file are refused.
 */
export function addFile(project: Project, rawName: string, content?: string): AddFileResult {
  const checked = checkNewFilePath(project, rawName)
  if (!checked.ok)
    return { ok: false, reason: checked.reason === 'main' ? 'invalid' : checked.reason }
  const file = createFile(checked.path, content ?? templateFor(checked.path))
  return { ok: true, project: { ...project, files: [...project.files, file] }, file }
}

/** Removes a file by id; the main file is never removed. */
export function removeFile(project: Project, id: string): Project {
  const file = project.files.find((f) => f.id === id)
  if (!file || file.type === 'main') return project
  return { ...project, files: project.files.filter((f) => f.id !== id) }
}

/** The file's text is now `content` (binary files keep their bytes); an edited placeholder is the user's file. */
export function updateContent(project: Project, id: string, content: string): Project {
  return {
    ...project,
    files: project.files.map((f) => (f.id === id && !f.binary ? withContent(f, content) : f)),
  }
}

/** The file with new text, no longer a placeholder. */
export function withContent(file: EditorFile, content: string): EditorFile {
  const { placeholder: _, ...rest } = file
  return { ...rest, content }
}

/** Whether a file can be the main file: a text source (not CHR text, not binary). */
export function canBeMain(file: EditorFile): boolean {
  return !file.binary && file.type !== 'chr'
}

/** Makes `id` the main file (a text source); the previous main file becomes an include. */
export function setMainFile(project: Project, id: string): Project {
  const next = project.files.find((f) => f.id === id)
  if (!next || next.type === 'main' || !canBeMain(next)) return project
  const files = project.files.map((f): EditorFile => {
    if (f.id === id) return { ...f, type: 'main' }
    return f.type === 'main' ? { ...f, type: fileTypeOf(f.filename) } : f
  })
  return { ...project, files }
}

export function findFile(project: Project, filename: string): EditorFile | undefined {
  return project.files.find((f) => f.filename === filename)
}

/** The tools that build `project`. */
export function toolchainOf(project: Project): ToolchainKind {
  return project.toolchain ?? 'nesasm'
}

export function mainFile(project: Project): EditorFile | undefined {
  return project.files.find((f) => f.type === 'main')
}
