// The in-memory file system a tool run sees, on @bjorn3/browser_wasi_shim: `/usr/share/cc65` holds the runtime
// files (read-only, shared by every run, where Debian's package keeps them) and `/project` the project's files.
// The root preopen records each project path a tool looks up and each it opens for writing, and project files
// are copied only when a tool writes into one without truncating it, so inputs are never changed.
import { Directory, File, PreopenDirectory, wasi } from '@bjorn3/browser_wasi_shim'
import type { Fd, Inode } from '@bjorn3/browser_wasi_shim'
import type { FileMap } from './types'

/** Where the project's root is mounted (a command's cwd is a folder below it). */
export const PROJECT_MOUNT = '/project'
/** Where the runtime files are mounted: the data directory the tools were built with (PREFIX=/usr). */
export const SHARE_MOUNT = '/usr/share/cc65'

const WRITE_RIGHT = BigInt(wasi.RIGHTS_FD_WRITE)

/** A project file handed to a run: the caller's bytes, copied before any write that keeps them. */
class ProjectFile extends File {
  constructor(bytes: Uint8Array) {
    super(new Uint8Array(0))
    this.data = bytes
  }

  override path_open(oflags: number, rights: bigint, fdFlags: number) {
    const writes = (rights & WRITE_RIGHT) === WRITE_RIGHT
    if (writes && (oflags & wasi.OFLAGS_TRUNC) === 0) this.data = this.data.slice()
    return super.path_open(oflags, rights, fdFlags)
  }
}

/** Splits a '/'-separated relative path, refusing absolute paths and '.', '..' or empty segments. */
function segmentsOf(path: string): string[] {
  const parts = path.split('/')
  if (parts.some((p) => p === '' || p === '.' || p === '..'))
    throw new Error(`Not a project path: "${path}"`)
  return parts
}

/** The folder at `parts` below `root`, made when missing. */
function folderAt(root: Map<string, Inode>, parts: string[], path: string): Map<string, Inode> {
  let here = root
  for (const part of parts) {
    let next = here.get(part)
    if (next === undefined) {
      next = new Directory(new Map())
      here.set(part, next)
    }
    if (!(next instanceof Directory)) throw new Error(`"${path}" is inside a file`)
    here = next.contents
  }
  return here
}

/** A directory tree of `files` (and the empty `dirs`); `makeFile` wraps each file's bytes. */
export function buildTree(
  files: FileMap,
  dirs: readonly string[],
  makeFile: (bytes: Uint8Array) => File,
): Directory {
  const root = new Map<string, Inode>()
  for (const dir of dirs) folderAt(root, segmentsOf(dir), dir)
  for (const [path, bytes] of Object.entries(files)) {
    const parts = segmentsOf(path)
    const name = parts.pop()!
    const folder = folderAt(root, parts, path)
    if (folder.get(name) instanceof Directory) throw new Error(`"${path}" is a folder`)
    folder.set(name, makeFile(bytes))
  }
  return new Directory(root)
}

/** The runtime files as a read-only tree, built once per toolchain. */
export function buildShareTree(files: FileMap): Directory {
  return buildTree(files, [], (bytes) => {
    const file = new File(new Uint8Array(0), { readonly: true })
    file.data = bytes
    return file
  })
}

/** Resolves a path given to the root preopen ('.' and '..' lexically, as the shim does). */
function normalize(path: string): string {
  const out: string[] = []
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') out.pop()
    else out.push(part)
  }
  return out.join('/')
}

const PROJECT_PREFIX = `${PROJECT_MOUNT.slice(1)}/`

/** The root preopen of a run, recording the project paths looked up and opened for writing. */
class RecordingRoot extends PreopenDirectory {
  readonly looked = new Set<string>()
  readonly written: string[] = []

  private projectPath(path: string): string | undefined {
    const full = normalize(path)
    return full.startsWith(PROJECT_PREFIX) ? full.slice(PROJECT_PREFIX.length) : undefined
  }

  override path_open(
    dirflags: number,
    path: string,
    oflags: number,
    rights: bigint,
    inheriting: bigint,
    fdFlags: number,
  ): { ret: number; fd_obj: Fd | null } {
    const inProject = this.projectPath(path)
    if (inProject !== undefined) {
      this.looked.add(inProject)
      const writes = (rights & WRITE_RIGHT) === WRITE_RIGHT || (oflags & wasi.OFLAGS_CREAT) !== 0
      if (writes && !this.written.includes(inProject)) this.written.push(inProject)
    }
    return super.path_open(dirflags, path, oflags, rights, inheriting, fdFlags)
  }

  override path_filestat_get(flags: number, path: string) {
    const inProject = this.projectPath(path)
    if (inProject !== undefined) this.looked.add(inProject)
    return super.path_filestat_get(flags, path)
  }
}

/** The file system of one run: `/usr/share/cc65` from `share`, `/project` from the project's files. */
export function mountRun(share: Directory, files: FileMap, dirs: readonly string[]) {
  const project = buildTree(files, dirs, (bytes) => new ProjectFile(bytes))
  const usr = new Directory(new Map([['share', new Directory(new Map([['cc65', share]]))]]))
  const root = new RecordingRoot(
    '/',
    new Map<string, Inode>([
      ['usr', usr],
      [PROJECT_MOUNT.slice(1), project],
    ]),
  )
  return { root, project }
}

/** The files of a project tree after a run, by path. */
export function filesOf(dir: Directory, prefix = '', out: Record<string, Uint8Array> = {}) {
  for (const [name, entry] of dir.contents) {
    if (entry instanceof Directory) filesOf(entry, `${prefix}${name}/`, out)
    else if (entry instanceof File) out[`${prefix}${name}`] = entry.data
  }
  return out
}

/** The folders of a project tree (every level), by path. */
export function foldersOf(dir: Directory, prefix = '', out: string[] = []): string[] {
  for (const [name, entry] of dir.contents) {
    if (!(entry instanceof Directory)) continue
    out.push(`${prefix}${name}`)
    foldersOf(entry, `${prefix}${name}/`, out)
  }
  return out
}
