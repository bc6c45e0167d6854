// User functions (.func): definition (body text with \1..\9) and argument extraction at a call.
import type { Asm } from './context'
import type { ExprState } from './expr'
import { isSpace } from './labels'
import { toLine } from './source'
import { FUNC, MACRO } from './symbols'

/** .func: the line's label names the function; the rest of the line (up to ';') is its body. */
export function doFunc(a: Asm): void {
  if (a.pass === 1) {
    a.println()
    return
  }
  const lab = a.lablptr
  if (lab === null) {
    a.error('No name for this function!')
    return
  }
  if (lab.refcnt) {
    if (lab.type === MACRO) a.fatal('Symbol already used by a macro!')
    if (lab.type === MACRO || lab.type === FUNC) a.fatal('Function already defined!')
    else a.fatal('Symbol already used by a label!')
    return
  }
  lab.type = FUNC
  if (lab.name.indexOf('.') >= 0) {
    a.error('Invalid function name!')
    return
  }
  const ln = a.ln
  let ip = a.ip
  while (isSpace(ln[ip] ?? 0)) ip++
  let body = ''
  let n = 0
  for (;;) {
    const c = ln[ip++] ?? 0
    if (c === 59 || c === 0) break
    if (c === 92) {
      body += '\\'
      n++
      const d = ln[ip++] ?? 0
      if (d < 49 || d > 57) {
        a.error('Invalid function argument!')
        return
      }
      body += String.fromCharCode(d)
    } else {
      body += String.fromCharCode(c)
    }
    n++
    if (n >= 127) {
      a.error('Function line too long!')
      return
    }
  }
  a.funcs.set(lab.name, { name: lab.name, body: toLine(body) })
}

/** func_getargs(): reads `(arg, ...)` after a function name into the argument slots of this depth. */
export function funcGetArgs(a: Asm, s: ExprState): boolean {
  if (a.funcIdx === 7) {
    a.error('Too many nested function calls!')
    return false
  }
  const at = (): number => s.buf[s.pos] ?? 0
  while (isSpace(at())) s.pos++
  if (at() !== 40) return false
  s.pos++
  const args = a.funcArgs[a.funcIdx] ?? []
  for (let i = 0; i < 9; i++) args[i] = ''
  let arg = 0
  for (;;) {
    while (isSpace(at())) s.pos++
    const c0 = at()
    s.pos++
    if (c0 === 44) {
      arg++
      if (arg === 9) {
        a.error('Too many arguments for a function!')
        return false
      }
      continue
    }
    if (c0 === 59 || c0 === 0) {
      a.error('Syntax error in function call!')
      return false
    }
    if (c0 === 41) return true
    // one argument: text up to ',' or ')' at depth 0, inner blanks kept, \n of an outer call inlined
    let c = c0
    let out = ''
    let pending = 0
    let level = 0
    let inner: string | null = null
    let innerPos = 0
    for (;;) {
      if (c === 0) {
        if (inner === null) break
        inner = null
        c = at()
        s.pos++
        continue
      } else if (c === 59) {
        break
      } else if (c === 44) {
        if (level === 0) break
      } else if (c === 92) {
        if (a.funcIdx === 0) {
          a.error('Syntax error!')
          return false
        }
        const d = at()
        s.pos++
        if (d < 49 || d > 57) {
          a.error('Invalid function argument index!')
          return false
        }
        inner = (a.funcArgs[a.funcIdx - 1] ?? [])[d - 49] ?? ''
        innerPos = 0
        c = inner.charCodeAt(innerPos++) | 0
        continue
      } else if (c === 40) {
        level++
      } else if (c === 41) {
        if (level === 0) break
        level--
      }
      if (c === 32) {
        pending++
      } else {
        if (pending && out.length) out += ' '.repeat(pending)
        pending = 0
        out += String.fromCharCode(c)
      }
      if (out.length >= 80) {
        a.error('Invalid function argument length!')
        return false
      }
      if (inner !== null) c = inner.charCodeAt(innerPos++) | 0
      else {
        c = at()
        s.pos++
      }
    }
    args[arg] = out
    s.pos--
  }
}
