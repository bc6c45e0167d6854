// The files a cc65 build works on (a copy of the project's: what the build writes never reaches the saved
// project), the folder it is in, and the shell built-ins build.sh may use on them (cd, mkdir, rm with patterns),
// answering as bash and GNU coreutils do.

/** Paths are project paths: relative to the root, '/'-separated, no '.' or '..'. */
export class BuildFs {
  /** The current folder ('' is the project root). */
  cwd = ''
  private readonly folders: Set<string>

  constructor(
    public files: Record<string, Uint8Array>,
    folders: Iterable<string> = [],
  ) {
    this.folders = new Set(folders)
  }

  /** Every folder: made ones and those holding files, with their parents. */
  dirs(): string[] {
    const all = new Set<string>()
    const addWithParents = (path: string) => {
      const parts = path.split('/')
      for (let i = 1; i <= parts.length; i += 1) all.add(parts.slice(0, i).join('/'))
    }
    for (const folder of this.folders) addWithParents(folder)
    for (const file of Object.keys(this.files)) {
      const slash = file.lastIndexOf('/')
      if (slash > 0) addWithParents(file.slice(0, slash))
    }
    return [...all]
  }

  isDir(path: string): boolean {
    if (path === '') return true
    if (this.folders.has(path)) return true
    const prefix = `${path}/`
    return (
      [...this.folders].some((f) => f.startsWith(prefix)) ||
      Object.keys(this.files).some((f) => f.startsWith(prefix))
    )
  }

  /** `arg` (relative to the current folder) as a project path; undefined when absolute or outside the project. */
  resolve(arg: string, from = this.cwd): string | undefined {
    if (arg.startsWith('/')) return undefined
    const parts = from === '' ? [] : from.split('/')
    for (const part of arg.split('/')) {
      if (part === '' || part === '.') continue
      if (part === '..') {
        if (parts.length === 0) return undefined
        parts.pop()
      } else parts.push(part)
    }
    return parts.join('/')
  }

  /** bash's `cd`: an error message, or undefined when it moved. */
  cd(arg: string | undefined): string | undefined {
    if (arg === undefined) return 'cd: a folder is needed (cd DIR)'
    const path = this.resolve(arg)
    if (path === undefined) return `cd: ${arg}: outside the project`
    if (path in this.files) return `cd: ${arg}: Not a directory`
    if (!this.isDir(path)) return `cd: ${arg}: No such file or directory`
    this.cwd = path
    return undefined
  }

  /** GNU mkdir (with -p: parents made, an existing folder is fine). Error messages, one per failed folder. */
  mkdir(args: readonly string[], parents: boolean): string[] {
    const errors: string[] = []
    for (const arg of args) {
      const path = this.resolve(arg)
      const parent = path?.includes('/') ? path.slice(0, path.lastIndexOf('/')) : ''
      if (path === undefined || path === '') {
        if (!parents || path === undefined)
          errors.push(`mkdir: cannot create directory '${arg}': outside the project`)
      } else if (path in this.files) {
        errors.push(`mkdir: cannot create directory '${arg}': File exists`)
      } else if (this.isDir(path)) {
        if (!parents) errors.push(`mkdir: cannot create directory '${arg}': File exists`)
      } else if (!parents && !this.isDir(parent)) {
        errors.push(`mkdir: cannot create directory '${arg}': No such file or directory`)
      } else this.folders.add(path)
    }
    return errors
  }

  /** GNU rm: removes files (folders with `recursive`); error messages for what it could not remove. */
  rm(args: readonly string[], force: boolean, recursive: boolean): string[] {
    const errors: string[] = []
    for (const arg of args) {
      const path = this.resolve(arg)
      if (path === undefined || path === '') {
        errors.push(`rm: refusing to remove '${arg}': outside the project`)
      } else if (path in this.files) {
        delete this.files[path]
      } else if (this.isDir(path)) {
        if (!recursive) errors.push(`rm: cannot remove '${arg}': Is a directory`)
        else this.removeFolder(path)
      } else if (!force) {
        errors.push(`rm: cannot remove '${arg}': No such file or directory`)
      }
    }
    return errors
  }

  private removeFolder(path: string): void {
    const prefix = `${path}/`
    for (const file of Object.keys(this.files)) if (file.startsWith(prefix)) delete this.files[file]
    for (const folder of [...this.folders])
      if (folder === path || folder.startsWith(prefix)) this.folders.delete(folder)
  }

  /**
   * A word with `*`, `?` or `[...]` expanded as bash does (names sorted in byte order, a leading '.' only matched
   * by a pattern that starts with '.'), as written relative to the current folder; the word itself when nothing
   * matches.
   */
  expand(pattern: string): string[] {
    let matches = ['']
    for (const segment of pattern.split('/')) {
      const next: string[] = []
      for (const base of matches) {
        if (!/[*?[]/.test(segment)) {
          next.push(base === '' ? segment : `${base}/${segment}`)
          continue
        }
        const folder = this.resolve(base === '' ? '.' : base)
        if (folder === undefined) continue
        const regex = globRegExp(segment)
        for (const name of this.namesIn(folder).sort())
          if (regex.test(name)) next.push(base === '' ? name : `${base}/${name}`)
      }
      matches = next
    }
    const found = matches.filter((m) => this.resolve(m) !== undefined && this.exists(m))
    return found.length > 0 ? found : [pattern]
  }

  private exists(arg: string): boolean {
    const path = this.resolve(arg)
    return path !== undefined && (path in this.files || this.isDir(path))
  }

  /** The names directly inside `folder`. */
  private namesIn(folder: string): string[] {
    const prefix = folder === '' ? '' : `${folder}/`
    const names = new Set<string>()
    for (const path of [...Object.keys(this.files), ...this.dirs()]) {
      if (!path.startsWith(prefix) || path === folder) continue
      names.add(path.slice(prefix.length).split('/')[0]!)
    }
    return [...names]
  }
}

/** A glob segment as a whole-name regular expression. */
function globRegExp(segment: string): RegExp {
  let source = segment.startsWith('.') ? '' : '(?!\\.)'
  for (let i = 0; i < segment.length; i += 1) {
    const ch = segment[i]!
    if (ch === '*') source += '[^/]*'
    else if (ch === '?') source += '[^/]'
    else if (ch === '[') {
      const close = segment.indexOf(']', i + 2)
      if (close < 0) source += '\\['
      else {
        const body = segment
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')
        source += `[${body}]`
        i = close
      }
    } else source += ch.replace(/[.+^${}()|\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}
