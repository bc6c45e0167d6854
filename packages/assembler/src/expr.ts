// Expression evaluator: NESASM's operator-precedence stack machine, reproduced exactly
// (32-bit signed arithmetic, single '=', the prefix-operator quirk, user functions, \ continuation).
import type { Asm } from './context'
import { EMPTY_LINE } from './context'
import type { Line } from './source'
import { latin1, toLine } from './source'
import { SYMBOL_MAX, isAlnum, isAlpha, isDigit, isSpace, keywordAt, lineSymbol } from './labels'
import { readline } from './reader'
import { IFUNDEF, UNDEF } from './symbols'
import { lonelyByte, lonelyNumber, lonelySum, lonelySymbol } from './expr-lone'
import { funcGetArgs } from './func'
import {
  OP_ADD,
  OP_AND,
  OP_COM,
  OP_DIV,
  OP_EQUAL,
  OP_HIGHER,
  OP_HIGHER_EQUAL,
  OP_LOWER,
  OP_LOWER_EQUAL,
  OP_MOD,
  OP_MUL,
  OP_NEG,
  OP_NOT,
  OP_NOT_EQUAL,
  OP_OPEN,
  OP_OR,
  OP_SHL,
  OP_SHR,
  OP_START,
  OP_SUB,
  OP_XOR,
  PRI,
  doOp,
} from './expr-ops'

const T_DECIMAL = 0
const T_HEXA = 1
const T_BINARY = 2
const T_CHAR = 3
const T_SYMBOL = 4
const T_PC = 5

/** Evaluator state; one per assembler run. */
export class ExprState {
  readonly vals = new Int32Array(65)
  readonly ops = new Uint8Array(65)
  valIdx = 0
  opIdx = 0
  needOperator = false
  /** Current text being read: the line buffer, a function body or a function argument. */
  buf: Line = EMPTY_LINE
  pos = 0
  readonly bufStack: Line[] = []
  readonly posStack: number[] = []
}

/** Marker error so that failing sub-steps unwind to evaluate(). */
let st: ExprState

function ch(): number {
  return st.buf[st.pos] ?? 0
}

/**
 * evaluate(): reads an expression at `a.ip`; `last` = 0 (stop anywhere), 59 (';': must end the
 * statement) or 44 (',': must be followed by a comma). Sets `a.value`; false after an error.
 */
export function evaluate(a: Asm, s: ExprState, last: number): boolean {
  st = s
  let end = 0
  let level = 0
  a.undef = 0
  a.value = 0
  a.exprLablptr = null
  a.exprLablcnt = 0
  a.funcIdx = 0
  const ln = a.ln
  let p = a.ip
  while (isSpace(ln[p] ?? 0)) p++
  s.buf = ln
  s.pos = p
  // continuation: a backslash that is the last thing on the line
  if (ln[p] === 92 && !continuation(a, s)) return false
  a.stmtCol = s.pos
  const startCol = s.pos
  startCol0 = startCol
  undefCol = startCol
  if (lonelyNumber(a, s, last)) return true
  let lone = lonelySymbol(a, s, last, startCol)
  if (lone === 0) lone = lonelyByte(a, s, last, startCol)
  if (lone === 0) lone = lonelySum(a, s, last, startCol)
  if (lone !== 0) return lone > 0
  // the operator-precedence machine
  s.opIdx = 0
  s.valIdx = 0
  s.ops[0] = OP_START
  s.vals[0] = 0
  s.needOperator = false
  while (!end) {
    const c = ch()
    if (isDigit(c)) {
      if (s.needOperator) return syntaxError(a, startCol)
      if (!pushVal(a, T_DECIMAL)) return false
    } else if (isAlpha(c) || c === 95 || c === 46) {
      if (s.needOperator) return syntaxError(a, startCol)
      if (!pushVal(a, T_SYMBOL)) return false
    } else {
      switch (c) {
        case 92: {
          // function argument reference inside a function body
          if (a.funcIdx === 0) return syntaxError(a, startCol)
          s.pos++
          const d = ch()
          s.pos++
          if (d < 49 || d > 57) {
            a.error('Invalid function argument index!')
            return false
          }
          s.bufStack[a.funcIdx] = s.buf
          s.posStack[a.funcIdx] = s.pos
          a.funcIdx++
          s.buf = toLine((a.funcArgs[a.funcIdx - 2] ?? [])[d - 49] ?? '')
          s.pos = 0
          break
        }
        case 36:
          if (s.needOperator) return syntaxError(a, startCol)
          if (!pushVal(a, T_HEXA)) return false
          break
        case 39:
          if (s.needOperator) return syntaxError(a, startCol)
          if (!pushVal(a, T_CHAR)) return false
          break
        case 40:
          if (s.needOperator) return syntaxError(a, startCol)
          if (!pushOp(a, OP_OPEN)) return false
          level++
          s.pos++
          break
        case 41:
          if (!s.needOperator || level === 0) return syntaxError(a, startCol)
          while (s.ops[s.opIdx] !== OP_OPEN) if (!doOp(a, st)) return false
          s.opIdx--
          level--
          s.pos++
          break
        case 60: {
          if (!s.needOperator) return syntaxError(a, startCol)
          s.pos++
          const n = ch()
          let op = OP_LOWER
          if (n === 62) op = OP_NOT_EQUAL
          else if (n === 60) op = OP_SHL
          else if (n === 61) op = OP_LOWER_EQUAL
          if (op !== OP_LOWER) s.pos++
          if (!pushOp(a, op)) return false
          break
        }
        case 62: {
          if (!s.needOperator) return syntaxError(a, startCol)
          s.pos++
          const n = ch()
          let op = OP_HIGHER
          if (n === 62) op = OP_SHR
          else if (n === 61) op = OP_HIGHER_EQUAL
          if (op !== OP_HIGHER) s.pos++
          if (!pushOp(a, op)) return false
          break
        }
        case 61:
          if (!s.needOperator) return syntaxError(a, startCol)
          if (!pushOp(a, OP_EQUAL)) return false
          s.pos++
          break
        case 126:
          if (s.needOperator) return syntaxError(a, startCol)
          if (!pushOp(a, OP_COM)) return false
          s.pos++
          break
        case 45:
          if (!pushOp(a, s.needOperator ? OP_SUB : OP_NEG)) return false
          s.pos++
          break
        case 33: {
          let op = OP_NOT
          if (s.needOperator) {
            op = OP_NOT_EQUAL
            s.pos++
            if (ch() !== 61) return syntaxError(a, startCol)
          }
          if (!pushOp(a, op)) return false
          s.pos++
          break
        }
        case 37:
        case 42:
          if (!s.needOperator) {
            if (!pushVal(a, c === 37 ? T_BINARY : T_PC)) return false
            break
          }
          if (!pushOp(a, c === 37 ? OP_MOD : OP_MUL)) return false
          s.pos++
          break
        case 43:
        case 47:
        case 38:
        case 94:
        case 124: {
          if (!s.needOperator) return syntaxError(a, startCol)
          let op = OP_OR
          if (c === 43) op = OP_ADD
          else if (c === 47) op = OP_DIV
          else if (c === 38) op = OP_AND
          else if (c === 94) op = OP_XOR
          if (!pushOp(a, op)) return false
          s.pos++
          break
        }
        case 35:
          if (a.expandMacro) s.pos++
          else end = 3
          break
        case 32:
        case 9:
          s.pos++
          break
        case 0:
          if (a.funcIdx) {
            a.funcIdx--
            s.buf = s.bufStack[a.funcIdx] ?? EMPTY_LINE
            s.pos = s.posStack[a.funcIdx] ?? 0
            break
          }
          end = 1
          break
        case 59:
          end = 1
          break
        case 44:
          end = 2
          break
        default:
          end = 3
          break
      }
    }
  }
  if (!s.needOperator || level !== 0) return syntaxError(a, startCol)
  while (s.ops[s.opIdx] !== OP_START) if (!doOp(a, st)) return false
  a.value = s.vals[s.valIdx] ?? 0
  if (a.undef && a.pass === 1) {
    a.error('Undefined symbol in operand field!', undefCol, `undefined symbol '${undefName}'`)
  }
  if (last === 59) {
    if (end !== 1) return syntaxError(a, startCol)
    s.pos++
  } else if (last === 44) {
    if (end !== 2) {
      a.error('Argument missing!', startCol)
      return false
    }
    s.pos++
  }
  if (s.buf === a.ln) a.ip = s.pos
  return true
}

/** Reads the next lines while the expression is a lone backslash; false at the end of input. */
function continuation(a: Asm, s: ExprState): boolean {
  for (;;) {
    while (isSpace(ch())) s.pos++
    if (ch() !== 92) return true
    let i = s.pos + 1
    while (isSpace(s.buf[i] ?? 0)) i++
    const c = s.buf[i] ?? 0
    if (c !== 59 && c !== 0) return true
    if (!a.continued) a.saveContinuation(s.pos)
    a.continued++
    if (readline(a) === -1) return false
    s.buf = a.ln
    s.pos = 0
  }
}

function syntaxError(a: Asm, col: number): false {
  a.error('Syntax error in expression!', col)
  return false
}

function pushVal(a: Asm, type: number): boolean {
  const s = st
  let val = 0
  let c = ch()
  switch (type) {
    case T_PC:
      val = (a.dataLoccnt === -1 ? a.loccnt : a.dataLoccnt) + (a.page << 13)
      s.pos++
      break
    case T_CHAR: {
      s.pos++
      val = ch()
      s.pos++
      if (ch() !== c || val === 0) {
        a.error('Syntax Error!')
        return false
      }
      s.pos++
      break
    }
    case T_SYMBOL: {
      const len = getsym(a)
      const start = symStart
      const buf = s.buf
      if (a.funcs.size) {
        const fn = a.funcs.get(latin1(buf, start, start + len))
        if (fn) {
          if (!funcGetArgs(a, s)) return false
          s.bufStack[a.funcIdx] = s.buf
          s.posStack[a.funcIdx] = s.pos
          a.funcIdx++
          s.buf = fn.body
          s.pos = 0
          return true
        }
      }
      const op = keywordAt(buf, start, len)
      if (op) {
        a.exprLablptr = null
        a.exprLablcnt = 0
        return pushOp(a, op)
      }
      const sym = lineSymbol(a, buf, start, len)
      a.exprLablptr = sym
      if (sym === null) return false
      if (sym.type === UNDEF || sym.type === IFUNDEF) {
        if (!a.undef) {
          undefCol = buf === a.ln ? start : startCol0
          undefName = sym.name
        }
        a.undef++
      } else val = sym.value
      a.exprLablcnt++
      break
    }
    default: {
      let mul = 10
      if (type === T_BINARY) mul = 2
      else if (type === T_HEXA) mul = 16
      else if (c === 48 && ((s.buf[s.pos + 1] ?? 0) & ~32) === 88) {
        mul = 16
        s.pos++
      } else {
        val = c - 48
      }
      const buf = s.buf
      let p = s.pos
      for (;;) {
        p++
        c = buf[p] ?? 0
        let d: number
        if (c >= 48 && c <= 57) d = c - 48
        else if (isAlpha(c)) d = (c & ~32) - 65 + 10
        else if (c === 95 && mul === 2) continue
        else break
        if (d >= mul) break
        val = (Math.imul(val, mul) + d) | 0
      }
      s.pos = p
      break
    }
  }
  if (s.valIdx === 63) {
    a.error('Expression too complex!')
    return false
  }
  s.vals[++s.valIdx] = val
  s.needOperator = true
  return true
}

/** Column of the first undefined symbol of the expression (for the diagnostic). */
let undefCol = 0
let undefName = ''
/** Where the current expression starts in the line. */
let startCol0 = 0

/** Start of the name read by getsym() (in the current expression buffer). */
let symStart = 0

/** getsym(): reads a symbol name (31 significant characters); A, X and Y are reserved (length 0). */
function getsym(a: Asm): number {
  const s = st
  const buf = s.buf
  const start = s.pos
  symStart = start
  let p = start
  for (;;) {
    const c = buf[p] ?? 0
    if (isAlpha(c) || c === 95 || c === 46 || (c >= 48 && c <= 57 && p > start)) p++
    else break
  }
  s.pos = p
  const len = p - start
  if (len === 1) {
    const c = (s.buf[start] ?? 0) | 32
    if (c === 97 || c === 120 || c === 121) {
      a.error('Symbol is reserved (A, X or Y)!')
      return 0
    }
  }
  return len > SYMBOL_MAX ? SYMBOL_MAX : len
}

function pushOp(a: Asm, op: number): boolean {
  const s = st
  if (op !== OP_OPEN) {
    const p = PRI[op] ?? 0
    while ((PRI[s.ops[s.opIdx] ?? 0] ?? 0) >= p) if (!doOp(a, st)) return false
  }
  if (s.opIdx === 63) {
    a.error('Expression too complex!')
    return false
  }
  s.ops[++s.opIdx] = op
  s.needOperator = false
  return true
}

/** For the low/high-byte prefix check in operands. */
export function isSymbolChar(c: number): boolean {
  return isAlnum(c) || c === 95 || c === 46
}
