// Operators of the expression evaluator: codes, priorities, and do_op() with NESASM's semantics
// (32-bit wrap-around, truncating division, BANK/PAGE/SIZEOF/DEFINED attribute checks).
import type { Asm } from './context'
import type { ExprState } from './expr'
import { OP_BANK, OP_DEFINED, OP_HIGH, OP_LOW, OP_PAGE, OP_SIZEOF } from './labels'
import { IFUNDEF, RESERVED_BANK, UNDEF } from './symbols'

export const OP_START = 0
export const OP_OPEN = 1
export const OP_ADD = 2
export const OP_SUB = 3
export const OP_MUL = 4
export const OP_DIV = 5
export const OP_MOD = 6
export const OP_NEG = 7
export const OP_SHL = 8
export const OP_SHR = 9
export const OP_OR = 10
export const OP_XOR = 11
export const OP_AND = 12
export const OP_COM = 13
export const OP_NOT = 14
export const OP_EQUAL = 15
export const OP_NOT_EQUAL = 16
export const OP_LOWER = 17
export const OP_LOWER_EQUAL = 18
export const OP_HIGHER = 19
export const OP_HIGHER_EQUAL = 20

/** Operator priorities (unary operators have priority 9 or more). */
export const PRI = Uint8Array.from([
  0, 0, 7, 7, 8, 8, 8, 10, 6, 6, 1, 2, 3, 10, 9, 4, 4, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10,
])

function funcArgsOk(a: Asm, name: string): boolean {
  if (a.exprLablcnt === 1) return true
  if (a.exprLablcnt === 0) a.error(`No symbol in function ${name}!`)
  else a.error(`Too many symbols in function ${name}!`)
  return false
}

/** do_op(): applies the operator on top of the stack to the value stack. */
export function doOp(a: Asm, s: ExprState): boolean {
  const op = s.ops[s.opIdx--] ?? 0
  let v0 = s.vals[s.valIdx] ?? 0
  let v1 = 0
  if ((PRI[op] ?? 0) < 9) {
    s.valIdx = Math.max(0, s.valIdx - 1)
    v1 = s.vals[s.valIdx] ?? 0
  }
  const sym = a.exprLablptr
  switch (op) {
    case OP_BANK:
      if (!funcArgsOk(a, 'BANK') || !sym) return false
      if (a.pass === 1 && sym.bank === RESERVED_BANK) {
        a.error('No BANK index for this symbol!')
        v0 = 0
        break
      }
      v0 = sym.bank
      break
    case OP_PAGE:
      if (!funcArgsOk(a, 'PAGE') || !sym) return false
      v0 = sym.page
      break
    case OP_DEFINED:
      if (!funcArgsOk(a, 'DEFINED') || !sym) return false
      if (sym.type !== IFUNDEF && sym.type !== UNDEF) v0 = 1
      else {
        v0 = 0
        a.undef--
      }
      break
    case OP_SIZEOF:
      if (!funcArgsOk(a, 'SIZEOF') || !sym) return false
      if (a.pass === 1 && sym.dataType === -1) {
        a.error('No size attributes for this symbol!')
        return false
      }
      v0 = sym.dataSize
      break
    case OP_HIGH:
      v0 = (v0 & 0xff00) >> 8
      break
    case OP_LOW:
      v0 &= 0xff
      break
    case OP_ADD:
      v0 = (v1 + v0) | 0
      break
    case OP_SUB:
      v0 = (v1 - v0) | 0
      break
    case OP_MUL:
      v0 = Math.imul(v1, v0)
      break
    case OP_DIV:
    case OP_MOD:
      if (v0 === 0) {
        a.error('Divide by zero!')
        return false
      }
      v0 = op === OP_DIV ? (v1 / v0) | 0 : (v1 % v0) | 0
      break
    case OP_NEG:
      v0 = -v0 | 0
      break
    case OP_SHL:
      v0 = v1 << (v0 & 31)
      break
    case OP_SHR:
      v0 = v1 >> (v0 & 31)
      break
    case OP_OR:
      v0 = v1 | v0
      break
    case OP_XOR:
      v0 = v1 ^ v0
      break
    case OP_AND:
      v0 = v1 & v0
      break
    case OP_COM:
      v0 = ~v0
      break
    case OP_NOT:
      v0 = v0 === 0 ? 1 : 0
      break
    case OP_EQUAL:
      v0 = v1 === v0 ? 1 : 0
      break
    case OP_NOT_EQUAL:
      v0 = v1 !== v0 ? 1 : 0
      break
    case OP_LOWER:
      v0 = v1 < v0 ? 1 : 0
      break
    case OP_LOWER_EQUAL:
      v0 = v1 <= v0 ? 1 : 0
      break
    case OP_HIGHER:
      v0 = v1 > v0 ? 1 : 0
      break
    case OP_HIGHER_EQUAL:
      v0 = v1 >= v0 ? 1 : 0
      break
    default:
      a.error('Invalid operator in expression!')
      return false
  }
  s.vals[s.valIdx] = v0
  return true
}
