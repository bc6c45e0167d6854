// Location, symbol, header, listing and conditional directives: .org .bank .page sections .rs
// .rsset .equ .ines* .list/.nolist/.mlist/.nomlist .opt .fail .if/.ifdef/.ifndef.
import type { Asm } from './context'
import { BANK_LIMIT } from './rom-image'
import type { ExprState } from './expr'
import { evaluate } from './expr'
import { colsym, isSpace, labldef, lastSymStart, lastSymLen, stlookAt } from './labels'
import { getString } from './files'
import { checkEol } from './macros'
import { S_BSS, S_ZP } from './opcodes'

export function doEqu(a: Asm, s: ExprState): void {
  if (!evaluate(a, s, 59)) return
  labldef(a, a.value, false)
  if (a.pass === 1) {
    a.loadlc(a.value, 1)
    a.println()
  }
}

export function doPage(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  if (!evaluate(a, s, 59)) return
  if (a.value >>> 0 > 7) {
    a.error('Invalid page index!')
    return
  }
  a.page = a.value
  if (a.pass === 1) {
    a.loadlc(a.value << 13, 1)
    a.println()
  }
}

export function doOrg(a: Asm, s: ExprState): void {
  if (!evaluate(a, s, 59)) return
  if (a.undef !== 0) {
    a.error('Undefined symbol in operand field!')
    return
  }
  const v = a.value >>> 0
  if (a.section === S_ZP) {
    if (v & 0xffffff00) {
      a.error('Invalid address!')
      return
    }
  } else if (a.section === S_BSS) {
    if (v >= 0x800) {
      a.error('Invalid address!')
      return
    }
  } else {
    if (v & 0xffff0000) {
      a.error('Invalid address!')
      return
    }
    a.page = (v >> 13) & 7
  }
  a.loccnt = v & 0x1fff
  labldef(a, a.loccnt, true)
  if (a.pass === 1) {
    a.loadlc(a.value, 1)
    a.println()
  }
}

/** Saves the location of the current (section, bank) pair. */
function saveBank(a: Asm): void {
  const k = a.section * 256 + a.bank
  a.bankGlabl[k] = a.glabl
  a.bankLoccnt[k] = a.loccnt
  a.bankPage[k] = a.page
}

function loadBank(a: Asm): void {
  const k = a.section * 256 + a.bank
  a.page = a.bankPage[k] ?? 0
  a.loccnt = a.bankLoccnt[k] ?? 0
  a.glabl = a.bankGlabl[k] ?? null
}

export function doBank(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  if (!evaluate(a, s, 0)) return
  if (a.value > BANK_LIMIT || a.value < 0) {
    a.error('Bank index out of range!')
    return
  }
  const c = a.ln[a.ip] ?? 0
  if (c === 44) {
    a.ip++
    const name = getString(a, 63)
    if (name === null) return
    const old = a.bankName[a.value] ?? ''
    if (old.length && old.toLowerCase() !== name.toLowerCase()) {
      a.error('Different bank names not allowed!')
      return
    }
    a.bankName[a.value] = name.slice(0, 63)
    if (!checkEol(a)) return
  } else if (c !== 59 && c !== 0) {
    a.error('Syntax error!', a.ip)
    return
  }
  saveBank(a)
  a.bank = a.value
  loadBank(a)
  if (a.maxBank < a.bank) a.maxBank = a.bank
  if (a.pass === 1) {
    a.loadlc(a.bank, 1)
    a.println()
  }
}

export function doSection(a: Asm, target: number): void {
  if (a.section !== target) {
    a.sectionBank[a.section] = a.bank
    saveBank(a)
    a.section = target
    a.bank = a.sectionBank[target] ?? 0
    loadBank(a)
  }
  if (a.pass === 1) {
    a.loadlc(a.loccnt + (a.page << 13), 1)
    a.println()
  }
}

export function doRsset(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  if (!evaluate(a, s, 59)) return
  if ((a.value >>> 0) & 0xffff0000) {
    a.error('Address out of range!')
    return
  }
  a.rsbase = a.value
  if (a.pass === 1) {
    a.loadlc(a.rsbase, 1)
    a.println()
  }
}

export function doRs(a: Asm, s: ExprState): void {
  labldef(a, a.rsbase, false)
  if (a.pass === 1 && a.lablptr !== null) a.rsSymbols.add(a.lablptr)
  if (!evaluate(a, s, 59)) return
  if (a.pass === 1) {
    a.loadlc(a.rsbase, 1)
    a.println()
  }
  a.rsbase = (a.rsbase + a.value) | 0
  if ((a.rsbase >>> 0) & 0xffff0000) a.error('Address out of range!')
}

export function doInes(a: Asm, s: ExprState, which: 'PRG' | 'CHR' | 'MAP' | 'MIR'): void {
  if (!evaluate(a, s, 59)) return
  const v = a.value >>> 0
  switch (which) {
    case 'PRG':
      if (v > 64) return a.error('PRG bank value out of range!')
      a.inesPrg = v
      break
    case 'CHR':
      if (v > 64) return a.error('CHR bank value out of range!')
      a.inesChr = v
      break
    case 'MAP':
      if (v > 255) return a.error('Mapper value out of range!')
      a.inesMap0 = (a.inesMap0 & 0x0f) | ((v & 0x0f) << 4)
      a.inesMap1 = v & 0xf0
      break
    case 'MIR':
      if (v > 15) return a.error('Mirror value out of range!')
      a.inesMap0 = (a.inesMap0 & 0xf0) | (v & 0x0f)
      break
  }
  if (a.pass === 1) a.println()
}

export function doListing(a: Asm, which: 'LIST' | 'MLIST' | 'NOLIST' | 'NOMLIST'): void {
  if (!checkEol(a)) return
  switch (which) {
    case 'LIST':
      a.optList = true
      a.xlist = true
      break
    case 'MLIST':
      a.optMacro = true
      break
    case 'NOLIST':
      a.optList = false
      break
    case 'NOMLIST':
      a.optMacro = a.opts.mlist
      break
  }
}

export function doOpt(a: Asm): void {
  const ln = a.ln
  for (;;) {
    while (isSpace(ln[a.ip] ?? 0)) a.ip++
    let c = ln[a.ip++] ?? 0
    if (c === 44) continue
    if (c === 59 || c === 0) break
    let name = ''
    for (;;) {
      if (c === 44 || c === 59 || c === 0 || c === 32) break
      if (name.length > 31) {
        a.error('Syntax error!')
        return
      }
      name += String.fromCharCode(c)
      c = ln[a.ip++] ?? 0
    }
    if (c !== 44) a.ip--
    const flag = name.charCodeAt(name.length - 1) | 0
    const opt = name.slice(0, -1).toLowerCase()
    const on = flag === 43
    const off = flag === 45
    if (opt === 'l') {
      if (on) a.optList = true
      if (off) a.optList = false
    } else if (opt === 'm') {
      if (on) a.optMacro = true
      if (off) a.optMacro = false
    } else if (opt === 'w') {
      if (on) a.optWarn = true
      if (off) a.optWarn = false
    } else if (opt !== 'o') {
      a.error('Unknown option!')
      return
    }
  }
  if (a.pass === 1) a.println()
}

/** Pushes one conditional level; `take` says whether the branch is assembled. */
function pushIf(a: Asm, take: boolean): boolean {
  if (a.ifLevel === 255) {
    a.fatal('Too many nested IF/ENDIF!')
    return false
  }
  a.inIf = true
  a.ifLevel++
  if (a.ifLevel < a.ifOpenedAt.length) a.ifOpenedAt[a.ifLevel] = a.span(a.opCol)
  a.ifState[a.ifLevel] = a.skipLines ? 0 : 1
  if (!a.skipLines) {
    a.skipLines = !take
    a.ifFlag[a.ifLevel] = take ? 0 : 1
  }
  return true
}

export function doIf(a: Asm, s: ExprState): void {
  labldef(a, a.loccnt, true)
  a.ifExpr = true
  const ok = evaluate(a, s, 59)
  a.ifExpr = false
  if (!ok) return
  if (!pushIf(a, a.value !== 0)) return
  if (a.pass === 1) {
    a.loadlc(a.value, 1)
    a.println()
  }
}

export function doIfdef(a: Asm, isIfdef: boolean): void {
  labldef(a, a.loccnt, true)
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  const col = a.ip
  if (!colsym(a)) {
    a.error('Syntax error!', col)
    return
  }
  if (!checkEol(a)) return
  const sym = stlookAt(a, a.ln, lastSymStart, lastSymLen, false)
  const exists = sym !== null
  if (!pushIf(a, isIfdef ? exists : !exists)) return
  if (a.pass === 1) {
    a.loadlc(a.skipLines ? 0 : 1, 1)
    a.println()
  }
}
