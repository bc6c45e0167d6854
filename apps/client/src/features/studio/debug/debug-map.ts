// The assembler's debug information (plain data from the build worker, or a `.dbg.json` text: the shape is
// documented in packages/assembler/README.md) turned into what the debugger asks: line -> address for
// breakpoints, address -> line for the current line, the line map for stepping, and address -> label+offset.
// A line of a macro body has code when the macro was expanded: a breakpoint there stops at each expansion (the
// current line stays the call line, as the line map has it, and macroLineAt names the body line). Built once per
// debug build.
import { MACRO_LINE_FIELDS, STATEMENT_FIELDS } from '../build/debug-data'
import type { DebugData } from '../build/debug-data'
import type { Breakpoint } from '../../../emulator/types'
import { isMacro, macroBodyStarts, parseMacroLines } from './macro-lines'
import type { Start } from './macro-lines'

/** One `.dbg.json` label. */
export interface DebugMapLabel {
  name: string
  value: number
  kind: 'rom' | 'ram' | 'variable' | 'constant'
  bank?: number
  scope?: string
}

/** A statement's place: file key and 1-based line. */
export interface SourceLine {
  file: string
  line: number
}

export interface DebugMap {
  files: readonly string[]
  labels: readonly DebugMapLabel[]
  /**
   * The first line ≥ `line` of `file` that holds code (a breakpoint snaps there), or undefined. Inside a macro
   * definition (`.macro` to `.endm`) only a later line of that body counts; outside, lines inside macro bodies
   * do not.
   */
  codeLineAtOrAfter(file: string, line: number): number | undefined
  /** CPU address of the first statement of a line with code (of its first expansion, in a macro body). */
  addressOfLine(file: string, line: number): number | undefined
  /**
   * The breakpoint for a line with code: its address, and (with the ROM) the first bytes assembled there, so a
   * bank-switched ROM stops only in the bank of that line.
   */
  breakpointOf(file: string, line: number): Breakpoint | undefined
  /** Every breakpoint a line with code needs: one per expansion for a line of a macro body, else breakpointOf's. */
  breakpointsOf(file: string, line: number): Breakpoint[]
  /**
   * The line whose statement starts at or covers `address`. Where statements of several banks share the address,
   * `byteThere` (the byte the CPU sees at `address`) picks the one whose ROM byte matches.
   */
  lineAt(address: number, byteThere?: number): SourceLine | undefined
  /**
   * For code from a macro expansion: the macro-body line (innermost, for nested macros) whose statement starts at
   * or covers `address`; lineAt gives the call line. Undefined for code outside macros.
   */
  macroLineAt(address: number, byteThere?: number): SourceLine | undefined
  /** 65536 entries: a line id at each statement start, -1 elsewhere (for line stepping). */
  lineMap: Int32Array
  /** `Bump`, `Bump+2`, or `$C012` when no code label precedes it. */
  describeAddress(address: number): string
  /** A symbol's value (labels, variables, constants; `scope.local` for locals), case-sensitive as NESASM. */
  symbol(name: string): number | undefined
  /** The RAM symbols (variables and labels below $8000) at `address`. */
  symbolsAt(address: number): string[]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

const hex = (n: number, width: number): string => n.toString(16).toUpperCase().padStart(width, '0')

/**
 * Reads the `.dbg.json` text (with the iNES `rom` it came with, for bank-aware breakpoints and lines); throws an
 * Error saying what is wrong when it is not one.
 */
export function parseDebugJson(text: string, rom?: Uint8Array): DebugMap {
  const data: unknown = JSON.parse(text)
  if (!isRecord(data) || data.format !== 'nes-studio-debug' || data.version !== 1)
    throw new Error('Not a nes-studio debug file (format nes-studio-debug, version 1)')
  const { files, statements, labels } = data
  if (!Array.isArray(files) || !files.every((f) => typeof f === 'string'))
    throw new Error('Debug file: files must be a list of names')
  if (!Array.isArray(statements) || !Array.isArray(labels))
    throw new Error('Debug file: statements and labels must be lists')
  const packed = new Int32Array(statements.length * STATEMENT_FIELDS)
  statements.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || row.length !== STATEMENT_FIELDS || !row.every(Number.isInteger))
      throw new Error('Debug file: a statement is [file, line, bank, address, size, macro]')
    packed.set(row as number[], i * STATEMENT_FIELDS)
  })
  const body = parseMacroLines(data.macroLines, files.length)
  const macros = Array.isArray(data.macros) ? data.macros.filter(isMacro) : []
  const list = labels.filter(
    (l: unknown): l is DebugMapLabel =>
      isRecord(l) && typeof l.name === 'string' && typeof l.value === 'number',
  )
  return createDebugMap(
    {
      main: typeof data.main === 'string' ? data.main : (files[0] ?? ''),
      files: files as string[],
      statements: packed,
      macroLines: body,
      macros,
      labels: list,
      prgBanks: typeof data.prgBanks === 'number' ? data.prgBanks : 0,
      battery: data.battery === true,
    },
    rom,
  )
}

const BANK_SIZE = 0x2000
const HEADER = 16

interface Placed {
  id: number
  /** Index of the statement in `statements`. */
  statement: number
  /** Offset in the ROM file (header included) of the byte at the address. */
  fileOffset: number
}

/** The debugger's lookups over the build worker's debug data (and the iNES `rom` it came with). */
export function createDebugMap(data: DebugData, rom?: Uint8Array): DebugMap {
  const { files, statements } = data
  const labels: DebugMapLabel[] = data.labels
  const byLine = new Map<string, number>()
  const firstOfLine = new Map<string, { address: number; fileOffset: number; size: number }>()
  /** Addresses covered by statements of more than one bank: every candidate. */
  const shared = new Map<number, Placed[]>()
  const coverBank = new Int16Array(0x10000).fill(-1)
  const codeLines = new Map<string, number[]>()
  const lineIds = new Map<string, number>()
  const lineList: SourceLine[] = []
  const lineMap = new Int32Array(0x10000).fill(-1)
  const cover = new Int32Array(0x10000).fill(-1)
  const coverStatement = new Int32Array(0x10000).fill(-1)
  const prev: (Placed | undefined)[] = new Array<Placed | undefined>(0x10000)
  for (let i = 0; i < statements.length; i += STATEMENT_FIELDS) {
    const [fileIndex, line, bank, address, size] = statements.subarray(i, i + 5)
    const file = files[fileIndex!] ?? ''
    const key = `${line}:${file}`
    const fileOffset = HEADER + bank! * BANK_SIZE + (address! & 0x1fff)
    if (!byLine.has(key)) {
      byLine.set(key, address!)
      firstOfLine.set(key, { address: address!, fileOffset, size: size! })
    }
    let id = lineIds.get(key)
    if (id === undefined) {
      id = lineList.length
      lineIds.set(key, id)
      lineList.push({ file, line: line! })
      const lines = codeLines.get(file) ?? []
      lines.push(line!)
      codeLines.set(file, lines)
    }
    if (address! >= 0x8000) lineMap[address!] = id
    for (let a = address!; a < Math.min(address! + size!, 0x10000); a++) {
      const here = { id, statement: i / STATEMENT_FIELDS, fileOffset: fileOffset + (a - address!) }
      const list = shared.get(a)
      if (list) list.push(here)
      else if (cover[a]! >= 0 && coverBank[a] !== bank && prev[a] !== undefined)
        shared.set(a, [prev[a]!, here])
      cover[a] = id
      coverStatement[a] = i / STATEMENT_FIELDS
      coverBank[a] = bank!
      prev[a] = here
    }
  }
  const bodyStarts = macroBodyStarts(data, (statement) => {
    const [, , bank, address, size] = statements.subarray(statement * STATEMENT_FIELDS)
    return {
      address: address!,
      fileOffset: HEADER + bank! * BANK_SIZE + (address! & 0x1fff),
      size: size!,
    }
  })
  for (const key of bodyStarts.keys()) {
    const colon = key.indexOf(':')
    const file = key.slice(colon + 1)
    codeLines.set(file, [...(codeLines.get(file) ?? []), Number(key.slice(0, colon))])
  }
  for (const lines of codeLines.values()) lines.sort((a, b) => a - b)
  /** Statement index -> its innermost macro-body line (the first of its macroLines rows). */
  const bodyLine = new Map<number, SourceLine>()
  for (let i = 0; i < data.macroLines.length; i += MACRO_LINE_FIELDS) {
    const [statement, fileIndex, line] = data.macroLines.subarray(i, i + MACRO_LINE_FIELDS)
    if (!bodyLine.has(statement!))
      bodyLine.set(statement!, { file: files[fileIndex!] ?? '', line: line! })
  }
  /** The statement at `address` (by the ROM byte there where banks share it), or undefined. */
  const placedAt = (address: number, byteThere?: number): Placed | undefined => {
    const a = address & 0xffff
    const candidates = shared.get(a)
    if (candidates && rom && byteThere !== undefined) {
      const match = candidates.filter((c) => rom[c.fileOffset] === byteThere)
      if (match.length > 0) return match[match.length - 1]
    }
    const id = cover[a]!
    return id >= 0 ? { id, statement: coverStatement[a]!, fileOffset: -1 } : undefined
  }
  const macroAt = (file: string, line: number) =>
    data.macros.find((m) => m.file === file && line >= m.line && line <= m.endLine)
  const breakpointAt = (start: Start): Breakpoint => {
    if (!rom) return { address: start.address }
    const code = rom.slice(start.fileOffset, start.fileOffset + Math.min(start.size, 3))
    return code.length > 0 ? { address: start.address, code } : { address: start.address }
  }
  const code = labels
    .filter((l) => l.kind === 'rom' && l.scope === undefined)
    .sort((a, b) => a.value - b.value)
  const symbols = new Map<string, number>()
  for (const l of labels) symbols.set(l.scope ? `${l.scope}${l.name}` : l.name, l.value)
  const ram = new Map<number, string[]>()
  for (const l of labels) {
    if (l.kind === 'constant' || l.value >= 0x8000 || l.scope) continue
    ram.set(l.value, [...(ram.get(l.value) ?? []), l.name])
  }
  return {
    files,
    labels,
    lineMap,
    codeLineAtOrAfter(file, line) {
      const lines = codeLines.get(file) ?? []
      const body = macroAt(file, line)
      // a breakpoint in a macro body never leaves it for unrelated code after `.endm`
      if (body) return lines.find((l) => l >= line && l <= body.endLine)
      return lines.find((l) => l >= line && !macroAt(file, l))
    },
    addressOfLine: (file, line) =>
      byLine.get(`${line}:${file}`) ?? bodyStarts.get(`${line}:${file}`)?.[0]?.address,
    breakpointOf(file, line) {
      const first = firstOfLine.get(`${line}:${file}`)
      return first ? breakpointAt(first) : undefined
    },
    breakpointsOf(file, line) {
      const first = firstOfLine.get(`${line}:${file}`)
      if (first) return [breakpointAt(first)]
      return (bodyStarts.get(`${line}:${file}`) ?? []).map(breakpointAt)
    },
    lineAt(address, byteThere) {
      const placed = placedAt(address, byteThere)
      return placed ? lineList[placed.id] : undefined
    },
    macroLineAt(address, byteThere) {
      const placed = placedAt(address, byteThere)
      return placed ? bodyLine.get(placed.statement) : undefined
    },
    describeAddress(address) {
      let best: DebugMapLabel | undefined
      for (const l of code) {
        if (l.value > address) break
        best = l
      }
      if (!best || address - best.value > 0xff) return `$${hex(address, 4)}`
      return address === best.value ? best.name : `${best.name}+${address - best.value}`
    },
    symbol: (name) => symbols.get(name),
    symbolsAt: (address) => ram.get(address) ?? [],
  }
}
