// Macro bodies in the debug information: the `.dbg.json` `macroLines`/`macros` fields read into DebugData, and the
// statements a breakpoint on a line of a macro body stops at (the first of each expansion of that line).
import { MACRO_LINE_FIELDS, STATEMENT_FIELDS } from '../build/debug-data'
import type { DebugData } from '../build/debug-data'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** A `.dbg.json` `macros` item. */
export function isMacro(m: unknown): m is DebugData['macros'][number] {
  return (
    isRecord(m) &&
    typeof m.name === 'string' &&
    typeof m.file === 'string' &&
    Number.isInteger(m.line) &&
    Number.isInteger(m.endLine)
  )
}

/** `.dbg.json` `macroLines` rows `[statement, file, line, file, line, …]` as DebugData triples (absent: none). */
export function parseMacroLines(rows: unknown, fileCount: number): Int32Array {
  if (rows === undefined) return new Int32Array(0)
  const out: number[] = []
  const bad = () => new Error('Debug file: a macroLines row is [statement, file, line, …]')
  if (!Array.isArray(rows)) throw bad()
  for (const row of rows as unknown[]) {
    if (!Array.isArray(row) || row.length % 2 === 0 || !row.every(Number.isInteger)) throw bad()
    const [statement, ...pairs] = row as number[]
    for (let i = 0; i < pairs.length; i += 2) {
      if (pairs[i]! >= fileCount) throw bad()
      out.push(statement!, pairs[i]!, pairs[i + 1]!)
    }
  }
  return Int32Array.from(out)
}

/** A statement's first byte: CPU address, offset in the ROM file (header included), size in bytes. */
export interface Start {
  address: number
  fileOffset: number
  size: number
}

/**
 * The first statement of each expansion of each macro-body line (key `line:file`), in pass-2 order. A body line
 * that calls a nested macro makes several statements per expansion: a statement begins a new expansion of the
 * line unless the statement before it came from the same line through the same calls (same outer lines).
 */
export function macroBodyStarts(
  data: DebugData,
  startOf: (statement: number) => Start,
): Map<string, Start[]> {
  const { files, statements, macroLines } = data
  const chains = new Map<number, string[]>()
  for (let i = 0; i < macroLines.length; i += MACRO_LINE_FIELDS) {
    const statement = macroLines[i]!
    const chain = chains.get(statement) ?? []
    chain.push(`${macroLines[i + 2]}:${files[macroLines[i + 1]!] ?? ''}`)
    chains.set(statement, chain)
  }
  const starts = new Map<string, Start[]>()
  const last = new Map<string, { statement: number; via: string }>()
  for (const [statement, chain] of chains) {
    const at = statement * STATEMENT_FIELDS
    const call = `${statements[at + 1]}:${files[statements[at]!] ?? ''}`
    const seen = new Set<string>()
    chain.forEach((key, k) => {
      if (seen.has(key)) return // a recursive macro: the outermost use of the line is the one that counts
      seen.add(key)
      const via = [...chain.slice(k + 1), call].join('|')
      const before = last.get(key)
      last.set(key, { statement, via })
      if (before && before.statement === statement - 1 && before.via === via) return
      const list = starts.get(key) ?? []
      list.push(startOf(statement))
      starts.set(key, list)
    })
  }
  return starts
}
