// The line decode cache: what the start of a statement (its label, the macro check and the
// operation word) came to the last time a line was read, and which symbols its operands named, so
// that pass 2, and every further expansion of a macro body line, can skip re-scanning the line and
// re-hashing its names. Entries live for one assembly.
//
// A decode is a function of the line's text up to the end of its operation word, of the macros
// defined so far and, for a local label, of the global label it belongs to; an entry is used only
// when all three are unchanged (see Asm.lnStable, D_MACROS and the label's owner).
//
// The slots are one Int32Array per line array (symbols by their serial, operations by their
// index): a JS object or array per line lives for the whole run, and the minor GCs that copy such
// survivors cost more than the decode saves.
import type { Line } from './source'

/** Fields of one line: the macro count when decoded, plus 1 (0 = no decode). */
export const D_MACROS = 0
/** Column of the operation word | where its operand starts << 16. */
export const D_COLS = 1
/**
 * OP_ENTRIES index + 1 (0 = no operation word) | `.l`/`.h` extension letter << 16; or, for a
 * macro call, Asm.macroList index + 1 | D_MACRO_CALL (and D_COLS holds where its name ends).
 */
export const D_OP = 2
export const D_MACRO_CALL = 1 << 30
/** The label's serial + 1 (0 = no label). */
export const D_LABEL = 3
/** The label's column + 1, negated when it is in column 1 without ':' (mnemonic warning). */
export const D_LABEL_COL = 4
/** Operand symbols: SYMS_PER_LINE pairs of (column + 1, serial); column 0 = free. */
export const D_SYMS = 5
/** Operand symbols remembered per line (a line rarely names more than two). */
export const SYMS_PER_LINE = 2
export const D_FIELDS = D_SYMS + 2 * SYMS_PER_LINE

export type DecodeSlots = Int32Array

/** Slots one run may allocate in all (64 MB): past that, lines are simply decoded every time. */
const MAX_SLOTS = 1 << 24

/** The decode slots of each line array (a source file's lines or a macro body) read in one run. */
export class DecodeCache {
  private readonly slots = new Map<Line[], DecodeSlots | null>()
  private allocated = 0

  constructor(private readonly maxSlots = MAX_SLOTS) {}

  /** The slots of `lines`, which must be complete (a whole file, or a macro after its .endm). */
  of(lines: Line[]): DecodeSlots | null {
    let s = this.slots.get(lines)
    if (s === undefined) {
      const n = lines.length * D_FIELDS
      s = this.allocated + n <= this.maxSlots ? new Int32Array(n) : null
      if (s !== null) this.allocated += n
      this.slots.set(lines, s)
    }
    return s
  }
}

/** Every character of a line read from a file is the same on each read. */
export const WHOLE_LINE_STABLE = 0x7fffffff
