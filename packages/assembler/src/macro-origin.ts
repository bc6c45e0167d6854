// For the source map: the macro-body lines a pass-2 statement was expanded from. A statement of a
// macro expansion is logged at the line of the outermost call (as NESASM lists it); this adds the
// line of the innermost macro's body that made it, then, for nested macros, the line of each
// enclosing macro's body that called the macro inside it, so that a debugger can stop on any of
// them. Types only: it reads the driver's state and stays out of the assembler's import cycles.
import type { Asm, MacroDef } from './context'
import type { Line } from './source'

/** The macros by their body (the expansion state names a macro by its `lines` array). */
export function macrosByBody(a: Asm): Map<Line[], MacroDef> {
  return new Map(a.macroList.map((d) => [d.lines, d]))
}

/**
 * Logs the macro-body lines of the statement about to be logged: `lines`/`index` are the body and
 * 0-based body line the statement was read from (taken before it was assembled: a continued
 * statement reads further lines), the enclosing calls are on the macro stack.
 */
export function logMacroOrigin(
  a: Asm,
  defs: Map<Line[], MacroDef>,
  lines: Line[] | null,
  index: number,
): void {
  addBodyLine(a, defs, lines, index)
  // mstack[k] holds the body (null: a file) and next index of the level that made call k + 1
  for (let k = a.midx - 1; k >= 1; k--)
    addBodyLine(a, defs, a.mstackLines[k] ?? null, (a.mstackIdx[k] ?? 0) - 1)
}

function addBodyLine(
  a: Asm,
  defs: Map<Line[], MacroDef>,
  lines: Line[] | null,
  index: number,
): void {
  const def = lines === null ? undefined : defs.get(lines)
  const line = def?.lineNos[index]
  if (def !== undefined && line !== undefined) a.pass2Log.addOriginLine(def.file, line)
}
