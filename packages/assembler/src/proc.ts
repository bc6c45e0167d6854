// Procedures (.proc/.endp, .procgroup/.endprocgroup) and `call`, as NESASM 3.1 does them for every
// machine: pass 1 assembles each proc at $A000 in a pseudo bank, then the procs are packed into new
// banks after the highest bank used and their labels moved; `call` is a jsr (through an 18-byte
// PC-Engine bank-switching stub when the proc lives in another bank).
import type { Asm } from './context'
import { BANK_LIMIT, BANK_SIZE } from './rom-image'
import { checkEol } from './macros'
import {
  colsym,
  isSpace,
  labldef,
  lablset,
  lastSymLen,
  lastSymStart,
  stlook,
  stlookAt,
} from './labels'
import { S_CODE } from './opcodes'
import { latin1 } from './source'

/** Pseudo banks of procs and groups during pass 1 (NESASM's PROC_BANK and GROUP_BANK). */
const PROC_BANK = 0xf1
const GROUP_BANK = 0xf2

export interface Proc {
  name: string
  isGroup: boolean
  /** The pseudo bank in pass 1, the real bank after relocation. */
  bank: number
  /** Offset of a proc inside its group (0 for a top-level proc or group). */
  base: number
  /** Offset in its bank (relocated after pass 1). */
  org: number
  size: number
  /** Address of its bank-switching stub (0 = none yet). */
  call: number
  refcnt: number
  oldBank: number
  group: Proc | null
  /** The next proc in declaration order. */
  link: Proc | null
}

/** Proc state of one assembly. */
export interface ProcState {
  byName: Map<string, Proc>
  first: Proc | null
  last: Proc | null
  current: Proc | null
  /** Procs opened in this pass. */
  count: number
  callPtr: number
  callBank: number
}

export function newProcState(): ProcState {
  return {
    byName: new Map(),
    first: null,
    last: null,
    current: null,
    count: 0,
    callPtr: 0,
    callBank: 0,
  }
}

/** `.proc` / `.procgroup` (do_proc). */
export function doProc(a: Asm, isGroup: boolean): void {
  const ps = a.procs
  const cur = ps.current
  if (cur) {
    if (isGroup) return a.fatal('Can not declare a group inside a proc/group!')
    if (!cur.isGroup) return a.fatal('Can not nest procs!')
  }
  let name: string
  if (a.lablptr) {
    name = a.lablptr.name
  } else {
    while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
    if (colsym(a) === 0) {
      if (lastSymLen) return
      if (!isGroup) return a.fatal('Proc name is missing!')
      name = `__group_${ps.count + 1}__`
      a.lablptr = stlook(a, name, true)
    } else {
      name = latin1(a.ln, lastSymStart, lastSymStart + lastSymLen)
      a.lablptr = stlookAt(a, a.ln, lastSymStart, lastSymLen, true)
    }
    if (a.lablptr === null) return
  }
  if (name.charCodeAt(0) === 46) return a.fatal('Proc/group name can not be local!')
  if (!checkEol(a)) return
  let p = ps.byName.get(name)
  if (p) ps.current = p
  else p = install(a, name, isGroup)
  if (p.refcnt) return a.fatal('Proc/group multiply defined!')
  p.refcnt++
  const k = a.section * 256 + a.bank
  a.bankGlabl[k] = a.glabl
  a.bankLoccnt[k] = a.loccnt
  a.bankPage[k] = a.page
  p.oldBank = a.bank
  ps.count++
  a.bank = p.bank
  a.page = 5
  a.loccnt = p.org
  a.glabl = a.lablptr
  labldef(a, a.loccnt, true)
  if (a.pass === 1) {
    a.loadlc((a.page << 13) + a.loccnt, 0)
    a.println()
  }
}

function install(a: Asm, name: string, isGroup: boolean): Proc {
  const ps = a.procs
  const base = ps.current ? a.loccnt : 0
  const p: Proc = {
    name,
    isGroup,
    bank: isGroup ? GROUP_BANK : PROC_BANK,
    base,
    org: base,
    size: 0,
    call: 0,
    refcnt: 0,
    oldBank: 0,
    group: ps.current,
    link: null,
  }
  ps.byName.set(name, p)
  ps.current = p
  if (ps.last) ps.last.link = p
  else ps.first = p
  ps.last = p
  return p
}

/** `.endp` / `.endprocgroup` (do_endp). */
export function doEndp(a: Asm, isGroup: boolean): void {
  const ps = a.procs
  const p = ps.current
  if (p === null || p.isGroup !== isGroup) return a.fatal('Unexpected ENDP/ENDPROCGROUP!')
  if (!checkEol(a)) return
  a.bank = p.oldBank
  p.size = a.loccnt - p.base
  ps.current = p.group
  if (ps.current === null) {
    const k = a.section * 256 + a.bank
    a.page = a.bankPage[k] ?? 0
    a.loccnt = a.bankLoccnt[k] ?? 0
    a.glabl = a.bankGlabl[k] ?? null
  }
  if (a.pass === 1) a.println()
}

/** `call name` (do_call): a jsr to a proc or a label. */
export function doCall(a: Asm): void {
  labldef(a, a.loccnt, true)
  a.dataLoccnt = a.loccnt
  a.loccnt += 3
  if (a.pass !== 1) return
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  if (colsym(a) === 0) {
    if (lastSymLen === 0) a.fatal('Syntax error!')
    return
  }
  const start = lastSymStart
  const len = lastSymLen
  checkEol(a)
  const p = a.procs.byName.get(latin1(a.ln, start, start + len))
  let value: number
  if (p) {
    if (a.bank === p.bank) value = p.org + 0xa000
    else if (p.call) value = p.call
    else value = callStub(a, p)
  } else {
    a.lablptr = stlookAt(a, a.ln, start, len, false)
    if (a.lablptr === null) return a.fatal('Undefined destination!')
    value = a.lablptr.value
  }
  a.putbyte(a.dataLoccnt, 0x20)
  a.putword(a.dataLoccnt + 1, value)
  a.println()
}

/** Installs NESASM's bank-switching stub for `p` in the call bank (PC-Engine tma/tam code). */
function callStub(a: Asm, p: Proc): number {
  const ps = a.procs
  const value = ps.callPtr + 0x8000
  p.call = value
  if (ps.callPtr === 0) ps.callBank = ++a.maxBank
  const hi = (p.org >> 8) + 0xa0
  const code = [0xa8, 0x43, 0x20, 0x48, 0xa9, p.bank, 0x53, 0x20, 0x98, 0x20, p.org, hi]
  code.push(0xa8, 0x68, 0x53, 0x20, 0x98, 0x60)
  for (const b of code) poke(a, ps.callPtr++, b)
  return value
}

function poke(a: Asm, addr: number, data: number): void {
  const bank = a.procs.callBank
  if (addr < 0 || addr >= BANK_SIZE || bank >= 128) return
  const at = bank * BANK_SIZE + addr
  a.fillTo(at + 1)
  a.rom[at] = data & 0xff
  a.map[at] = S_CODE + (4 << 5)
}

/** proc_reloc(): after pass 1, packs the procs into banks after the last one used and moves their labels. */
export function procReloc(a: Asm): void {
  const ps = a.procs
  if (ps.count === 0) return
  let bank = a.maxBank + 1
  let addr = 0
  for (let p = ps.first; p; p = p.link) {
    const group = p.group
    if (group === null) {
      if (addr + p.size > BANK_SIZE) {
        bank++
        addr = 0
      }
      if (bank > BANK_LIMIT) {
        a.fatal('Not enough ROM space for procs!')
        return
      }
      p.bank = bank
      p.org = addr
      addr += p.size
    } else {
      p.bank = bank
      p.org += group.org - group.base
    }
    a.maxBank = bank
    p.refcnt = 0
  }
  a.symbols.forEachProcSymbol((sym) => {
    const p = sym.proc
    if (p === null) return
    sym.bank = p.bank
    sym.value += p.org - p.base
  })
  lablset(a, '_call_bank', a.maxBank + 1)
  ps.current = null
  ps.count = 0
}
