// Macros: definition (.macro/.endm, body stored verbatim), look-up of a call, and NESASM's
// argument splitting (commas at depth 0, {} and "" grouping, x/y glued to the previous argument).
import type { Asm, MacroDef } from './context'
import { colsym, isAlnum, isDigit, isSpace, lastSymStart, lastSymLen, stlookAt } from './labels'
import { readline } from './reader'
import type { Line } from './source'
import { FUNC, MACRO } from './symbols'

/** .macro: defines a macro named by the line's label or by the word after the directive. */
export function doMacro(a: Asm): void {
  if (a.pass === 1) {
    a.println()
  } else {
    if (a.expandMacro) {
      a.error('Can not nest macro definitions!')
      return
    }
    if (a.lablptr === null) {
      while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
      const col = a.ip
      if (colsym(a) === 0) {
        a.error('No name for this macro!', col)
        return
      }
      a.lablptr = stlookAt(a, a.ln, lastSymStart, lastSymLen, true)
      if (a.lablptr === null) return
    }
    const lab = a.lablptr
    if (lab.refcnt) {
      if (lab.type === MACRO) a.fatal('Macro already defined!')
      else if (lab.type === FUNC) a.fatal('Symbol already used by a function!')
      else a.fatal('Symbol already used by a label!')
      return
    }
    if (!checkEol(a)) return
    lab.type = MACRO
    if (lab.name.indexOf('.') >= 0) {
      a.error('Invalid macro name!')
      return
    }
    const def: MacroDef = {
      name: lab.name,
      lines: [],
      decode: null,
      index: a.macroList.length,
      file: a.inputs[a.infileNum]?.src.path ?? '',
      line: a.slnum,
      endLine: 0,
      lineNos: [],
    }
    a.macros.set(lab.name, def)
    a.macroList.push(def)
    a.macroKeys[(lab.name.charCodeAt(0) & 0xff) * 64 + (lab.name.length & 63)] = 1
    a.macroFirst[lab.name.charCodeAt(0) & 0xff] = 1
    a.defining = def
    a.macroOpenedAt = a.span(a.opCol)
  }
  a.inMacro = true
}

/** check_eol(): only blanks and a comment may follow. */
export function checkEol(a: Asm): boolean {
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  const c = a.ln[a.ip] ?? 0
  if (c === 59 || c === 0) return true
  a.error('Syntax error!', a.ip)
  return false
}

/** Where the name found by the last successful macroLook() ends. */
export let macroEnd = 0

/** macro_look(): the operation word as a macro name (letters, digits, `_`, at most 30 chars). */
export function macroLook(a: Asm, ip: number): MacroDef | null {
  if (a.macroList.length === 0) return null
  const ln = a.ln
  if (a.macroFirst[ln[ip] ?? 0] !== 1) return null
  let i = ip
  for (;;) {
    const c = ln[i] ?? 0
    if (c === 0 || c === 32 || c === 9 || c === 59) break
    if (!isAlnum(c) && c !== 95) return null
    if (i === ip && isDigit(c)) return null
    if (i - ip === 31) return null
    i++
  }
  if (i === ip) return null
  // cheap filter before allocating the name: first character and length of some macro
  const key = (ln[ip] ?? 0) * 64 + (i - ip)
  if (a.macroKeys[key] !== 1) return null
  // the macro's name is a global symbol: find it without building a string
  const sym = a.symbols.find(null, ln, ip, i - ip)
  const def = sym ? a.macros.get(sym.name) : undefined
  if (def === undefined) return null
  macroEnd = i
  return def
}

/** macro_getargs(): splits the arguments of a call into the next argument slot set. */
export function macroGetArgs(a: Asm, ipStart: number): boolean {
  if (a.midx === 7) {
    a.error('Too many nested macro calls!')
    return false
  }
  a.mcntstack[a.midx] = a.mcounter
  a.mstackLines[a.midx] = a.mlLines
  a.mstackDecode[a.midx] = a.mlDecode
  a.mstackIdx[a.midx] = a.mlIdx
  a.midx++
  const args = a.margs
  const level = a.midx
  args.clear(level)
  let arg = 0
  let ip = ipStart
  for (;;) {
    let ln = a.ln
    while (isSpace(ln[ip] ?? 0)) ip++
    let c = ln[ip++] ?? 0
    switch (c) {
      case 44:
        arg++
        if (arg === 9) {
          a.error('Too many arguments for a macro!')
          return false
        }
        break
      case 123:
      case 34: {
        const close = c === 123 ? 125 : 34
        let out = c === 34 ? '"' : ''
        for (;;) {
          const t = ln[ip++] ?? 0
          if (t === 0) {
            a.error('Unterminated string!')
            return false
          }
          if (out.length === 80) {
            a.error('String too long, max. 80 characters!')
            return false
          }
          if (t === close) break
          out += String.fromCharCode(t)
        }
        if (c === 34) out += '"'
        while (isSpace(ln[ip] ?? 0)) ip++
        const e = ln[ip] ?? 0
        if (e !== 0 && e !== 44 && e !== 59) {
          a.error('Syntax error!', ip)
          return false
        }
        args.setText(level, arg, out)
        break
      }
      case 59:
      case 0:
        return true
      case 92: {
        let i = ip
        while (isSpace(ln[i] ?? 0)) i++
        const e = ln[i] ?? 0
        if (e === 59 || e === 0) {
          if (a.pass === 1) {
            a.println()
            a.clearln()
          }
          if (readline(a) === -1) return false
          ip = 0
          break
        }
        ip = plainArg(a, level, arg, ln, ip, c)
        if (ip < 0) return false
        arg = args.glue(level, arg)
        if (arg < 0) {
          a.error('Macro argument string too long, max. 80 characters!')
          return false
        }
        break
      }
      default:
        ip = plainArg(a, level, arg, ln, ip, c)
        if (ip < 0) return false
        arg = args.glue(level, arg)
        if (arg < 0) {
          a.error('Macro argument string too long, max. 80 characters!')
          return false
        }
        break
    }
    ln = a.ln
    c = 0
  }
}

/** Reads one unquoted argument starting with char `c` (already consumed); returns the new index. */
function plainArg(a: Asm, slot: number, arg: number, ln: Line, ip: number, c: number): number {
  // NESASM copies the characters, dropping blanks that are not followed by something else; as the
  // first character is not a blank, that is the text up to the last non-blank. The length check
  // runs after each character, so it only fires when a non-blank lands exactly on column 80.
  const first = ip - 1
  let last = first
  let level = 0
  while (c) {
    if (c === 44) {
      if (level === 0) break
    } else if (c === 40 || c === 91) {
      level++
    } else if (c === 41 || c === 93) {
      if (level) level--
    } else if (c === 59) {
      break
    }
    if (c !== 32) {
      last = ip - 1
      if (last - first + 1 === 80) {
        a.error('Macro argument string too long, max. 80 characters!')
        return -1
      }
    }
    c = ln[ip++] ?? 0
  }
  a.margs.setBytes(slot, arg, ln, first, last + 1)
  return ip - 1
}
