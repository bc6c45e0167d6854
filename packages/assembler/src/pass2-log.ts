// What pass 2 did, statement by statement: for every statement that stored bytes in a ROM bank,
// the file and line it came from (a macro's lines count as their call line) and where its bytes
// went. The driver fills it; source-map.ts turns it into the public source map. No imports: the
// log is plain data, so the debug features that read it stay out of the assembler's import cycles.

/** Grows a typed array to at least `n` entries, keeping its contents. */
function grown(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  if (n <= a.length) return a
  const b = new Int32Array(Math.max(n, a.length * 2))
  b.set(a)
  return b
}

/** Statements logged by the last run: a project is usually assembled again and again. */
let sizeHint = 256

export class Pass2Log {
  /** Statements logged. */
  count = 0
  /** Index into `files` of each statement's file. */
  file = new Int32Array(sizeHint)
  /** 1-based line number in that file (the call line for a macro's statements). */
  line = new Int32Array(sizeHint)
  /** 8 KB bank of the first byte. */
  bank = new Int32Array(sizeHint)
  /** CPU address of the first byte: page * $2000 + offset in the bank, 0-$FFFF. */
  address = new Int32Array(sizeHint)
  /** Bytes the statement covers (an .incbin or .incchr may run on into the next banks). */
  size = new Int32Array(sizeHint)
  /** 1 when the statement came from a macro expansion. */
  macro = new Uint8Array(sizeHint)
  /** File keys (paths in the project's `files`), in order of first use. */
  readonly files: string[] = []
  private readonly fileIds = new Map<string, number>()
  private lastPath = ''
  private lastId = -1

  /** Logs one statement. `address` is page * $2000 + offset, `size` in bytes. */
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
    const n = this.count
    if (n === this.file.length) {
      this.file = grown(this.file, n + 1)
      this.line = grown(this.line, n + 1)
      this.bank = grown(this.bank, n + 1)
      this.address = grown(this.address, n + 1)
      this.size = grown(this.size, n + 1)
      const m = new Uint8Array(this.file.length)
      m.set(this.macro)
      this.macro = m
    }
    this.file[n] = id
    this.line[n] = line
    this.bank[n] = bank
    this.address[n] = address
    this.size[n] = size
    this.macro[n] = macro ? 1 : 0
    this.count = n + 1
  }

  /** Called when the pass is over: the next run starts with room for as many statements. */
  finish(): void {
    sizeHint = Math.min(1 << 22, Math.max(256, this.count + (this.count >> 3)))
  }

  /** ROM byte positions the statements wrote, each counted once. */
  bytesCovered(): number {
    let end = 0
    for (let i = 0; i < this.count; i++) {
      end = Math.max(
        end,
        (this.bank[i] ?? 0) * 0x2000 + ((this.address[i] ?? 0) & 0x1fff) + (this.size[i] ?? 0),
      )
    }
    const seen = new Uint8Array(end)
    for (let i = 0; i < this.count; i++) {
      const at = (this.bank[i] ?? 0) * 0x2000 + ((this.address[i] ?? 0) & 0x1fff)
      seen.fill(1, at, at + (this.size[i] ?? 0))
    }
    let n = 0
    for (let i = 0; i < end; i++) n += seen[i] ?? 0
    return n
  }
}
