// The arguments of the macro calls being expanded, one set of nine per nesting level, kept as
// bytes: they are copied into every expanded body line, and building a string for each argument
// of each call cost more than the expansion itself.
import type { Line } from './source'
import { latin1 } from './source'

/** Bytes per argument: a plain argument stops at 80, a quoted one at 82 with its quotes. */
const ARG_CAP = 96
const ARGS = 9

export class MacroArgs {
  private readonly bytes = new Uint8Array(ARGS * ARGS * ARG_CAP)
  private readonly lengths = new Int32Array(ARGS * ARGS)

  /** Empties the arguments of `level`. */
  clear(level: number): void {
    for (let k = level * ARGS; k < level * ARGS + ARGS; k++) this.lengths[k] = 0
  }

  length(level: number, arg: number): number {
    return this.lengths[level * ARGS + arg] ?? 0
  }

  /** Sets argument `arg` to `src[from, to)`. */
  setBytes(level: number, arg: number, src: Line, from: number, to: number): void {
    const at = (level * ARGS + arg) * ARG_CAP
    const n = Math.min(to - from, ARG_CAP)
    for (let k = 0; k < n; k++) this.bytes[at + k] = src[from + k] ?? 0
    this.lengths[level * ARGS + arg] = n
  }

  /** Sets argument `arg` to a text of chars 0-255. */
  setText(level: number, arg: number, text: string): void {
    const at = (level * ARGS + arg) * ARG_CAP
    const n = Math.min(text.length, ARG_CAP)
    for (let k = 0; k < n; k++) this.bytes[at + k] = text.charCodeAt(k) & 0xff
    this.lengths[level * ARGS + arg] = n
  }

  text(level: number, arg: number): string {
    const at = (level * ARGS + arg) * ARG_CAP
    return latin1(this.bytes, at, at + this.length(level, arg))
  }

  /** Copies argument `arg` into `out` at `n`; returns the index after it. */
  copyInto(level: number, arg: number, out: Uint8Array, n: number): number {
    const at = (level * ARGS + arg) * ARG_CAP
    const len = this.length(level, arg)
    for (let k = 0; k < len; k++) out[n++] = this.bytes[at + k] ?? 0
    return n
  }

  /**
   * NESASM's rule: an argument that is exactly x, y, x++ or y++ (any case) is appended to the
   * previous one with a comma. Returns the argument index to go on with, or -1 when the previous
   * argument is too long for it.
   */
  glue(level: number, arg: number): number {
    const len = this.length(level, arg)
    if (len === 0 || arg === 0) return arg
    const at = (level * ARGS + arg) * ARG_CAP
    const c = (this.bytes[at] ?? 0) | 32
    if (c !== 120 && c !== 121) return arg
    if (!(len === 1 || (len === 3 && this.bytes[at + 1] === 43 && this.bytes[at + 2] === 43))) {
      return arg
    }
    const prevLen = this.length(level, arg - 1)
    if (prevLen > 75) return -1
    const prev = at - ARG_CAP
    this.bytes[prev + prevLen] = 44
    for (let k = 0; k < len; k++) this.bytes[prev + prevLen + 1 + k] = this.bytes[at + k] ?? 0
    this.lengths[level * ARGS + arg - 1] = prevLen + 1 + len
    this.lengths[level * ARGS + arg] = 0
    return arg - 1
  }
}
