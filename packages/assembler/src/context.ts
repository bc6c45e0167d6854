// The assembler state shared by every phase (NESASM keeps it in globals): location counters, banks,
// the ROM image, the current line buffer, the input-file stack, macro/function/conditional state,
// and the error/listing primitives (error, loadlc, println, putbyte) that mirror NESASM's output.
import type { Diagnostic, DiagnosticCode, FileRead, SourceSpan } from './diagnostics'
import { codeForMessage } from './diagnostics'
import type { DecodeSlots } from './decode'
import { DecodeCache } from './decode'
import type { Line, SourceFile } from './source'
import { latin1, lineText, statementSpan } from './source'
import type { Sym } from './symbols'
import type { ProcState } from './proc'
import { newProcState } from './proc'
import { LinePrefix } from './prefix'
import { Pass2Log } from './pass2-log'
import { MacroArgs } from './macro-args'
import { RESERVED_BANK, SymbolTable } from './symbols'
import type { RomBuffers } from './rom-image'
import {
  BANK_SIZE,
  DS_MARK,
  MAX_BANKS,
  fillRomBuffers,
  releaseRomBuffers,
  takeRomBuffers,
} from './rom-image'

/** At most this many warnings of one code are reported per assembly. */
export const WARNINGS_PER_CODE = 50

export interface MacroDef {
  name: string
  /** Body lines, each a line buffer ending with its NUL. */
  lines: Line[]
  /** Their decode slots (made at the first call, when the body is complete). */
  decode: DecodeSlots | null
  /** Position in Asm.macroList. */
  index: number
  /** Key of the file that defines it, and the 1-based lines of its `.macro` and `.endm` (0 until read). */
  file: string
  line: number
  endLine: number
  /** The 1-based line in `file` of each body line; filled only when logging for the source map. */
  lineNos: number[]
}

export interface FuncDef {
  name: string
  /** The body text followed by a NUL. */
  body: Line
}

export interface InputFile {
  src: SourceFile
  /** Index of the next line to read. */
  next: number
  /** Line number saved when an include is opened (NESASM's lnum). */
  lnum: number
  ifLevel: number
  /** Decode slots of the file's lines (null: none). */
  decode: DecodeSlots | null
}

/** Options after defaults. */
export interface ResolvedOptions {
  listLevel: number
  mlist: boolean
  raw: boolean
  /** List every line, as if `.list` were in effect from the first line. */
  forceListing?: boolean
  /** Lines allowed per pass (default 5 million). */
  maxLines?: number
  /** Line decode slots one run may use (see decode.ts; tests set 0 to decode every line every time). */
  maxDecodeSlots?: number
  /**
   * Keep split source files for the next run (default true: a project is usually assembled again;
   * a one-shot run such as the CLI saves the checksum that guards the reuse).
   */
  reuseSplits?: boolean
  /** Log pass 2's statements for the source map (default false: most builds need no map). */
  sourceMap?: boolean
}

/** Symbol table size of the last run: a project is usually assembled again and again. */
let symbolTableHint = 1024

const SPACES_26 = '                          '
/** A line buffer holding only the NUL. */
export const EMPTY_LINE: Line = new Uint8Array(1)

export class Asm {
  // ---- configuration and outputs
  /** NESASM's stdout, error reports included. */
  readonly out: string[] = []
  /** The same without the error reports (what the CLI prints, as errors go to stderr in our format). */
  readonly progress: string[] = []
  readonly diagnostics: Diagnostic[] = []
  /** The files `.include`/`.incbin`/`.incchr` read, by key, each with the first statement that read it. */
  readonly filesRead = new Map<string, FileRead>()
  listing: string[] | null = null
  errcnt = 0
  stopPass = false
  pass = 0
  /** Budget of lines per pass, so pathological macro fan-out cannot run forever. */
  lineBudget = 0

  // ---- ROM image
  readonly rom: Uint8Array
  readonly map: Uint8Array
  maxBank = 0
  /** Set when a byte is stored over an earlier one in this pass (for the overwrite warning). */
  overwrote = false
  /** Counts stores into ROM banks (a statement that changed it stored bytes: see Pass2Log). */
  romStores = 0
  /** Pass 2's statements that stored bytes, with their file, line and location. */
  readonly pass2Log = new Pass2Log()
  /** Symbols named by `.rs` (pass 2), which a debugger shows as variables. */
  readonly rsSymbols = new Set<Sym>()

  // ---- location
  bank = 0
  page = 7
  loccnt = 0
  section = 2
  readonly sectionBank = new Int32Array(4)
  readonly bankLoccnt = new Int32Array(4 * 256)
  readonly bankPage = new Int32Array(4 * 256)
  readonly bankGlabl: (Sym | null)[] = new Array<Sym | null>(4 * 256).fill(null)
  readonly bankName: string[] = new Array<string>(MAX_BANKS).fill('')
  /** Highest `.zp` address reserved + 1; NESASM starts it at 1, so one byte at $00 looks unused. */
  maxZp = 1
  maxBss = 0x201
  rsbase = 0
  dataLoccnt = -1
  dataSize = 3
  dataLevel = 1

  // ---- header
  inesPrg = 0
  inesChr = 0
  inesMap0 = 0
  inesMap1 = 0

  // ---- options that .opt/.list change
  optList = false
  optMacro = false
  optWarn = false
  xlist = false
  xlistPass1 = false

  // ---- symbols
  readonly symbols = new SymbolTable(symbolTableHint)
  glabl: Sym | null = null
  lablptr: Sym | null = null
  lastlabl: Sym | null = null

  // ---- expression results
  value = 0
  undef = 0
  exprLablptr: Sym | null = null
  exprLablcnt = 0
  ifExpr = false

  // ---- current line
  /** The line buffer: latin1 bytes followed by a NUL (reads past the end give undefined, taken as 0). */
  ln: Line = EMPTY_LINE
  /** Decode slots of the array the line was read from (null: not a stored line), its index there, and how many leading characters are the same on every read. */
  lnDecode: DecodeSlots | null = null
  lnIdx = 0
  lnStable = 0
  readonly decodes: DecodeCache
  ip = 0
  readonly prefix = new LinePrefix()
  continued = 0
  tmpln = ''
  /** Column (0-based, in the expanded line) used for diagnostics of the current statement. */
  stmtCol = 0
  /** Column (0-based) of the line's label, for label diagnostics. */
  labelCol = 0
  /** Keys of warnings reported once (zero-page symbol names, overwritten banks). */
  readonly warnedOnce = new Set<string>()
  /** Warnings raised per code (shown or not). */
  readonly warningCounts = new Map<DiagnosticCode, number>()
  /** Where the first warning not shown of each code is. */
  readonly firstSuppressed = new Map<DiagnosticCode, SourceSpan>()
  /** Column (0-based) of the operation word. */
  opCol = 0

  // ---- input files
  readonly inputs: InputFile[] = []
  infileNum = 0
  slnum = 0
  infileError = -1
  readonly sources = new Map<string, SourceFile>()

  // ---- macros
  readonly macros = new Map<string, MacroDef>()
  /** The macros in order of definition (MacroDef.index). */
  readonly macroList: MacroDef[] = []
  /** Marks first character * 64 + length of each macro name (a quick filter for macro look-up). */
  readonly macroKeys = new Uint8Array(256 * 64)
  /** Marks the first character of each macro name (checked before scanning the word at all). */
  readonly macroFirst = new Uint8Array(256)
  inMacro = false
  defining: MacroDef | null = null
  expandMacro = false
  midx = 0
  readonly margs = new MacroArgs()
  mlLines: Line[] | null = null
  /** Decode slots of `mlLines`. */
  mlDecode: DecodeSlots | null = null
  mlIdx = 0
  readonly mstackLines: (Line[] | null)[] = new Array<Line[] | null>(9).fill(null)
  readonly mstackDecode: (DecodeSlots | null)[] = new Array<DecodeSlots | null>(9).fill(null)
  readonly mstackIdx = new Int32Array(9)
  readonly mcntstack = new Int32Array(9)
  mcounter = 0
  mcntmax = 0
  /** Column of the outermost macro call being expanded (for diagnostics). */
  callCol = 0
  callName = ''

  // ---- procs
  readonly procs: ProcState = newProcState()

  // ---- functions
  readonly funcs = new Map<string, FuncDef>()
  readonly funcArgs: string[][] = Array.from({ length: 9 }, () => new Array<string>(9).fill(''))
  funcIdx = 0

  // ---- conditionals
  inIf = false
  ifLevel = 0
  readonly ifState = new Uint8Array(257)
  readonly ifFlag = new Uint8Array(257)
  /** Where each open `.if` level was opened (for the note on an unclosed `.if`). */
  readonly ifOpenedAt: (SourceSpan | null)[] = new Array<SourceSpan | null>(257).fill(null)
  /** Where the macro being defined starts. */
  macroOpenedAt: SourceSpan | null = null
  skipLines = false

  constructor(
    readonly files: Record<string, Uint8Array>,
    readonly mainName: string,
    readonly opts: ResolvedOptions,
  ) {
    this.decodes = new DecodeCache(opts.maxDecodeSlots)
    this.romBuffers = takeRomBuffers()
    this.rom = this.romBuffers.rom
    this.map = this.romBuffers.map
  }

  /** The buffers `rom` and `map` belong to (see rom-image.ts). */
  private readonly romBuffers: RomBuffers

  /** Fills the ROM and map with $FF up to `end` (bytes, rounded up to a bank). */
  fillTo(end: number): void {
    if (end > this.romBuffers.filledEnd) fillRomBuffers(this.romBuffers, end)
  }

  /** Returns the ROM buffers to the pool once the outputs are built (see rom-image.ts). */
  release(): void {
    symbolTableHint = Math.min(1 << 20, Math.max(1024, this.symbols.capacity))
    releaseRomBuffers(this.romBuffers, this.maxBank)
  }

  // ---------------------------------------------------------------- line prefix (listing columns 1-26)

  /** Starts a new line buffer (NESASM readline fills the prefix with blanks and the line number). */
  resetPrefix(lineNo: number): void {
    this.prefix.reset(lineNo)
  }

  /** clearln(): blanks the prefix and empties the text. */
  clearln(): void {
    this.prefix.clear()
    this.ln = EMPTY_LINE
  }

  /** loadlc(): writes `BB:AAAA` at column 8 (pos 0) or a 4-digit value at column 17 (pos 1). */
  loadlc(offset: number, pos: 0 | 1): void {
    // without a listing the prefix is read only by an error report: write it then
    const later = this.listing === null
    if (pos === 0 && this.bank < RESERVED_BANK) offset += this.page << 13
    this.prefix.loadlc(offset, pos, this.bank, later)
  }

  /** Saves the first line of a continued statement (the backslash shown as `...`). */
  saveContinuation(bsPos: number): void {
    this.prefix.save()
    this.tmpln = latin1(this.ln, 0, bsPos) + '...'
  }

  /** The full buffer as NESASM prints it: 26 prefix columns plus the text up to the NUL. */
  lineString(): string {
    return this.prefix.text() + lineText(this.ln)
  }

  // ---------------------------------------------------------------- listing

  /** println(): writes the current line (and the bytes it produced) to the listing. */
  println(): void {
    const lst = this.listing
    if (lst === null || this.opts.listLevel === 0) return
    if (!this.xlist || !this.optList || (this.expandMacro && !this.optMacro)) return
    let text = lineText(this.ln)
    const pfx = this.prefix
    if (this.continued) {
      text = this.tmpln
      pfx.restore()
    }
    if (this.dataLoccnt === -1) {
      lst.push(pfx.text() + text)
      return
    }
    let dl = this.dataLoccnt
    this.loadlc(dl, 0)
    const nb = this.loccnt - dl
    if (this.dataLevel > this.opts.listLevel && nb > 3) {
      lst.push(pfx.text() + text)
      return
    }
    let cnt = 0
    const base = this.bank * BANK_SIZE
    this.fillTo(base + this.loccnt)
    const noBank = this.bank >= RESERVED_BANK
    for (let i = 0; i < nb; i++) {
      pfx.putByte(cnt, this.rom[base + dl] ?? 0xff, noBank)
      dl++
      cnt++
      if (cnt === this.dataSize) {
        cnt = 0
        lst.push(pfx.text() + text)
        text = ''
        pfx.clear()
        this.loadlc(dl, 0)
      }
    }
    if (cnt) lst.push(pfx.text() + text)
  }

  /** Writes a `#[n]   name` line to the listing (pass 2, listing on). */
  listFileHeader(): void {
    if (this.listing !== null && this.xlist && this.opts.listLevel) {
      const f = this.inputs[this.infileNum]
      if (f) this.listing.push(`#[${this.infileNum}]   ${f.src.name}`)
    }
  }

  // ---------------------------------------------------------------- ROM

  putbyte(offset: number, data: number): void {
    if (this.bank >= RESERVED_BANK) return
    if (offset < BANK_SIZE && offset >= 0) {
      const p = this.bank * BANK_SIZE + offset
      if (p >= this.romBuffers.filledEnd) this.fillTo(p + 1)
      if (((this.map[p] ?? 0xff) & DS_MARK) === 0) this.overwrote = true
      this.romStores++
      this.rom[p] = data & 0xff
      this.map[p] = this.section + (this.page << 5)
      if (this.bank > this.maxBank) this.maxBank = this.bank
    }
  }

  putword(offset: number, data: number): void {
    if (this.bank >= RESERVED_BANK) return
    if (offset < BANK_SIZE - 1 && offset >= 0) {
      const p = this.bank * BANK_SIZE + offset
      if (p + 1 >= this.romBuffers.filledEnd) this.fillTo(p + 2)
      if (((this.map[p] ?? 0xff) & (this.map[p + 1] ?? 0xff) & DS_MARK) === 0) this.overwrote = true
      this.romStores++
      this.rom[p] = data & 0xff
      this.rom[p + 1] = (data >> 8) & 0xff
      const m = this.section + (this.page << 5)
      this.map[p] = m
      this.map[p + 1] = m
      if (this.bank > this.maxBank) this.maxBank = this.bank
    }
  }

  // ---------------------------------------------------------------- diagnostics

  /** Records that a directive read `key` (the first statement to read a file is kept). */
  noteRead(key: string, directive: FileRead['directive'], span = this.span(this.stmtCol)): void {
    if (!this.filesRead.has(key)) this.filesRead.set(key, { file: key, directive, span })
  }

  /** The location of the statement being assembled, for diagnostics. */
  span(col: number): SourceSpan {
    const f = this.inputs[this.infileNum]
    if (!f) return { file: this.mainName, offset: 0, length: 0, line: 1, column: 1 }
    return statementSpan(f.src, this.slnum, this.expandMacro ? this.callCol : col)
  }

  /** NESASM's warning(): prints the file header, the line with its location, and the message. */
  private report(msg: string): void {
    this.prefix.writeLineNumber(this.slnum)
    if (this.infileError !== this.infileNum) {
      this.infileError = this.infileNum
      const f = this.inputs[this.infileNum]
      this.out.push(`#[${this.infileNum}]   ${f ? f.src.name : this.mainName}\n`)
    }
    this.loadlc(this.loccnt, 0)
    this.out.push(this.lineString() + '\n', `       ${msg}\n`)
  }

  /** error(): reports an error with NESASM's exact message and counts it. */
  /**
   * error(): reports an error. stdout gets NESASM's exact message; the diagnostic gets `detail`
   * when given (a clearer message with the values involved).
   */
  error(msg: string, col = this.stmtCol, detail?: string): void {
    this.report(msg)
    this.errcnt++
    this.addDiagnostic('error', codeForMessage(msg), detail ?? msg.replace(/!$/, ''), col)
  }

  fatal(msg: string, col = this.stmtCol, detail?: string): void {
    this.error(msg, col, detail)
    this.stopPass = true
  }

  /** NESASM's own warning (bank overflow with `.opt w+`): printed, not counted. */
  nesasmWarning(msg: string): void {
    this.report(msg)
    this.addDiagnostic('warning', 'BankOverflowWarning', msg.replace(/!\n?$/, ''), this.stmtCol)
  }

  addDiagnostic(
    severity: Diagnostic['severity'],
    code: DiagnosticCode,
    message: string,
    col: number,
  ): void {
    if (this.diagnostics.length >= 1000) return
    const d: Diagnostic = { severity, code, message, span: this.span(col) }
    if (this.expandMacro && this.callName) {
      d.notes = [{ message: `in expansion of macro '${this.callName}'` }]
    }
    this.diagnostics.push(d)
  }

  /** Adds a note (with a location) to the last diagnostic. */
  noteLast(message: string, span: SourceSpan | null): void {
    const d = this.diagnostics[this.diagnostics.length - 1]
    if (!d || span === null) return
    ;(d.notes ??= []).push({ message, span })
  }

  /**
   * Our own warnings (pass 2 only, never counted as errors, never printed in NESASM's stdout), at
   * most WARNINGS_PER_CODE of each code; the rest are counted for one summary (see summarizeWarnings).
   */
  warn(code: DiagnosticCode, message: string, col = this.stmtCol): void {
    if (this.pass !== 1) return
    const n = this.warningCounts.get(code) ?? 0
    this.warningCounts.set(code, n + 1)
    if (n < WARNINGS_PER_CODE) this.addDiagnostic('warning', code, message, col)
    else if (n === WARNINGS_PER_CODE) this.firstSuppressed.set(code, this.span(col))
  }

  /** Adds one info per warning code that went over the limit, saying how many were not shown. */
  summarizeWarnings(): void {
    for (const [code, n] of this.warningCounts) {
      const span = this.firstSuppressed.get(code)
      if (n <= WARNINGS_PER_CODE || !span) continue
      const more = n - WARNINGS_PER_CODE
      this.diagnostics.push({
        severity: 'info',
        code,
        message: `${more} more ${code} warning${more === 1 ? '' : 's'} not shown (only the first ${WARNINGS_PER_CODE} are reported); the next one is here`,
        span,
      })
    }
  }

  static readonly PREFIX_BLANK = SPACES_26
}
