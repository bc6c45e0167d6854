// ld65's debug file as the debugger's DebugData (build/debug-data.ts), so the existing debugger serves cc65
// projects: a statement for each span of each line of a project file (C lines, from cc65 -g, at line level; the
// .s files cc65 generated are not project files, so their lines give way to the C ones), placed by its segment's
// CPU address and offset in the ROM file; labels from the symbols (equates as constants, `scope.name` for
// symbols of a .proc or .scope) and the C globals and statics under their C names too (`frames` for `_frames`).
import { STATEMENT_FIELDS } from '../debug-data'
import type { DebugData } from '../debug-data'
import type { DebugLabel } from '@nes-studio/assembler'
import type { DbgFile } from './dbg-file'
import { mesenLabelsFromDbg } from './dbg-mesen-labels'

const HEADER = 16
const BANK = 0x2000

/** The 8 KB bank of ROM file offset `offset` (header excluded). */
const bankOf = (offset: number) => Math.max(0, Math.floor((offset - HEADER) / BANK))

interface Placed {
  file: number
  line: number
  address: number
  size: number
  bank: number
}

function statementsOf(dbg: DbgFile, fileIndex: Map<number, number>): Placed[] {
  const out: Placed[] = []
  for (const line of dbg.lines) {
    const file = fileIndex.get(line.file)
    if (file === undefined || line.type === 2) continue
    for (const id of line.spans) {
      const span = dbg.spans.get(id)
      const seg = span && dbg.segs.get(span.seg)
      if (!span || !seg || seg.ooffs === undefined || span.size === 0) continue
      const address = seg.start + span.start
      // code and data the CPU sees in cartridge ROM; CHR segments (PPU addresses) have no CPU lines
      if (address < 0x8000 || address > 0xffff) continue
      out.push({
        file,
        line: line.line,
        address,
        size: span.size,
        bank: bankOf(seg.ooffs + span.start),
      })
    }
  }
  // in ROM order, as the assembler's pass 2 would list them; a C line before the .s line it came from
  return out.sort((a, b) => a.bank - b.bank || a.address - b.address || a.size - b.size)
}

function scopeName(dbg: DbgFile, id: number | undefined): string {
  const parts: string[] = []
  for (let s = id === undefined ? undefined : dbg.scopes.get(id); s?.name;) {
    parts.unshift(s.name)
    s = s.parent === undefined ? undefined : dbg.scopes.get(s.parent)
  }
  return parts.join('.')
}

function labelsOf(dbg: DbgFile): DebugLabel[] {
  const labels: DebugLabel[] = []
  const bankOfSymbol = (seg: number | undefined, value: number) => {
    const s = seg === undefined ? undefined : dbg.segs.get(seg)
    return s?.ooffs === undefined ? undefined : bankOf(s.ooffs + value - s.start)
  }
  for (const sym of dbg.syms.values()) {
    if (sym.val === undefined || sym.type === 'imp') continue
    const scope =
      sym.parent !== undefined
        ? dbg.syms.get(sym.parent)?.name
        : scopeName(dbg, sym.scope) || undefined
    const kind =
      sym.type === 'equ'
        ? 'constant'
        : sym.val >= 0x8000
          ? 'rom'
          : sym.val >= 0x6000
            ? 'ram'
            : 'variable'
    const bank = kind === 'rom' ? bankOfSymbol(sym.seg, sym.val) : undefined
    labels.push({
      name: sym.name,
      value: sym.val,
      kind,
      ...(bank !== undefined && { bank }),
      ...(scope !== undefined && { scope: sym.parent !== undefined ? scope : `${scope}.` }),
    })
  }
  const named = new Set(labels.map((l) => l.name))
  const alias = (name: string, value: number) => {
    if (named.has(name)) return
    named.add(name)
    labels.push({ name, value, kind: 'variable' })
  }
  for (const c of dbg.csyms) {
    const sym = c.sym === undefined ? undefined : dbg.syms.get(c.sym)
    if ((c.sc !== 'ext' && c.sc !== 'static') || sym?.val === undefined || sym.val >= 0x8000)
      continue
    alias(c.name, sym.val)
  }
  // cc65 2.19 writes no C symbol records for global variables, but names each `x` `_x` in assembly
  for (const l of [...labels]) {
    const isData = l.scope === undefined && l.kind !== 'constant' && l.value < 0x8000
    if (isData && /^_[A-Za-z_]\w*$/.test(l.name)) alias(l.name.slice(1), l.value)
  }
  return labels
}

/**
 * The debugger's data for `rom` from its debug file; `fileOf` names a debug-file path as a project path
 * (undefined for files outside the project: the runtime library, generated assembly).
 */
export function debugDataFromDbg(
  dbg: DbgFile,
  rom: Uint8Array,
  fileOf: (name: string) => string | undefined,
): DebugData {
  const files: string[] = []
  const fileIndex = new Map<number, number>()
  for (const [id, { name }] of dbg.files) {
    const path = fileOf(name)
    if (path === undefined) continue
    let index = files.indexOf(path)
    if (index < 0) index = files.push(path) - 1
    fileIndex.set(id, index)
  }
  const placed = statementsOf(dbg, fileIndex)
  const statements = new Int32Array(placed.length * STATEMENT_FIELDS)
  placed.forEach((s, i) =>
    statements.set([s.file, s.line, s.bank, s.address, s.size, 0], i * STATEMENT_FIELDS),
  )
  return {
    main: files.find((f) => /\.c$/i.test(f)) ?? files[0] ?? '',
    files,
    statements,
    macroLines: new Int32Array(0),
    macros: [],
    labels: labelsOf(dbg),
    prgBanks: (rom[4] ?? 0) * 2,
    battery: ((rom[6] ?? 0) & 2) !== 0,
    mesenLabels: mesenLabelsFromDbg(dbg, rom),
  }
}
