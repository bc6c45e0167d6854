// The source map against NESASM's own listings: for every conformance run with a listing (and every
// forced listing), each listed code/data line's bank:address must be what the source map says for
// that file and line, including macro call lines (listed with NESASM's wrong address unless
// expansions are listed) and expansion lines (with -m). The Mesen label file of each probe must
// list its .fns labels.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AssembleResult, DebugInfo, SourceMap } from '../src/index'
import { assemble, formatMesenLabels } from '../src/index'
import { parseArgs } from '../src/cli/args'
import { conformanceRuns, listFiles } from './conformance'
import { asm } from './helpers'

interface Listed {
  file: string
  line: number | null
  bank: number
  address: number
  bytes: number
}

/** The lines of a .lst that show a ROM location (`BB:AAAA` in columns 8-14), and numbered lines without one (bank -1). */
function listedLocations(lst: string): Listed[] {
  const out: Listed[] = []
  let file = ''
  for (const l of lst.split('\n')) {
    const h = /^#\[\d+\] {3}(.*)$/.exec(l)
    if (h) {
      file = h[1] ?? ''
      continue
    }
    const num = l.slice(0, 5).trim()
    const loc = /^([0-9A-F]{2}):([0-9A-F]{4})$/.exec(l.slice(7, 14))
    if (!loc) {
      // a numbered line without a location still owns the unnumbered lines after it
      if (/^\d+$/.test(num)) out.push({ file, line: Number(num), bank: -1, address: -1, bytes: 0 })
      continue
    }
    out.push({
      file,
      line: num === '' ? null : Number(num),
      bank: parseInt(loc[1] ?? '', 16),
      address: parseInt(loc[2] ?? '', 16),
      bytes: l.slice(16, 25).trim() === '' ? 0 : l.slice(16, 25).trim().split(/\s+/).length,
    })
  }
  return out
}

/** NESASM lists a macro call line at (2 * page * $2000 + offset) & $FFFF. */
const macroCallColumn = (address: number): number => (address + (address & 0xe000)) & 0xffff

/** Checks every listed location against the map; returns how many lines were checked. */
function checkListing(lst: string, map: SourceMap): number {
  let checked = 0
  let owner: { file: string; line: number } | null = null
  for (const l of listedLocations(lst)) {
    const where = `${l.file}:${l.line ?? `(after ${owner?.line})`} ${l.bank}:${l.address.toString(16)}`
    if (l.line !== null) {
      owner = { file: l.file, line: l.line }
      if (l.bank < 0) continue
      const entries = map.lineEntries(l.file, l.line)
      const first = entries[0]
      if (l.bytes > 0) {
        // a code or data line: one statement, at the listed place
        expect(entries.length, where).toBe(1)
        expect({ bank: first?.bank, address: first?.address, macro: first?.macro }, where).toEqual({
          bank: l.bank,
          address: l.address,
          macro: false,
        })
        checked++
      } else if (first) {
        // a macro call (listed at NESASM's wrong address), or data listed without its bytes
        const shown = first.macro ? macroCallColumn(first.address) : first.address
        expect({ bank: first.bank, address: shown }, where).toEqual({
          bank: l.bank,
          address: l.address,
        })
        checked++
      }
    } else if (l.bytes > 0 && owner !== null) {
      // more bytes of the statement above, or (with -m) a line of the macro expansion above
      const { file, line } = owner
      const covering = map
        .lineEntries(file, line)
        .some((e) => e.bank === l.bank && l.address >= e.address && l.address < e.address + e.size)
      expect(covering, where).toBe(true)
      checked++
    }
  }
  return checked
}

function assembleRun(files: Record<string, Uint8Array>, args: string[], forced: boolean) {
  const cli = parseArgs(args)
  return assemble({
    files,
    main: cli.file ?? 'main.asm',
    options: forced
      ? { listLevel: cli.listLevel, forceListing: true, debug: true }
      : {
          listLevel: cli.listLevel,
          macroExpansion: cli.macroExpansion,
          output: cli.output,
          debug: true,
        },
  })
}

/** The debug information of a result assembled with `debug: true`. */
function debugOf(r: AssembleResult): DebugInfo {
  if (!r.debug) throw new Error('no debug information')
  return r.debug
}

let total = 0
describe('source map against the reference listings', () => {
  for (const kind of ['probes', 'invalid'] as const) {
    for (const run of conformanceRuns(kind)) {
      const files = listFiles(run.srcDir)
      for (const forced of [false, true]) {
        const lst = join(run.refDir, ...(forced ? ['forced_listing'] : []), 'main.lst')
        if (!existsSync(lst)) continue
        it(`${run.caseName} [${run.args.join(' ')}]${forced ? ' forced listing' : ''}`, () => {
          const r = assembleRun(files, run.args, forced)
          const text = readFileSync(lst, 'latin1')
          const n = checkListing(text, debugOf(r).sourceMap)
          total += n
          if (/^ {0,4}\d+ {2}[0-9A-F]{2}:[0-9A-F]{4} {2}[0-9A-F]{2}/m.test(text)) {
            expect(n).toBeGreaterThan(0)
          }
        })
      }
    }
  }
  it('checked a meaningful number of listed lines', () => expect(total).toBeGreaterThan(300))
})

describe('Mesen labels of the probes', () => {
  for (const run of conformanceRuns('probes')) {
    const fns = join(run.refDir, 'main.fns')
    if (!existsSync(fns)) continue
    it(`${run.caseName} [${run.args.join(' ')}] lists its .fns labels`, () => {
      const r: AssembleResult = assembleRun(listFiles(run.srcDir), run.args, false)
      const info = debugOf(r)
      const mlb = formatMesenLabels(info).split('\n')
      for (const m of readFileSync(fns, 'latin1').matchAll(/^(\S+)\s+= \$([0-9A-F]+)$/gm)) {
        const name = m[1] ?? ''
        const value = parseInt(m[2] ?? '', 16)
        const label = info.labels.find((l) => l.name === name && l.scope === undefined)
        expect(label?.kind, name).toBe('rom')
        const bank = label?.bank ?? -1
        const mesenName = name.replace(/\./g, '_')
        if (value >= 0x8000 && bank < info.prgBanks) {
          const offset = (bank * 0x2000 + (value & 0x1fff)).toString(16).toUpperCase()
          expect(mlb, name).toContain(`P:${offset.padStart(4, '0')}:${mesenName}`)
        } else if (value < 0x2000) {
          expect(mlb, name).toContain(
            `R:${(value & 0x7ff).toString(16).toUpperCase().padStart(4, '0')}:${mesenName}`,
          )
        }
      }
    })
  }
})

describe('source map API', () => {
  const main = [
    '  .inesprg 1',
    '  .inesmir 3',
    'counter .rs 1',
    'PPUCTRL = $2000',
    'two .macro',
    '  nop',
    '  nop',
    '  .endm',
    '  .zp',
    'ptr: .ds 2',
    '  .bss',
    'buf: .ds 16',
    '  .code',
    '  .bank 0',
    '  .org $C000',
    'Reset:',
    '  lda #1',
    '.loop:',
    '  two',
    '  .include "sub.asm"',
    '  jmp Reset',
    '  .org $6010',
    'save_slot:',
    '  .bank 1',
    '  .org $FFFA',
    '  .dw Reset, Reset, Reset',
  ].join('\n')
  const sub = ['Sub:', '  rts', '  .db 1,2,3,4'].join('\n')
  const r = asm(main + '\n', { 'sub.asm': sub + '\n' }, { debug: true })
  const map = debugOf(r).sourceMap

  it('maps lines to places and back, macro statements to their call line', () => {
    expect(r.ok).toBe(true)
    expect(map.files).toEqual(['main.asm', 'sub.asm'])
    expect(map.lineEntries('main.asm', 17)).toMatchObject([{ bank: 0, address: 0xc000, size: 2 }])
    expect(map.lineEntries('main.asm', 19)).toMatchObject([
      { address: 0xc002, size: 1, macro: true },
      { address: 0xc003, size: 1, macro: true },
    ])
    expect(map.lineEntries('sub.asm', 2)).toMatchObject([{ address: 0xc004, romOffset: 4 }])
    expect(map.lineEntries('sub.asm', 3)).toMatchObject([{ address: 0xc005, size: 4 }])
    expect(map.lineEntries('main.asm', 26)).toMatchObject([{ bank: 1, address: 0xfffa, size: 6 }])
    expect(map.lineEntries('main.asm', 16)).toEqual([])
    expect(map.entryAt(0, 0xc007)).toMatchObject({ file: 'sub.asm', line: 3 })
    expect(map.entryAt(1, 0xfffb)).toMatchObject({ file: 'main.asm', line: 26 })
    expect(map.entryAtRomOffset(0x2000 + 0x1ffa)).toMatchObject({ line: 26 })
    expect(map.entryAt(0, 0xd000)).toBeUndefined()
  })

  it('lists labels by kind and writes the Mesen file', () => {
    const byName = Object.fromEntries(debugOf(r).labels.map((l) => [l.name, l]))
    expect(byName).toMatchObject({
      counter: { kind: 'variable', value: 0 },
      PPUCTRL: { kind: 'constant', value: 0x2000 },
      ptr: { kind: 'ram', value: 0 },
      buf: { kind: 'ram', value: 0x200 },
      Reset: { kind: 'rom', bank: 0, value: 0xc000 },
      '.loop': { kind: 'rom', scope: 'Reset', value: 0xc002 },
      Sub: { kind: 'rom', value: 0xc004 },
    })
    expect(debugOf(r).battery).toBe(true)
    expect(formatMesenLabels(debugOf(r))).toBe(
      [
        'R:0000:counter',
        'R:0000:ptr',
        'R:0200:buf',
        'P:0000:Reset',
        'P:0004:Sub',
        'S:0010:save_slot',
        '',
      ].join('\n'),
    )
  })

  it('is empty when pass 2 did not run', () => {
    const bad = asm('  lda #1,\n', {}, { debug: true })
    expect(bad.ok).toBe(false)
    expect(debugOf(bad).sourceMap.entries).toEqual([])
  })

  it('is there only when asked for', () => {
    expect(asm('  nop\n').debug).toBeUndefined()
  })
})
