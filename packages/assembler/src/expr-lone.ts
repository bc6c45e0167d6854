// The fast paths of evaluate() for the commonest operands, each giving exactly what the full
// operator-precedence evaluation gives, or nothing at all (then the full evaluation runs): one
// number, one symbol, and LOW(symbol) / HIGH(symbol), each followed by the end of the expression.
import type { Asm } from './context'
import type { ExprState } from './expr'
import { SYMBOL_MAX, isAlnum, isAlpha, keywordAt, lineSymbol, sameWord } from './labels'
import type { Line } from './source'
import { latin1 } from './source'
import type { Sym } from './symbols'
import { IFUNDEF, UNDEF } from './symbols'

/** The value of the last number readNumber() read. */
let numValue = 0

/**
 * Reads a number at `p` (`$hex`, `0xhex` or decimal, as the full evaluation reads them) into
 * numValue; returns where it ends, or -1 when there is no number or it has a digit out of range.
 */
function readNumber(buf: Line, p: number): number {
  const c = buf[p] ?? 0
  let mul = 10
  let val = 0
  if (c === 36) mul = 16
  else if (c < 48 || c > 57) return -1
  else if (c === 48 && ((buf[p + 1] ?? 0) & ~32) === 88) {
    mul = 16
    p++
  } else val = c - 48
  for (;;) {
    p++
    const k = buf[p] ?? 0
    let d: number
    if (k >= 48 && k <= 57) d = k - 48
    else if (isAlpha(k)) d = (k & ~32) - 55
    else break
    if (d >= mul) return -1
    val = (Math.imul(val, mul) + d) | 0
  }
  numValue = val
  return p
}

/**
 * The common case of a whole expression that is one number followed by its end (`,` `;` `]` or
 * the line end): the same result as the full evaluation, without it. False (nothing changed) when
 * the expression is anything else, errors included.
 */
export function lonelyNumber(a: Asm, s: ExprState, last: number): boolean {
  const buf = s.buf
  const p = readNumber(buf, s.pos)
  if (p < 0) return false
  const end = loneEnd(buf, p, last)
  if (end < 0) return false
  a.value = numValue
  s.pos = end
  if (buf === a.ln) a.ip = end
  return true
}

/**
 * A number or a symbol, then `+` or `-` and a number, then the end (`ptr+1`, `$20+1`): the same
 * result as the full evaluation. The whole syntax is checked before the symbol is looked up, so
 * that when this gives up, nothing has changed. 1 = done, -1 = done with an error, 0 = not this case.
 */
export function lonelySum(a: Asm, s: ExprState, last: number, startCol: number): number {
  const buf = s.buf
  const start = s.pos
  const c = buf[start] ?? 0
  let p: number
  let len = 0
  let left = 0
  if (isAlpha(c) || c === 95 || c === 46) {
    p = start + 1
    for (;;) {
      const k = buf[p] ?? 0
      if (isAlnum(k) || k === 95 || k === 46) p++
      else break
    }
    const n = p - start
    if (n === 1 && ((c | 32) === 97 || (c | 32) === 120 || (c | 32) === 121)) return 0
    len = n > SYMBOL_MAX ? SYMBOL_MAX : n
  } else {
    p = readNumber(buf, start)
    if (p < 0) return 0
    left = numValue
  }
  while (buf[p] === 32 || buf[p] === 9) p++
  const op = buf[p] ?? 0
  if (op !== 43 && op !== 45) return 0
  p++
  while (buf[p] === 32 || buf[p] === 9) p++
  p = readNumber(buf, p)
  if (p < 0) return 0
  const right = numValue
  const end = loneEnd(buf, p, last)
  if (end < 0) return 0
  if (len !== 0) {
    if (a.funcs.size !== 0 || keywordAt(buf, start, len)) return 0
    const sym = lineSymbol(a, buf, start, len)
    a.exprLablptr = sym
    if (sym === null) return -1
    if (sym.type === UNDEF || sym.type === IFUNDEF) undefinedSymbol(a, buf, start, startCol, sym)
    else left = sym.value | 0
    a.exprLablcnt = 1
  }
  a.value = op === 43 ? (left + right) | 0 : (left - right) | 0
  s.pos = end
  if (buf === a.ln) a.ip = end
  return 1
}

/** A lone value's symbol is undefined: it counts 0, and pass 2 reports it at its column. */
function undefinedSymbol(a: Asm, buf: Line, start: number, startCol: number, sym: Sym): void {
  a.undef = 1
  if (a.pass === 1) {
    a.error(
      'Undefined symbol in operand field!',
      buf === a.ln ? start : startCol,
      `undefined symbol '${sym.name}'`,
    )
  }
}

/** The end of a lone value at `p` (after blanks), or -1 when the expression goes on or ends wrongly. */
function loneEnd(buf: Line, p: number, last: number): number {
  while (buf[p] === 32 || buf[p] === 9) p++
  const t = buf[p] ?? 0
  if (last === 59) return t === 0 || t === 59 ? p + 1 : -1
  if (last === 44) return t === 44 ? p + 1 : -1
  return t === 0 || t === 59 || t === 44 || t === 93 ? p : -1
}

/**
 * The other common case: the expression is one symbol (not a function, not a keyword) followed by
 * its end. 1 = done, -1 = done with an error, 0 = not this case (nothing changed, nothing looked up).
 */
export function lonelySymbol(a: Asm, s: ExprState, last: number, startCol: number): number {
  const buf = s.buf
  const start = s.pos
  // the same name scan is written out in lonelyByte and lonelySum: as a shared helper it measured
  // 2-3% slower on the benchmark (compare.ts), so it stays inline on this hot path
  const c = buf[start] ?? 0
  if (!isAlpha(c) && c !== 95 && c !== 46) return 0
  let p = start + 1
  for (;;) {
    const k = buf[p] ?? 0
    if (isAlnum(k) || k === 95 || k === 46) p++
    else break
  }
  const n = p - start
  if (n === 1 && ((c | 32) === 97 || (c | 32) === 120 || (c | 32) === 121)) return 0
  const end = loneEnd(buf, p, last)
  if (end < 0) return 0
  const len = n > SYMBOL_MAX ? SYMBOL_MAX : n
  if (a.funcs.size && a.funcs.has(latin1(buf, start, start + len))) return 0
  if (keywordAt(buf, start, len)) return 0
  const sym = lineSymbol(a, buf, start, len)
  a.exprLablptr = sym
  if (sym === null) return -1
  let val = 0
  if (sym.type === UNDEF || sym.type === IFUNDEF) undefinedSymbol(a, buf, start, startCol, sym)
  else val = sym.value | 0
  a.exprLablcnt = 1
  a.value = val
  s.pos = end
  if (buf === a.ln) a.ip = end
  return 1
}

/**
 * LOW(symbol) or HIGH(symbol), with nothing between the parts, followed by the end of the
 * expression (as lonelySymbol). Not taken when user functions exist (one could be named like
 * either part).
 */
export function lonelyByte(a: Asm, s: ExprState, last: number, startCol: number): number {
  const buf = s.buf
  const start = s.pos
  const c0 = (buf[start] ?? 0) | 32
  let high: boolean
  let ns: number
  if (c0 === 108 && (buf[start + 3] ?? 0) === 40 && sameWord(buf, start, 'LOW')) {
    high = false
    ns = start + 4
  } else if (c0 === 104 && (buf[start + 4] ?? 0) === 40 && sameWord(buf, start, 'HIGH')) {
    high = true
    ns = start + 5
  } else return 0
  if (a.funcs.size !== 0) return 0
  const c = buf[ns] ?? 0
  if (!isAlpha(c) && c !== 95 && c !== 46) return 0
  let p = ns + 1
  for (;;) {
    const k = buf[p] ?? 0
    if (isAlnum(k) || k === 95 || k === 46) p++
    else break
  }
  const n = p - ns
  if (n === 1 && ((c | 32) === 97 || (c | 32) === 120 || (c | 32) === 121)) return 0
  if ((buf[p] ?? 0) !== 41) return 0
  const end = loneEnd(buf, p + 1, last)
  if (end < 0) return 0
  const len = n > SYMBOL_MAX ? SYMBOL_MAX : n
  if (keywordAt(buf, ns, len)) return 0
  const sym = lineSymbol(a, buf, ns, len)
  a.exprLablptr = sym
  if (sym === null) return -1
  let val = 0
  if (sym.type === UNDEF || sym.type === IFUNDEF) undefinedSymbol(a, buf, ns, startCol, sym)
  else val = sym.value | 0
  a.exprLablcnt = 1
  a.value = high ? (val & 0xff00) >> 8 : val & 0xff
  s.pos = end
  if (buf === a.ln) a.ip = end
  return 1
}
