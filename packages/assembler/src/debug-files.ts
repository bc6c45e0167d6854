// Debug files written from DebugInfo (source-map.ts): our `.dbg.json` (source map and labels, the
// format is documented in the package README) and a Mesen label file (`.mlb`).
import type { DebugInfo, DebugLabel } from './source-map'

const hex4 = (n: number): string => n.toString(16).toUpperCase().padStart(4, '0')

/** A JSON list of pre-formatted items, one a line (`[]` when empty). */
const list = (items: string[]): string =>
  items.length === 0 ? '[]' : `[\n    ${items.join(',\n    ')}\n  ]`

/** Version of the `.dbg.json` format (raised when a field changes meaning). */
export const DEBUG_JSON_VERSION = 1

/**
 * The `.dbg.json` text: `files` (keys), `statements` as rows `[file index, line (1-based), bank,
 * CPU address, size in bytes, 1 if from a macro expansion else 0]` in pass-2 order, `macroLines`
 * as rows `[statement index, file index, line, …]` (a macro statement's body lines, innermost
 * first: SourceMapEntry.macroLines), `macros` and `labels`.
 */
export function formatDebugJson(main: string, info: DebugInfo): string {
  const map = info.sourceMap
  const fileIndex = new Map(map.files.map((f, i) => [f, i]))
  const rows = map.entries.map((e) =>
    JSON.stringify([
      fileIndex.get(e.file) ?? 0,
      e.line,
      e.bank,
      e.address,
      e.size,
      e.macro ? 1 : 0,
    ]),
  )
  const macroLines: string[] = []
  map.entries.forEach((e, i) => {
    if (!e.macroLines) return
    const row = [i]
    for (const b of e.macroLines) row.push(fileIndex.get(b.file) ?? 0, b.line)
    macroLines.push(JSON.stringify(row))
  })
  const macros = info.macros.map((m) => JSON.stringify(m))
  const labels = info.labels.map((l) => JSON.stringify(l))
  const head = {
    format: 'nes-studio-debug',
    version: DEBUG_JSON_VERSION,
    main,
    prgBanks: info.prgBanks,
    battery: info.battery,
    files: map.files,
  }
  const headText = JSON.stringify(head, null, 2)
  return (
    `${headText.slice(0, -2)},\n` +
    `  "statements": [\n    ${rows.join(',\n    ')}\n  ],\n` +
    `  "macroLines": ${list(macroLines)},\n` +
    `  "macros": ${list(macros)},\n` +
    `  "labels": [\n    ${labels.join(',\n    ')}\n  ]\n}\n`
  )
}

/** What the Mesen label file is made from (the studio passes its worker's plain copy of the debug information). */
export type MesenLabelSource = Pick<DebugInfo, 'labels' | 'battery' | 'prgBanks'>

/**
 * Where Mesen puts a label, by the CPU address it names: `P:` offset in PRG ROM ($8000-$FFFF in a
 * PRG bank), `R:` internal RAM ($0000-$1FFF, mirrored every $800), `S:`/`W:` offset in save or
 * work RAM ($6000-$7FFF; save RAM when the header says battery). Null when Mesen has no place for
 * it (constants, CHR banks, registers).
 */
export function mesenAddress(label: DebugLabel, info: MesenLabelSource): string | null {
  if (label.kind === 'constant') return null
  const v = label.value
  if (v < 0 || v > 0xffff) return null
  if (v < 0x2000) return `R:${hex4(v & 0x7ff)}`
  if (v >= 0x6000 && v < 0x8000) return `${info.battery ? 'S' : 'W'}:${hex4(v - 0x6000)}`
  if (v >= 0x8000 && label.kind === 'rom' && label.bank !== undefined) {
    if (label.bank >= info.prgBanks) return null
    return `P:${hex4(label.bank * 0x2000 + (v & 0x1fff))}`
  }
  return null
}

/**
 * The Mesen label file: one `TYPE:ADDRESS:name` line per global label Mesen can place (see
 * mesenAddress), in order of creation. Mesen names allow letters, digits, `_` and `@`, so a `.`
 * inside a NESASM name becomes `_`. Local `.labels` are left out: Mesen's labels are global.
 */
export function formatMesenLabels(info: MesenLabelSource): string {
  const out: string[] = []
  const seen = new Set<string>()
  for (const l of info.labels) {
    if (l.scope !== undefined) continue
    const at = mesenAddress(l, info)
    if (at === null) continue
    const line = `${at}:${l.name.replace(/[^A-Za-z0-9_@]/g, '_')}`
    if (seen.has(line)) continue
    seen.add(line)
    out.push(line)
  }
  return out.length ? out.join('\n') + '\n' : ''
}
