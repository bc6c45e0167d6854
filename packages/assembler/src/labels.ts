// Label handling: collecting symbol names from the line buffer, symbol lookup with local scopes,
// and NESASM's labldef() rules (redefinition, IF-undefined, phase errors in pass 2).
import type { Asm } from './context'
import { BANK_LIMIT } from './rom-image'
import { D_FIELDS, D_SYMS, SYMS_PER_LINE } from './decode'
import { S_CODE } from './opcodes'
import type { Line } from './source'
import { latin1, textOf, toLine } from './source'
import type { Sym } from './symbols'
import { DEFABS, FUNC, IFUNDEF, MACRO, MDEF, UNDEF } from './symbols'

/** Maximum significant characters of a symbol name. */
export const SYMBOL_MAX = 31

// Character classes of the C locale, as bits of one table entry per byte value (a table load
// instead of range compares: fewer branches in the scanners).
const C_ALPHA = 1
const C_DIGIT = 2
const C_SPACE = 4
const CHAR_CLASS = new Uint8Array(256)
for (let c = 0; c < 256; c++) {
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) CHAR_CLASS[c] = C_ALPHA
  else if (c >= 48 && c <= 57) CHAR_CLASS[c] = C_DIGIT
  else if (c === 32 || (c >= 9 && c <= 13)) CHAR_CLASS[c] = C_SPACE
}

/** C isalpha() for a byte (0-255; anything else is not a letter). */
export function isAlpha(c: number): boolean {
  return ((CHAR_CLASS[c] ?? 0) & C_ALPHA) !== 0
}
export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}
export function isAlnum(c: number): boolean {
  return ((CHAR_CLASS[c] ?? 0) & (C_ALPHA | C_DIGIT)) !== 0
}
/** C isspace(): blank, TAB, LF, VT, FF, CR. */
export function isSpace(c: number): boolean {
  return ((CHAR_CLASS[c] ?? 0) & C_SPACE) !== 0
}

/** Predefined function names (case-insensitive). Returns its operator code, or 0. */
export function keywordOp(name: string): number {
  return keywordAt(toLine(name), 0, name.length)
}

/** keywordOp() on `s[start, start+len)`. */
export function keywordAt(s: Line, start: number, len: number): number {
  switch (len) {
    case 3:
      return sameWord(s, start, 'LOW') ? OP_LOW : 0
    case 4:
      if (sameWord(s, start, 'HIGH')) return OP_HIGH
      if (sameWord(s, start, 'BANK')) return OP_BANK
      return sameWord(s, start, 'PAGE') ? OP_PAGE : 0
    case 6:
      return sameWord(s, start, 'SIZEOF') ? OP_SIZEOF : 0
    case 7:
      return sameWord(s, start, 'DEFINED') ? OP_DEFINED : 0
    default:
      return 0
  }
}

/** Case-insensitive comparison with an upper-case word of the same length. */
export function sameWord(s: Line, start: number, upper: string): boolean {
  for (let i = 0; i < upper.length; i++) {
    let c = s[start + i] ?? 0
    if (c >= 97 && c <= 122) c -= 32
    if (c !== upper.charCodeAt(i)) return false
  }
  return true
}

export const OP_DEFINED = 21
export const OP_HIGH = 22
export const OP_LOW = 23
export const OP_PAGE = 24
export const OP_BANK = 25
export const OP_SIZEOF = 26

/** Where the last name collected by colsym() starts in the line, and its significant length. */
export let lastSymStart = 0
export let lastSymLen = 0

/** The last name collected by colsym(), as a string. */
export function lastSymbolName(a: Asm): string {
  return latin1(a.ln, lastSymStart, lastSymStart + lastSymLen)
}

/**
 * colsym(): collects a symbol at `a.ip` (letters, digits, `_`, `.`; not starting with a digit),
 * keeping 31 characters. Reserved names (A, X, Y, function names) are a fatal error and give 0.
 */
export function colsym(a: Asm): number {
  const ln = a.ln
  let i = a.ip
  const start = i
  for (;;) {
    const c = ln[i] ?? 0
    if (i === start && isDigit(c)) break
    if (!isAlnum(c) && c !== 95 && c !== 46) break
    i++
  }
  return colsymAt(a, start, i - start)
}

/** colsym() for a name whose extent the caller has just scanned (`len` characters at `start`). */
export function colsymAt(a: Asm, start: number, len: number): number {
  const ln = a.ln
  a.ip = start + len
  lastSymStart = start
  lastSymLen = len > SYMBOL_MAX ? SYMBOL_MAX : len
  let err = false
  if (len === 1) {
    const c = (ln[start] ?? 0) | 32
    if (c === 97 || c === 120 || c === 121) err = true
  }
  if (keywordAt(ln, start, lastSymLen)) {
    err = true
    a.exprLablptr = null
    a.exprLablcnt = 0
  }
  if (err) {
    a.fatal('Reserved symbol!', start)
    return 0
  }
  return Math.min(len, SYMBOL_MAX)
}

/** stlook(): finds a symbol; with `create` installs it as undefined. Locals live under their global label. */
export function stlook(a: Asm, name: string, create: boolean): Sym | null {
  return stlookAt(a, toLine(name), 0, name.length, create)
}

/** stlook() on the name `s[start, start+len)`, without allocating when the symbol exists. */
export function stlookAt(a: Asm, s: Line, start: number, len: number, create: boolean): Sym | null {
  let owner: Sym | null = null
  if ((s[start] ?? 0) === 46) {
    owner = a.glabl
    if (!owner) {
      a.error('Local symbol not allowed here!')
      return null
    }
  }
  let sym = a.symbols.find(owner, s, start, len)
  if (sym) {
    sym.refcnt++
    return sym
  }
  if (!create) return null
  const file = a.inputs[a.infileNum]
  const name = textOf(file ? file.src : null, s, start, start + len)
  sym = a.symbols.create(name, a.ifExpr ? IFUNDEF : UNDEF)
  sym.owner = owner
  a.symbols.addAfterFind(sym)
  return sym
}

/**
 * stlookAt(create) for a name in the operand of the current line, through the line's decode slots:
 * a line read again (in pass 2, or a macro body line) finds its symbols without hashing them. A
 * slot holds only a name whose characters, and all before them, are the same on every read.
 */
export function lineSymbol(a: Asm, s: Line, start: number, len: number): Sym | null {
  const slots = a.lnDecode
  if (s !== a.ln || slots === null || start + len > a.lnStable) {
    return stlookAt(a, s, start, len, true)
  }
  const base = a.lnIdx * D_FIELDS + D_SYMS
  let k = 0
  for (; k < SYMS_PER_LINE; k++) {
    const col = slots[base + 2 * k] ?? 0
    if (col === 0) break
    if (col === start + 1) {
      const sym = a.symbols.bySerial(slots[base + 2 * k + 1] ?? 0)
      if (sym.owner !== (sym.owner === null ? null : a.glabl)) break
      sym.refcnt++
      return sym
    }
  }
  const sym = stlookAt(a, s, start, len, true)
  if (sym !== null && k < SYMS_PER_LINE && (slots[base + 2 * k] ?? 0) === 0) {
    slots[base + 2 * k] = start + 1
    slots[base + 2 * k + 1] = sym.serial
  }
  return sym
}

/** labldef(): gives the line's label a value (flag: an address in the current bank/page). */
export function labldef(a: Asm, lval: number, flag: boolean): number {
  const s = a.lablptr
  if (s === null) return 0
  if (flag) lval = (lval & 0x1fff) | (a.page << 13)
  if (a.pass === 0) {
    switch (s.type) {
      case UNDEF:
        s.type = DEFABS
        s.value = lval
        break
      case IFUNDEF:
        a.error('Can not define this label, declared as undefined in an IF expression!', a.labelCol)
        return -1
      case MACRO:
        a.error('Symbol already used by a macro!', a.labelCol)
        return -1
      case FUNC:
        a.error('Symbol already used by a function!', a.labelCol)
        return -1
      default:
        if (s.reserved) {
          a.fatal('Reserved symbol!', a.labelCol)
          return -1
        }
        if (s.value === lval) break
        s.type = MDEF
        s.value = 0
        a.error(
          'Label multiply defined!',
          a.labelCol,
          `'${s.name}' is already defined with a different value ($${(lval >>> 0).toString(16).toUpperCase()} here)`,
        )
        return -1
    }
  } else if (s.value !== lval || (flag && a.bank < BANK_LIMIT && s.bank !== a.bank)) {
    a.fatal(
      'Internal error[1]!',
      a.labelCol,
      `phase error: '${s.name}' gets a different address in pass 2 than in pass 1 (the code before it changed size between passes, e.g. .ifdef before a definition, a forward reference in '=' or .org, or a statement that failed in pass 2)`,
    )
    return -1
  }
  if (flag) {
    if (a.section === S_CODE) s.proc = a.procs.current
    s.bank = a.bank
    s.page = a.page
    if (s.name.charCodeAt(0) === 46) {
      a.lastlabl = null
    } else {
      a.glabl = s
      a.lastlabl = s
    }
  }
  return 0
}

/** lablset(): creates or updates a predefined (reserved) symbol. */
export function lablset(a: Asm, name: string, val: number): void {
  a.lablptr = null
  const s = stlook(a, name, true)
  if (s) {
    s.type = DEFABS
    s.value = val
    s.reserved = true
  }
}
