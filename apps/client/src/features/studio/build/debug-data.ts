// The assembler's debug information (result.debug) as plain data: what the `.dbg.json` file holds, with the
// statements packed in an Int32Array. The build worker posts this next to the result, because a structured
// clone of result.debug keeps neither its source map's methods nor its lazy getter; the debugger builds its
// lookups from it (debug/debug-map.ts).
import type { DebugInfo, DebugLabel, DebugMacro } from '@nes-studio/assembler'

/** Numbers per statement in `DebugData.statements`. */
export const STATEMENT_FIELDS = 6
/** Numbers per macro-body line in `DebugData.macroLines`. */
export const MACRO_LINE_FIELDS = 3

/** The `.dbg.json` content (packages/assembler/README.md) as structured-clone-safe data. */
export interface DebugData {
  /** The main file's key. */
  main: string
  /** Keys of the files that produced bytes or hold macro-body lines that did. */
  files: string[]
  /**
   * STATEMENT_FIELDS numbers per statement, in pass-2 order: file index (into `files`), line (1-based),
   * 8 KB bank, CPU address of the first byte, size in bytes, 1 if from a macro expansion else 0.
   */
  statements: Int32Array
  /**
   * MACRO_LINE_FIELDS numbers per macro-body line a macro statement came from: statement index, file index,
   * line (1-based); a statement's lines are consecutive, innermost macro first (SourceMapEntry.macroLines).
   */
  macroLines: Int32Array
  /** The macro definitions: where each body is (`.macro` and `.endm` lines). */
  macros: DebugMacro[]
  labels: DebugLabel[]
  /** 8 KB PRG banks (banks from there on are CHR). */
  prgBanks: number
  /** The cartridge RAM at $6000-$7FFF is battery-backed. */
  battery: boolean
  /**
   * The Mesen label file's text when the toolchain's own symbols give it (cc65: from ld65's debug file, whose
   * segments say where each label is in the ROM); without it, mesen-labels.ts writes it from `labels`.
   */
  mesenLabels?: string
}

/** Copies what a debugger needs out of `info` (the source map's entries and the labels). */
export function toDebugData(main: string, info: DebugInfo): DebugData {
  const map = info.sourceMap
  const fileIndex = new Map(map.files.map((f, i) => [f, i]))
  const statements = new Int32Array(map.entries.length * STATEMENT_FIELDS)
  map.entries.forEach((e, i) => {
    statements.set(
      [fileIndex.get(e.file) ?? 0, e.line, e.bank, e.address, e.size, e.macro ? 1 : 0],
      i * STATEMENT_FIELDS,
    )
  })
  const body: number[] = []
  map.entries.forEach((e, i) => {
    for (const b of e.macroLines ?? []) body.push(i, fileIndex.get(b.file) ?? 0, b.line)
  })
  return {
    main,
    files: [...map.files],
    statements,
    macroLines: Int32Array.from(body),
    macros: info.macros.map((m) => ({ ...m })),
    labels: info.labels.map((l) => ({ ...l })),
    prgBanks: info.prgBanks,
    battery: info.battery,
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Checks the shape (typed arrays by tag: a clone may come from another realm). */
export function isDebugData(value: unknown): value is DebugData {
  return (
    isRecord(value) &&
    typeof value.main === 'string' &&
    Array.isArray(value.files) &&
    value.files.every((f) => typeof f === 'string') &&
    Object.prototype.toString.call(value.statements) === '[object Int32Array]' &&
    (value.statements as Int32Array).length % STATEMENT_FIELDS === 0 &&
    Object.prototype.toString.call(value.macroLines) === '[object Int32Array]' &&
    (value.macroLines as Int32Array).length % MACRO_LINE_FIELDS === 0 &&
    Array.isArray(value.macros) &&
    Array.isArray(value.labels) &&
    typeof value.prgBanks === 'number' &&
    typeof value.battery === 'boolean' &&
    (value.mesenLabels === undefined || typeof value.mesenLabels === 'string')
  )
}
