// The source map and the label list of an assembly, for debuggers: built on demand from what
// pass 2 logged (Pass2Log) and from the symbol table, never from the listing text. It only reads
// the assembler's results, so it stays out of the assembler's import cycles.
import { Pass2Log } from './pass2-log'
import type { Sym } from './symbols'
import { DEFABS, RESERVED_BANK } from './symbols'

const BANK_SIZE = 0x2000

/** A place in the source: a file key and a 1-based line. */
export interface SourceLine {
  /** The file's key in the project's `files`. */
  file: string
  /** Line in that file, 1-based. */
  line: number
}

/** One statement that stored bytes in the ROM: where it is in the source and where its bytes went. */
export interface SourceMapEntry {
  /** The file's key in the project's `files`. */
  file: string
  /** Line in that file, 1-based. A macro's statements carry the line of the (outermost) call. */
  line: number
  /** NESASM's 8 KB bank (0-127) holding the first byte. */
  bank: number
  /** CPU address of the first byte, 0-$FFFF: page * $2000 + offset in the bank (as NESASM's labels). */
  address: number
  /** Byte offset of the first byte in the ROM without the 16-byte iNES header: bank * $2000 + (address & $1FFF). */
  romOffset: number
  /** Bytes stored (at least 1; an .incbin may run on into the next banks). */
  size: number
  /** True when the statement came from a macro expansion (the line is the call line). */
  macro: boolean
  /**
   * For a macro's statement: the macro-body lines it came from, innermost macro first. `[0]` is
   * the line of the macro definition (between `.macro` and `.endm`) that made it; with nested
   * macros, `[1]` is the line of the enclosing macro's body that called that macro, and so on out
   * to the outermost macro's body (whose call is `file`/`line`). Absent for other statements.
   */
  macroLines?: readonly SourceLine[]
}

/** line -> (bank, address) and (bank, address) -> line for every file that produced bytes. */
export interface SourceMap {
  /** Keys of the files that produced bytes or hold macro-body lines that did, in order of first use. */
  readonly files: readonly string[]
  /** Every statement that stored bytes, in pass-2 order. */
  readonly entries: readonly SourceMapEntry[]
  /**
   * The statements of one line, in pass-2 order; empty for a line without bytes. A macro call line
   * has those of its expansion; a line of a macro body has those it made in every expansion of
   * the macro (each call), also through a nested macro called on that line.
   */
  lineEntries(file: string, line: number): readonly SourceMapEntry[]
  /**
   * The statement whose bytes cover `address` (CPU address, 0-$FFFF; only `address & $1FFF`, the
   * offset in the bank, is used) in `bank`; the last one assembled there when bytes were overwritten.
   */
  entryAt(bank: number, address: number): SourceMapEntry | undefined
  /** The same by byte offset in the ROM without its header (bank * $2000 + offset in the bank). */
  entryAtRomOffset(romOffset: number): SourceMapEntry | undefined
}

/**
 * What a label is: `rom` a label defined by address in `.code`/`.data` (it has a bank), `ram` a
 * label in `.zp`/`.bss`, `variable` a name reserved with `.rs` (usually a RAM variable),
 * `constant` a value from `=`/`.equ`.
 */
export type DebugLabelKind = 'rom' | 'ram' | 'variable' | 'constant'

export interface DebugLabel {
  /** The name (31 significant characters, as NESASM keeps it). */
  name: string
  /** The value: a CPU address (0-$FFFF) for labels, any 32-bit value for constants. */
  value: number
  kind: DebugLabelKind
  /** Bank (0-127) of a `rom` label. */
  bank?: number
  /** The global label a local `.name` belongs to. */
  scope?: string
}

/** A macro definition: its name and where its body is. */
export interface DebugMacro {
  name: string
  /** Key of the file that defines it. */
  file: string
  /** 1-based lines of its `.macro` and `.endm`: the body is the lines between them. */
  line: number
  endLine: number
}

/** Everything a debugger needs from one assembly. */
export interface DebugInfo {
  sourceMap: SourceMap
  /** The macros defined, in order of definition (a debugger keeps breakpoints set in a body inside it). */
  macros: DebugMacro[]
  /** Defined labels and constants (no predefined symbols, macros or functions), globals in order of creation, each followed by its locals. */
  labels: DebugLabel[]
  /** 8 KB PRG banks: 2 * `.inesprg`, or every bank written when `.inesprg` is 0. Banks from there on are CHR. */
  prgBanks: number
  /** `.inesmir` bit 1: the cartridge RAM at $6000-$7FFF is battery-backed (save RAM, not work RAM). */
  battery: boolean
}

class LoggedSourceMap implements SourceMap {
  private list: SourceMapEntry[] | null = null
  private byLine: Map<string, SourceMapEntry[]> | null = null
  private byOffset: Int32Array | null = null

  constructor(private readonly log: Pass2Log) {}

  get files(): readonly string[] {
    return this.log.files
  }

  get entries(): readonly SourceMapEntry[] {
    if (this.list !== null) return this.list
    const g = this.log
    const out: SourceMapEntry[] = []
    g.forEach((s) => {
      const e: SourceMapEntry = {
        file: g.files[s.file] ?? '',
        line: s.line,
        bank: s.bank,
        address: s.address,
        romOffset: s.bank * BANK_SIZE + (s.address & 0x1fff),
        size: s.size,
        macro: s.macro,
      }
      if (s.origin >= 0) {
        const lines: SourceLine[] = []
        g.originLines(s.origin, (file, line) => lines.push({ file: g.files[file] ?? '', line }))
        e.macroLines = lines
      }
      out.push(e)
    })
    this.list = out
    return out
  }

  lineEntries(file: string, line: number): readonly SourceMapEntry[] {
    if (this.byLine === null) {
      const m = new Map<string, SourceMapEntry[]>()
      const add = (key: string, e: SourceMapEntry): void => {
        const l = m.get(key)
        // a recursive macro may name one body line twice for the same statement
        if (!l) m.set(key, [e])
        else if (l[l.length - 1] !== e) l.push(e)
      }
      for (const e of this.entries) {
        add(`${e.line}:${e.file}`, e)
        if (e.macroLines) for (const b of e.macroLines) add(`${b.line}:${b.file}`, e)
      }
      this.byLine = m
    }
    return this.byLine.get(`${line}:${file}`) ?? []
  }

  entryAt(bank: number, address: number): SourceMapEntry | undefined {
    return this.entryAtRomOffset(bank * BANK_SIZE + (address & 0x1fff))
  }

  entryAtRomOffset(romOffset: number): SourceMapEntry | undefined {
    const entries = this.entries
    if (this.byOffset === null) {
      let end = 0
      for (const e of entries) end = Math.max(end, e.romOffset + e.size)
      // entry index + 1 per ROM byte; later statements overwrite earlier ones, as in the ROM
      const idx = new Int32Array(end)
      entries.forEach((e, i) => idx.fill(i + 1, e.romOffset, e.romOffset + e.size))
      this.byOffset = idx
    }
    const i = this.byOffset[romOffset] ?? 0
    return i > 0 ? entries[i - 1] : undefined
  }
}

/** A source map with no entries (an assembly that stopped before pass 2). */
export function emptySourceMap(): SourceMap {
  return new LoggedSourceMap(new Pass2Log())
}

/** What source-map.ts reads of an assembly (the driver's state after pass 2). */
export interface DebugSource {
  log: Pass2Log
  /** The macros defined (complete ones, with their `.endm`). */
  macros: readonly DebugMacro[]
  /** Every symbol, in order of creation. */
  symbols: readonly Sym[]
  /** Symbols named by `.rs`. */
  rsSymbols: ReadonlySet<Sym>
  inesPrg: number
  /** iNES header byte 6 (its bit 1 is the battery). */
  inesFlags6: number
  maxBank: number
}

function labelOf(s: Sym, rs: ReadonlySet<Sym>): DebugLabel | null {
  if (s.type !== DEFABS || s.reserved) return null
  const label: DebugLabel = { name: s.name, value: s.value, kind: 'constant' }
  if (s.bank < RESERVED_BANK) {
    label.kind = 'rom'
    label.bank = s.bank
  } else if (rs.has(s)) label.kind = 'variable'
  else if (s.page >= 0) label.kind = 'ram'
  if (s.owner !== null) label.scope = s.owner.name
  return label
}

/** Builds the debug information of an assembly (cheap: the source map's indexes are built on first use). */
export function buildDebugInfo(src: DebugSource): DebugInfo {
  const globals: DebugLabel[] = []
  const locals = new Map<string, DebugLabel[]>()
  for (const s of src.symbols) {
    const l = labelOf(s, src.rsSymbols)
    if (l === null) continue
    if (l.scope === undefined) globals.push(l)
    else {
      const list = locals.get(l.scope)
      if (list) list.push(l)
      else locals.set(l.scope, [l])
    }
  }
  const labels: DebugLabel[] = []
  for (const g of globals) labels.push(g, ...(locals.get(g.name) ?? []))
  return {
    sourceMap: new LoggedSourceMap(src.log),
    macros: src.macros.map((m) => ({ ...m })),
    labels,
    prgBanks: src.inesPrg > 0 ? src.inesPrg * 2 : src.maxBank + 1,
    battery: (src.inesFlags6 & 2) !== 0,
  }
}
