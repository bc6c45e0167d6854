// The Mesen label file (.mlb) of a cc65 build, from ld65's debug file: the labels ld65 writes with -Ln, placed
// where Mesen looks for them. A label in ROM gets its offset in PRG ROM from its segment's place in the output
// file (not from its CPU address: a banked segment's $8000 is a different offset in every bank); a label in RAM
// gets its address. Equates, imports, cheap locals (`@loop`) and the symbols inside a .proc or .scope are left
// out, as the NESASM path leaves out local labels: Mesen's labels are global and their names unique.
import type { DbgFile } from './dbg-file'

const HEADER = 16
const PRG_BANK = 0x4000

const hex4 = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0')

interface RomLayout {
  prgSize: number
  battery: boolean
}

/** `TYPE:ADDRESS` of a label of value `val` in segment `seg`, or null where Mesen has no place for it. */
function placeOf(
  dbg: DbgFile,
  layout: RomLayout,
  val: number,
  seg: number | undefined,
): string | null {
  const s = seg === undefined ? undefined : dbg.segs.get(seg)
  if (s?.ooffs !== undefined) {
    // the header, and CHR data (PPU addresses): nothing the CPU reads there. A segment loaded from PRG ROM and
    // run in RAM (DATA) has its labels at their RAM addresses.
    const segOffset = s.ooffs - HEADER
    if (segOffset < 0 || segOffset >= layout.prgSize) return null
  }
  if (val >= 0 && val < 0x2000) return `R:${hex4(val & 0x7ff)}`
  if (val >= 0x6000 && val < 0x8000) return `${layout.battery ? 'S' : 'W'}:${hex4(val - 0x6000)}`
  if (val >= 0x8000 && val <= 0xffff && s?.ooffs !== undefined)
    return `P:${hex4(s.ooffs - HEADER + val - s.start)}`
  return null
}

/** True for a symbol at the top of its module (not inside a .proc/.scope, not a cheap local). */
function isTopLevel(dbg: DbgFile, sym: { scope?: number; parent?: number }): boolean {
  if (sym.parent !== undefined || sym.scope === undefined) return false
  const scope = dbg.scopes.get(sym.scope)
  return scope !== undefined && scope.name === '' && scope.parent === undefined
}

/**
 * The `.mlb` text for `rom` (its iNES header says how much is PRG ROM and whether the cartridge RAM keeps its
 * data) from the debug file ld65 wrote when linking it: one `TYPE:ADDRESS:name` line per label, in the debug
 * file's order; a name defined in two modules is kept once (the first), as Mesen keeps names unique.
 */
export function mesenLabelsFromDbg(dbg: DbgFile, rom: Uint8Array): string {
  const layout = { prgSize: (rom[4] ?? 0) * PRG_BANK, battery: ((rom[6] ?? 0) & 2) !== 0 }
  const names = new Set<string>()
  const out: string[] = []
  const syms = [...dbg.syms.entries()].sort(([a], [b]) => a - b)
  for (const [, sym] of syms) {
    if (sym.type !== 'lab' || sym.val === undefined || !isTopLevel(dbg, sym)) continue
    if (names.has(sym.name)) continue
    const at = placeOf(dbg, layout, sym.val, sym.seg)
    if (at === null) continue
    names.add(sym.name)
    out.push(`${at}:${sym.name}`)
  }
  return out.length ? out.join('\n') + '\n' : ''
}
