// What pass 2 did, statement by statement: for every statement that stored bytes in a ROM bank,
// the file and line it came from (a macro's lines count as their call line) and where its bytes
// went. The driver fills it; source-map.ts turns it into the public source map. No imports: the
// log is plain data, so the debug features that read it stay out of the assembler's import cycles.

/** Fields of one statement in a chunk. */
const FILE = 0
const LINE = 1
const BANK = 2
const ADDRESS = 3
const SIZE = 4
const MACRO = 5
const FIELDS = 6
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

  /**
   * Logs one statement: its file key, 1-based line, bank, CPU address of its first byte
   * (page * $2000 + offset in the bank), size in bytes, and whether a macro expansion made it.
   */
  add(
    path: string,
    line: number,
    bank: number,
    address: number,
    size: number,
    macro: boolean,
  ): void {
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
    this.at = at + FIELDS
    this.count++
  }

  /** Calls `fn` for each statement, in the order they were logged (the object is reused). */
  forEach(fn: (s: LoggedStatement, index: number) => void): void {
    const s: LoggedStatement = { file: 0, line: 0, bank: 0, address: 0, size: 0, macro: false }
    let i = 0
    for (const c of this.chunks) {
      for (let at = 0; at < c.length && i < this.count; at += FIELDS) {
        s.file = c[at + FILE] ?? 0
        s.line = c[at + LINE] ?? 0
        s.bank = c[at + BANK] ?? 0
        s.address = c[at + ADDRESS] ?? 0
        s.size = c[at + SIZE] ?? 0
        s.macro = c[at + MACRO] === 1
        fn(s, i++)
      }
    }
  }
}
