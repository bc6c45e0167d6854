// The two-pass driver: pass 1 defines symbols and sizes, pass 2 generates bytes and the listing,
// then the outputs (.nes/-raw/-srec, .lst, .fns, NESASM's stdout) are produced.
import type { ResolvedOptions } from './context'
import { Asm } from './context'
import { BANK_SIZE } from './rom-image'
import { ExprState } from './expr'
import { segmentReport, writeInesHeader, writeRom, writeSrec } from './ines'
import { lablset } from './labels'
import type { OpContext } from './operand'
import { openInput, readline, setMacroLines, withAsmExtension } from './reader'
import { RESERVED_BANK, formatFns } from './symbols'
import { S_BSS, S_CODE, S_DATA, S_ZP } from './opcodes'
import { assembleLine } from './statement'
import { procReloc } from './proc'
import type { DebugInfo } from './source-map'
import { buildDebugInfo } from './source-map'
import type { MacroDef } from './context'
import type { Line } from './source'
import { logMacroOrigin, macrosByBody } from './macro-origin'

/** Maximum lines processed in one pass (bounds macro fan-out). */
const LINE_BUDGET = 5_000_000

export interface RunOptions extends ResolvedOptions {
  output: 'nes' | 'raw' | 'srec'
  /** -s (1) or -S (2) segment report. */
  segments: 0 | 1 | 2
  /** Count RunResult.assembledBytes (default true; the CLI does not print it). */
  countBytes?: boolean
}

export interface RunResult {
  asm: Asm
  ok: boolean
  rom?: Uint8Array
  srec?: string
  listingText?: string
  /** Builds the .fns text (on demand: large programs have thousands of symbols). */
  fnsText: () => string
  stdout: string
  /** stdout without NESASM's error reports. */
  progress: string
  /** True when the main file could not be opened. */
  inputMissing: boolean
  /** ROM byte positions that statements wrote, each counted once (as NESASM's segment report); -1 when not counted. */
  assembledBytes: number
  /** Builds the source map and labels (on demand). */
  debugInfo: () => DebugInfo
}

/** Prints a line that NESASM writes to stdout (not an error report). */
function say(a: Asm, text: string): void {
  a.out.push(text)
  a.progress.push(text)
}

function resetPass(a: Asm): void {
  a.infileError = -1
  a.page = 7
  a.bank = 0
  a.loccnt = 0
  a.slnum = 0
  a.mcounter = 0
  a.mcntmax = 0
  a.xlist = a.opts.forceListing === true
  a.glabl = null
  a.skipLines = false
  a.rsbase = 0
  a.optList = a.opts.forceListing === true
  a.optMacro = a.opts.mlist
  a.optWarn = false
  a.bankLoccnt.fill(0)
  a.bankPage.fill(0)
  a.bankGlabl.fill(null)
  a.section = S_CODE
  a.sectionBank[S_ZP] = RESERVED_BANK
  a.bankPage[S_ZP * 256 + RESERVED_BANK] = 0
  a.bankLoccnt[S_ZP * 256 + RESERVED_BANK] = 0
  a.sectionBank[S_BSS] = RESERVED_BANK
  a.bankPage[S_BSS * 256 + RESERVED_BANK] = 0
  a.bankLoccnt[S_BSS * 256 + RESERVED_BANK] = 0x200
  a.sectionBank[S_CODE] = 0
  a.bankPage[S_CODE * 256] = 7
  a.sectionBank[S_DATA] = 0
  a.bankPage[S_DATA * 256] = 7
  a.stopPass = false
  // NESASM does not reset its last data label between passes either
  a.expandMacro = false
  a.midx = 0
  setMacroLines(a, null, null)
  a.lnDecode = null
  a.inMacro = false
  a.inIf = false
  a.ifLevel = 0
  a.procs.count = 0
}

/** Assembles every line of one pass (kept small so it is optimized on its own). */
function runPass(a: Asm, s: ExprState, ctx: OpContext): void {
  if (a.pass === 1 && a.opts.sourceMap === true) {
    runLoggedPass(a, s, ctx)
    return
  }
  let budget = a.opts.maxLines ?? LINE_BUDGET
  while (readline(a) !== -1) {
    assembleLine(a, s, ctx)
    if (endOfStatement(a, --budget)) break
  }
}

/** runPass() that also logs where each statement's bytes went (pass 2, for the source map). */
function runLoggedPass(a: Asm, s: ExprState, ctx: OpContext): void {
  let budget = a.opts.maxLines ?? LINE_BUDGET
  const defs = macrosByBody(a)
  while (readline(a) !== -1) {
    const stores = a.romStores
    const bank = a.bank
    const loc = a.loccnt
    const page = a.page
    // the statement's first line: a continued statement reads its next lines while assembled
    const line = a.slnum
    const body = a.expandMacro ? a.mlLines : null
    const bodyIdx = a.lnIdx
    assembleLine(a, s, ctx)
    if (a.romStores !== stores) logStatement(a, line, bank, page, loc, defs, body, bodyIdx)
    if (endOfStatement(a, --budget)) break
  }
}

/** The checks after each statement; true when the pass must stop. */
function endOfStatement(a: Asm, budget: number): boolean {
  if (a.overwrote) overwriteWarning(a)
  if (a.loccnt > BANK_SIZE) {
    const p = a.procs.current
    if (p) {
      a.fatal(
        `Proc : '${p.name}' is too large (code > 8KB)!`,
        a.stmtCol,
        `proc '${p.name}' is larger than an 8 KB bank`,
      )
      return true
    }
    a.fatal(
      'Bank overflow, offset > $1FFF!',
      a.stmtCol,
      `bank ${a.bank} overflows: this statement goes past the 8 KB bank ($${a.loccnt.toString(16).toUpperCase()} > $2000); start a new .bank`,
    )
    return true
  }
  if (a.stopPass) return true
  if (budget === 0) {
    a.fatal('Assembly stopped: too many lines in one pass (runaway macro expansion?)')
    return true
  }
  return false
}

/**
 * Logs a pass-2 statement that stored bytes (it started on `line`, or on line `bodyIdx` of the
 * macro body `body`, at `loc` in `bank`, page `page`).
 */
function logStatement(
  a: Asm,
  line: number,
  bank: number,
  page: number,
  loc: number,
  defs: Map<Line[], MacroDef>,
  body: Line[] | null,
  bodyIdx: number,
): void {
  const f = a.inputs[a.infileNum]
  if (!f || bank >= RESERVED_BANK) return
  if (body !== null) logMacroOrigin(a, defs, body, bodyIdx)
  const size = a.bank * BANK_SIZE + a.loccnt - (bank * BANK_SIZE + loc)
  const address = ((page << 13) + loc) & 0xffff
  a.pass2Log.add(f.src.path, line, bank, address, size, a.expandMacro)
}

function overwriteWarning(a: Asm): void {
  a.overwrote = false
  // once per bank: an overlapping .data/.org region would otherwise warn on every line
  const key = `bank ${a.bank}`
  if (a.warnedOnce.has(key)) return
  a.warnedOnce.add(key)
  a.warn(
    'OverwrittenBytes',
    'this statement overwrites bytes already assembled at the same ROM location (NESASM does this silently): check the .org/.bank/.code/.data before it (reported once per bank)',
  )
}

/** ROM byte positions written: the map marks them ($FF is a byte nothing wrote). */
function usedBytes(a: Asm): number {
  const map = a.map
  const end = Math.min(map.length, (a.maxBank + 1) * BANK_SIZE)
  let n = 0
  for (let i = 0; i < end; i++) if (map[i] !== 0xff) n++
  return n
}

function debugInfoOf(a: Asm): DebugInfo {
  return buildDebugInfo({
    log: a.pass2Log,
    macros: a.macroList
      .filter((m) => m.endLine > 0)
      .map((m) => ({ name: m.name, file: m.file, line: m.line, endLine: m.endLine })),
    symbols: a.symbols.symbols,
    rsSymbols: a.rsSymbols,
    inesPrg: a.inesPrg,
    inesFlags6: a.inesMap0,
    maxBank: a.maxBank,
  })
}

/** Runs NESASM's two passes over `mainName` and builds every output. */
export function runAssembler(
  files: Record<string, Uint8Array>,
  mainArg: string,
  opts: RunOptions,
): RunResult {
  const mainName = withAsmExtension(mainArg)
  const a = new Asm(files, mainName, opts)
  say(a, 'NES Assembler (v3.1)\n\n')
  if (openInput(a, mainName) !== 0) {
    say(a, `Can not open input file '${mainName}'!\n`)
    a.diagnostics.push({
      severity: 'error',
      code: 'InputNotFound',
      message: `can not open input file '${mainName}'`,
      span: { file: mainName, offset: 0, length: 0, line: 1, column: 1 },
    })
    return {
      asm: a,
      ok: false,
      fnsText: () => '',
      stdout: a.out.join(''),
      progress: a.progress.join(''),
      inputMissing: true,
      assembledBytes: 0,
      debugInfo: () => debugInfoOf(a),
    }
  }
  lablset(a, 'MAGICKIT', 1)
  lablset(a, 'DEVELO', 0)
  lablset(a, 'CDROM', 0)
  lablset(a, '_bss_end', 0)
  lablset(a, '_bank_base', 0)
  lablset(a, '_nb_bank', 1)
  lablset(a, '_call_bank', 0)
  const s = new ExprState()
  const ctx: OpContext = { opext: 0, autoInc: 0 }
  let listingOpen = false
  for (a.pass = 0; a.pass <= 1; a.pass++) {
    resetPass(a)
    say(a, `pass ${a.pass + 1}\n`)
    runPass(a, s, ctx)
    if (a.pass === 0) procReloc(a)
    if (a.errcnt) {
      say(a, `# ${a.errcnt} error(s)\n`)
      break
    }
    if (a.pass === 0) {
      lablset(a, '_bss_end', a.maxBss)
      lablset(a, '_bank_base', 0)
      lablset(a, '_nb_bank', a.maxBank + 1)
      a.infileNum = 1
      const main = a.inputs[1]
      if (main) main.next = 0
      a.xlistPass1 = a.xlist
      if (a.xlist && opts.listLevel) {
        listingOpen = true
        a.listing = [`#[1]   ${mainName}`]
      }
    }
  }
  a.summarizeWarnings()
  const ok = a.errcnt === 0
  // the outputs read every bank up to the highest one used, written or not
  a.fillTo((a.maxBank + 1) * BANK_SIZE)
  let rom: Uint8Array | undefined
  let srec: string | undefined
  if (ok) {
    if (opts.output === 'srec') {
      srec = writeSrec(a.rom, a.map, a.maxBank)
      say(a, 'writing s-record file... OK\n')
    } else {
      const header =
        opts.output === 'raw'
          ? null
          : writeInesHeader({ prg: a.inesPrg, chr: a.inesChr, map0: a.inesMap0, map1: a.inesMap1 })
      rom = writeRom(a.rom, a.maxBank, header)
    }
  }
  if (opts.segments) {
    say(a, segmentReport(a.map, a.maxBank, a.maxZp, a.maxBss, a.bankName, opts.segments === 2))
  }
  const result: RunResult = {
    asm: a,
    ok,
    fnsText: () => formatFns(mainName, a.symbols),
    stdout: a.out.join(''),
    progress: a.progress.join(''),
    inputMissing: false,
    assembledBytes: opts.countBytes === false ? -1 : usedBytes(a),
    debugInfo: () => debugInfoOf(a),
  }
  if (rom) result.rom = rom
  if (srec !== undefined) result.srec = srec
  if (listingOpen && a.listing) result.listingText = a.listing.join('\n') + '\n'
  a.release()
  return result
}
