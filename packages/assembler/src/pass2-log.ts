// What pass 2 did, statement by statement: for every statement that stored bytes in a ROM bank,
// the file and line it came from (a macro's lines count as their call line), the macro-body lines
// it was expanded from, and where its bytes went. The driver fills it; source-map.ts turns it into the public source map. No imports: the
// log is plain data, so the debug features that read it stay out of the assembler's import cycles.

/** Fields of one statement in a chunk. */
const FILE = 0
const LINE = 1
const BANK = 2
const ADDRESS = 3
const SIZE = 4
const MACRO = 5
/** Index in `origins` of the statement's macro-body lines, -1 for none. */
const ORIGIN = 6
const FIELDS = 7
/** Statements per chunk: chunks are added, never copied, as the log grows. */
const CHUNK = 4096

/** One logged statement (see the fields of SourceMapEntry). */
export interface LoggedStatement {
  file: number
  line: number
  bank: number
  address: number
  size: number
  macro: boolean
  /** Handle of its macro-body lines (see Pass2Log.originLines), -1 for none. */
  origin: number
}

export class Pass2Log {
  /** Statements logged. */
  count = 0
  /** File keys (paths in the project's `files`), in order of first use. */
  readonly files: string[] = []
  private readonly chunks: Int32Array[] = []
  private chunk = new Int32Array(0)
  private at = 0
  private readonly fileIds = new Map<string, number>()
  private lastPath = ''
  private lastId = -1
  /** Macro-body lines of statements: a count n, then n (file id, line) pairs, innermost macro first. */
  private readonly origins: number[] = []
  /** The next statement's macro-body lines, until it is logged. */
  private readonly pendingPaths: string[] = []
  private readonly pendingLines: number[] = []

  /** Id of a file key (its index in `files`, added on first use). */
  private fileId(path: string): number {
    let id = this.lastId
    if (path !== this.lastPath || id < 0) {
      id = this.fileIds.get(path) ?? -1
      if (id < 0) {
        id = this.files.length
        this.files.push(path)
        this.fileIds.set(path, id)
      }
      this.lastPath = path
      this.lastId = id
    }
    return id
  }

  /**
   * Adds a macro-body line (file key, 1-based line) to the next statement logged: first the line
   * of the innermost macro's body that made it, then the line of each enclosing macro's body that
   * called the macro inside it.
   */
  addOriginLine(path: string, line: number): void {
    this.pendingPaths.push(path)
    this.pendingLines.push(line)
  }

  /** Stores the pending macro-body lines (after the statement's own file got its id); -1 for none. */
  private takeOrigin(): number {
    const n = this.pendingPaths.length
    if (n === 0) return -1
    const o = this.origins
    const at = o.length
    o.push(n)
    for (let i = 0; i < n; i++)
      o.push(this.fileId(this.pendingPaths[i] ?? ''), this.pendingLines[i] ?? 0)
    this.pendingPaths.length = 0
    this.pendingLines.length = 0
    return at
  }

  /** Calls `fn` with each macro-body line of a statement's `origin` (file id, 1-based line), innermost first. */
  originLines(origin: number, fn: (file: number, line: number) => void): void {
    const o = this.origins
    if (origin < 0) return
    const n = o[origin] ?? 0
    for (let i = 0; i < n; i++) fn(o[origin + 1 + 2 * i] ?? 0, o[origin + 2 + 2 * i] ?? 0)
  }

  /**
   * Logs one statement: its file key, 1-based line, bank, CPU address of its first byte
   * (page * $2000 + offset in the bank), size in bytes, and whether a macro expansion made it;
   * the macro-body lines added since the last statement (addOriginLine) are its own.
   */
  add(
    path: string,
    line: number,
    bank: number,
    address: number,
    size: number,
    macro: boolean,
  ): void {
    const id = this.fileId(path)
    const origin = this.takeOrigin()
    let c = this.chunk
    let at = this.at
    if (at === c.length) {
      c = this.chunk = new Int32Array(CHUNK * FIELDS)
      this.chunks.push(c)
      at = 0
    }
    c[at + FILE] = id
    c[at + LINE] = line
    c[at + BANK] = bank
    c[at + ADDRESS] = address
    c[at + SIZE] = size
    c[at + MACRO] = macro ? 1 : 0
    c[at + ORIGIN] = origin
    this.at = at + FIELDS
    this.count++
  }

  /** Calls `fn` for each statement, in the order they were logged (the object is reused). */
  forEach(fn: (s: LoggedStatement, index: number) => void): void {
    const s: LoggedStatement = {
      file: 0,
      line: 0,
      bank: 0,
      address: 0,
      size: 0,
      macro: false,
      origin: -1,
    }
    let i = 0
    for (const c of this.chunks) {
      for (let at = 0; at < c.length && i < this.count; at += FIELDS) {
        s.file = c[at + FILE] ?? 0
        s.line = c[at + LINE] ?? 0
        s.bank = c[at + BANK] ?? 0
        s.address = c[at + ADDRESS] ?? 0
        s.size = c[at + SIZE] ?? 0
        s.macro = c[at + MACRO] === 1
        s.origin = c[at + ORIGIN] ?? -1
        fn(s, i++)
      }
    }
  }
}
