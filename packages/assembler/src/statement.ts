// One source line: macro-definition capture, conditional skipping, label recognition, then the
// macro call, instruction or directive, following NESASM's assemble() step by step.
import type { Asm, MacroDef } from './context'
import { doDb, doDefchr, doDs, doDw } from './data'
import {
  doBank,
  doEqu,
  doIf,
  doIfdef,
  doInes,
  doListing,
  doOpt,
  doOrg,
  doPage,
  doRs,
  doRsset,
  doSection,
} from './directives'
import type { ExprState } from './expr'
import { doIncbin, doIncchr, doInclude } from './files'
import { doFunc } from './func'
import {
  colsym,
  colsymAt,
  isAlnum,
  isDigit,
  isSpace,
  labldef,
  lastSymStart,
  lastSymLen,
  lastSymbolName,
  stlookAt,
} from './labels'
import { latin1 } from './source'
import { setMacroLines } from './reader'
import { doCall, doEndp, doProc } from './proc'
import { checkEol, doMacro, macroEnd, macroGetArgs, macroLook } from './macros'
import type { OpContext } from './operand'
import { class1, class2, class4 } from './operand'
import type { Directive, OpEntry } from './opcodes'
import type { DecodeSlots } from './decode'
import { D_COLS, D_FIELDS, D_LABEL, D_LABEL_COL, D_MACRO_CALL, D_MACROS, D_OP } from './decode'
import {
  ABS,
  ABS_X,
  ABS_Y,
  IMM,
  lookupOp,
  OP_ENTRIES,
  lookupOpName,
  S_BSS,
  S_CODE,
  S_DATA,
  S_ZP,
  ZP,
  ZP_IND_Y,
  ZP_X,
} from './opcodes'

const EXT_MODES = IMM | ZP | ZP_X | ZP_IND_Y | ABS | ABS_X | ABS_Y

/** oplook(): the operation word at `a.ip`; -1 = not a valid/known word, -2 = no word at all. */
function oplook(a: Asm, ctx: OpContext): OpEntry | -1 | -2 {
  const ln = a.ln
  let i = a.ip
  const start = i
  let dot = -1
  ctx.opext = 0
  for (;;) {
    const c = ln[i] ?? 0
    if (c === 32 || c === 9 || c === 0 || c === 59) break
    if (!isAlnum(c) && c !== 46 && c !== 42 && c !== 61) return -1
    if (c === 46 && i > start) {
      if (dot >= 0) return -1
      dot = i
      i++
      continue
    }
    if (dot >= 0) {
      if (ctx.opext) return -1
      ctx.opext = c & ~32
      i++
      continue
    }
    if (i - start === 15) return -1
    i++
    if (c === 61) break
  }
  if (dot >= 0 && ctx.opext !== 76 && ctx.opext !== 72) return -1
  const end = dot >= 0 ? dot : i
  if (end === start) return -2
  const e = lookupOp(ln, start, end)
  if (!e) return -1
  if (ctx.opext) {
    if (e.kind === 'dir') return -1
    if (!(e.flags & EXT_MODES)) return -1
  }
  a.ip = i
  return e
}

/** assemble(): processes the line in `a.ln`. */
export function assembleLine(a: Asm, s: ExprState, ctx: OpContext): void {
  a.lablptr = null
  a.continued = 0
  a.dataLoccnt = -1
  a.dataSize = 3
  a.dataLevel = 1
  a.stmtCol = 0
  a.labelCol = 0
  const ln = a.ln

  if (a.inMacro) {
    captureMacroLine(a, ctx)
    return
  }
  if (a.inIf && conditionalLine(a, ctx)) return
  if (a.skipLines) return

  const c0 = ln[0] ?? 0
  if (c0 === 59 || c0 === 42 || c0 === 0) {
    a.lastlabl = null
    if (a.pass === 1) a.println()
    return
  }
  let e: OpEntry | -1 | -2 | null
  const slots = a.lnDecode
  const at = a.lnIdx * D_FIELDS
  if (
    slots !== null &&
    slots[at + D_MACROS] === a.macroList.length + 1 &&
    cachedLabel(a, slots, at)
  ) {
    const cols = slots[at + D_COLS] ?? 0
    const col = cols & 0xffff
    a.stmtCol = col
    a.opCol = col
    const op = slots[at + D_OP] ?? 0
    if (op & D_MACRO_CALL) {
      callMacro(a, a.macroList[(op & 0xffff) - 1] as MacroDef, cols >>> 16, col)
      return
    }
    a.ip = cols >>> 16
    ctx.opext = op >>> 16
    e = OP_ENTRIES[(op & 0xffff) - 1] ?? -2
  } else {
    e = decodeLine(a, ctx)
    if (e === null) return
  }
  if (typeof e === 'number') {
    labldef(a, a.loccnt, true)
    if (e === -1) a.error('Unknown instruction!', a.stmtCol, unknownDetail(a, a.stmtCol))
    else if (a.pass === 1) {
      if (a.lablptr) a.loadlc(a.loccnt, 0)
      a.println()
    }
    a.lastlabl = null
    return
  }
  if (e.kind === 'dir') {
    doPseudo(a, e, s, ctx)
    return
  }
  if (labldef(a, a.loccnt, true) === -1) return
  a.dataLoccnt = a.loccnt
  if (a.section !== S_CODE) a.fatal('Instructions not allowed in this section!', a.stmtCol)
  if (e.cls === 1) class1(a, e)
  else if (e.cls === 2) class2(a, e, s)
  else class4(a, e, s, ctx)
  a.lastlabl = null
}

/** Takes the label of a cached decode; false when it does not apply (a local label under another global). */
function cachedLabel(a: Asm, slots: DecodeSlots, at: number): boolean {
  const serial = slots[at + D_LABEL] ?? 0
  if (serial === 0) return true
  const sym = a.symbols.bySerial(serial - 1)
  if (sym.owner !== (sym.owner === null ? null : a.glabl)) return false
  sym.refcnt++
  a.lablptr = sym
  const col = slots[at + D_LABEL_COL] ?? 0
  if (col < 0) {
    a.labelCol = -col - 1
    mnemonicLabelWarning(a, sym.name)
  } else a.labelCol = col - 1
  return true
}

/**
 * Reads the line's label, then looks its operation word up as a macro (a call is made here: null)
 * or as an instruction or directive; stores the result in the line's decode slot when it can be
 * reused. Null also when the label is in error.
 */
function decodeLine(a: Asm, ctx: OpContext): OpEntry | -1 | -2 | null {
  const ln = a.ln
  const errors = a.errcnt
  // label: column 1, or indented and followed by ':'
  let i = 0
  while (isSpace(ln[i] ?? 0)) i++
  let j = 0
  let c = 0
  for (;;) {
    c = ln[i + j] ?? 0
    if (isDigit(c) && j === 0) break
    if (!isAlnum(c) && c !== 95 && c !== 46) break
    j++
  }
  // not a label: `i` already points at the first non-blank (where NESASM's rescan would land)
  const labelCol = i
  let bareLabel = false
  if (j !== 0 && (i === 0 || c === 58)) {
    a.labelCol = i
    if (colsymAt(a, i, j) !== 0) {
      a.lablptr = stlookAt(a, ln, lastSymStart, lastSymLen, true)
      if (a.lablptr === null) return null
      bareLabel = i === 0 && c !== 58
      if (bareLabel) mnemonicLabelWarning(a, lastSymbolName(a))
    }
    i = a.ip
    if (a.lablptr && (ln[i] ?? 0) === 58) i++
  }
  while (isSpace(ln[i] ?? 0)) i++
  a.stmtCol = i
  a.opCol = i

  const slots = a.lnDecode
  const m = macroLook(a, i)
  if (m) {
    const end = macroEnd
    if (slots !== null && a.errcnt === errors && end < a.lnStable && m.index < 0xffff) {
      storeDecode(a, slots, i, end, (m.index + 1) | D_MACRO_CALL, labelCol, bareLabel)
    }
    callMacro(a, m, end, i)
    return null
  }
  a.ip = i
  const e = oplook(a, ctx)
  if (slots !== null && e !== -1 && a.errcnt === errors && a.ip < a.lnStable) {
    const op = (e === -2 ? 0 : e.index + 1) | (ctx.opext << 16)
    storeDecode(a, slots, i, a.ip, op, labelCol, bareLabel)
  }
  return e
}

function storeDecode(
  a: Asm,
  slots: DecodeSlots,
  col: number,
  end: number,
  op: number,
  labelCol: number,
  bareLabel: boolean,
): void {
  const at = a.lnIdx * D_FIELDS
  const label = a.lablptr
  slots[at + D_MACROS] = a.macroList.length + 1
  slots[at + D_COLS] = col | (end << 16)
  slots[at + D_OP] = op
  slots[at + D_LABEL] = label === null ? 0 : label.serial + 1
  slots[at + D_LABEL_COL] = bareLabel ? -labelCol - 1 : labelCol + 1
}

function mnemonicLabelWarning(a: Asm, name: string): void {
  if (a.pass !== 1 || name.length !== 3) return
  const e = lookupOpName(name)
  if (e && e.kind === 'inst') {
    a.warn(
      'MnemonicAsLabel',
      `"${name}" in column 1 is a label, not an instruction: indent it to assemble "${name}"`,
      0,
    )
  }
}

function callMacro(a: Asm, def: MacroDef, end: number, col: number): void {
  labldef(a, a.loccnt, true)
  if (a.pass === 1 && !a.optMacro) a.loadlc((a.page << 13) + a.loccnt, 0)
  if (!a.expandMacro) {
    a.callCol = col
    a.callName = def.name
  }
  if (!macroGetArgs(a, end)) return
  if (a.pass === 1) a.println()
  a.mcntmax++
  a.mcounter = a.mcntmax
  a.expandMacro = true
  setMacroLines(a, def.lines, (def.decode ??= a.decodes.of(def.lines)))
  a.mlIdx = 0
}

function captureMacroLine(a: Asm, ctx: OpContext): void {
  a.ip = 0
  if (colsym(a) && (a.ln[a.ip] ?? 0) === 58) a.ip++
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  if (a.pass === 1) a.println()
  const e = oplook(a, ctx)
  if (typeof e !== 'number' && e.kind === 'dir') {
    if (e.id === 'MACRO') {
      a.error('Can not nest macro definitions!')
      return
    }
    if (e.id === 'ENDM') {
      if (!checkEol(a)) return
      if (a.pass === 0 && a.defining) a.defining.endLine = a.slnum
      a.inMacro = false
      a.defining = null
      return
    }
  }
  if (a.pass === 0 && a.defining) {
    a.defining.lines.push(a.ln.slice(0, a.ln.indexOf(0) + 1))
    // where each body line is, for the source map (a debugger's breakpoints in macro bodies)
    if (a.opts.sourceMap === true) a.defining.lineNos.push(a.slnum)
  }
}

/** Tracks .if/.else/.endif while inside a conditional; true when the line is fully handled. */
function conditionalLine(a: Asm, ctx: OpContext): boolean {
  a.ip = 0
  while (isSpace(a.ln[a.ip] ?? 0)) a.ip++
  const e = oplook(a, ctx)
  if (typeof e === 'number' || e.kind !== 'dir') return false
  switch (e.id) {
    case 'IF':
    case 'IFDEF':
    case 'IFNDEF':
      if (a.skipLines) {
        a.ifLevel++
        a.ifState[a.ifLevel] = 0
      }
      return false
    case 'ELSE':
      if (!checkEol(a)) return true
      if (a.ifState[a.ifLevel]) {
        a.skipLines = !a.ifFlag[a.ifLevel]
        if (a.pass === 1) a.println()
      }
      return true
    case 'ENDIF':
      if (!checkEol(a)) return true
      if (a.ifState[a.ifLevel] && a.pass === 1) a.println()
      a.skipLines = !a.ifState[a.ifLevel]
      a.ifLevel--
      if (a.ifLevel === 0) a.inIf = false
      return true
    default:
      return false
  }
}

const SECTION_OF: Record<string, number> = { ZP: S_ZP, BSS: S_BSS, CODE: S_CODE, DATA: S_DATA }

function doPseudo(a: Asm, d: Directive, s: ExprState, ctx: OpContext): void {
  if (!(d.sections & (1 << a.section))) a.fatal('Directive not allowed in the current section!')
  const oldBank = a.bank
  runDirective(a, d, s, ctx)
  if (a.lastlabl) {
    const t = a.lastlabl.dataType
    if (d.id === 'DB' || d.id === 'DW' ? t !== 'DB' : t !== d.id) a.lastlabl = null
  }
  if (a.pass === 1 && a.optWarn && (d.id === 'INCBIN' || d.id === 'INCCHR') && a.bank !== oldBank) {
    const size = (a.bank - oldBank - 1) * 8192 + a.loccnt
    if (size) a.nesasmWarning(`Warning, bank overflow by ${size} bytes!\n`)
  }
}

function runDirective(a: Asm, d: Directive, s: ExprState, _ctx: OpContext): void {
  switch (d.id) {
    case 'DB':
      return doDb(a, s)
    case 'DW':
      return doDw(a, s)
    case 'DS':
      return doDs(a, s)
    case 'EQU':
      return doEqu(a, s)
    case 'ORG':
      return doOrg(a, s)
    case 'PAGE':
      return doPage(a, s)
    case 'BANK':
      return doBank(a, s)
    case 'INCBIN':
      return doIncbin(a)
    case 'INCLUDE':
      return doInclude(a)
    case 'INCCHR':
      return doIncchr(a, s)
    case 'DEFCHR':
      return doDefchr(a, s)
    case 'MACRO':
      return doMacro(a)
    case 'ENDM':
      return a.error('Unexpected ENDM!')
    case 'LIST':
    case 'MLIST':
    case 'NOLIST':
    case 'NOMLIST':
      return doListing(a, d.id)
    case 'RSSET':
      return doRsset(a, s)
    case 'RS':
      return doRs(a, s)
    case 'IF':
      return doIf(a, s)
    case 'IFDEF':
    case 'IFNDEF':
      return doIfdef(a, d.id === 'IFDEF')
    case 'ELSE':
      if (!a.inIf) a.fatal('Unexpected ELSE!')
      return
    case 'ENDIF':
      if (!a.inIf) a.fatal('Unexpected ENDIF!')
      return
    case 'FAIL':
      return a.fatal('Compilation failed!')
    case 'ZP':
    case 'BSS':
    case 'CODE':
    case 'DATA':
      return doSection(a, SECTION_OF[d.id] ?? S_CODE)
    case 'FUNC':
      return doFunc(a)
    case 'INESPRG':
      return doInes(a, s, 'PRG')
    case 'INESCHR':
      return doInes(a, s, 'CHR')
    case 'INESMAP':
      return doInes(a, s, 'MAP')
    case 'INESMIR':
      return doInes(a, s, 'MIR')
    case 'OPT':
      return doOpt(a)
    case 'PROC':
    case 'PROCGROUP':
      return doProc(a, d.id === 'PROCGROUP')
    case 'ENDP':
    case 'ENDPROCGROUP':
      return doEndp(a, d.id === 'ENDPROCGROUP')
    case 'CALL':
      return doCall(a)
  }
}

/** A clearer message for an unknown operation word (with NESASM's usual causes). */
function unknownDetail(a: Asm, col: number): string {
  const ln = a.ln
  let end = col
  while (end < ln.length && !isSpace(ln[end] ?? 0) && (ln[end] ?? 0) !== 0) end++
  const word = latin1(ln, col, end)
  if (a.lablptr && col > 0 && lookupOpName(a.lablptr.name)) {
    return `unknown instruction '${word}': '${a.lablptr.name}' in column 1 is a label, indent it to make it an instruction`
  }
  if (/^\.?[a-z]+[^a-z0-9 ]/i.test(word)) {
    return `unknown instruction '${word}': a directive or instruction must be followed by a blank`
  }
  return `unknown instruction '${word}'`
}
