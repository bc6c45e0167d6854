// The source map inside macro bodies: each statement of an expansion also names the body line
// that made it (and, for nested macros, the body lines that called the inner macro), so that a
// debugger's breakpoint on a body line finds every expansion of it; the `.dbg.json` carries it.
import { describe, expect, it } from 'vitest'
import type { AssembleResult, DebugInfo } from '../src/index'
import { formatDebugJson } from '../src/index'
import { asm } from './helpers'

function debugOf(r: AssembleResult): DebugInfo {
  if (!r.ok || !r.debug) throw new Error('no debug information')
  return r.debug
}

const macros = [
  'store .macro', //  1
  '  ; the value', // 2
  '  lda #\\1', //    3
  '  sta <$10', //    4
  '  .endm', //       5
].join('\n')

const main = [
  '  .inesprg 1', //   1
  '  .include "macros.asm"', // 2
  'twice .macro', //   3
  '  store \\1', //    4
  '  nop', //          5
  '  store \\1', //    6
  '  .endm', //        7
  '  .bank 0', //      8
  '  .org $C000', //   9
  'RESET:', //        10
  '  store 1', //     11
  '  .db 1, \\', //   12
  '      2', //       13
  '  store 2', //     14
  '  twice 3', //     15
  '  jmp RESET', //   16
].join('\n')

describe('source map in macro bodies', () => {
  const r = asm(main + '\n', { 'macros.asm': macros + '\n' }, { debug: true })
  const info = debugOf(r)
  const map = info.sourceMap
  const at = (file: string, line: number) => map.lineEntries(file, line).map((e) => e.address)

  it('keeps macro statements at their call line, and names the body line that made each', () => {
    expect(map.lineEntries('main.asm', 11)).toEqual([
      { ...map.entries[0], file: 'main.asm', line: 11, address: 0xc000, macro: true },
      { ...map.entries[1], file: 'main.asm', line: 11, address: 0xc002, macro: true },
    ])
    expect(map.entries[0]?.macroLines).toEqual([{ file: 'macros.asm', line: 3 }])
    expect(map.entries[1]?.macroLines).toEqual([{ file: 'macros.asm', line: 4 }])
    expect(map.lineEntries('main.asm', 12)[0]?.macroLines).toBeUndefined()
    expect(map.files).toEqual(['main.asm', 'macros.asm'])
  })

  it('gives a body line the statements of every expansion, through nested macros too', () => {
    // store 1 at $C000, .db at $C004, store 2 at $C006, twice 3: store at $C00A, nop, store at $C00F
    expect(at('macros.asm', 3)).toEqual([0xc000, 0xc006, 0xc00a, 0xc00f])
    expect(at('macros.asm', 4)).toEqual([0xc002, 0xc008, 0xc00c, 0xc011])
    expect(at('macros.asm', 2)).toEqual([]) // a comment: no code, like any other line
    expect(at('main.asm', 4)).toEqual([0xc00a, 0xc00c]) // the nested call, innermost line second
    expect(at('main.asm', 5)).toEqual([0xc00e])
    expect(at('main.asm', 15)).toEqual([0xc00a, 0xc00c, 0xc00e, 0xc00f, 0xc011])
    expect(map.lineEntries('main.asm', 4)[0]?.macroLines).toEqual([
      { file: 'macros.asm', line: 3 },
      { file: 'main.asm', line: 4 },
    ])
    expect(map.entryAt(0, 0xc00c)).toMatchObject({ line: 15, macro: true })
  })

  it('lists the macros with the lines of their .macro and .endm', () => {
    expect(info.macros).toEqual([
      { name: 'store', file: 'macros.asm', line: 1, endLine: 5 },
      { name: 'twice', file: 'main.asm', line: 3, endLine: 7 },
    ])
  })

  it('puts the body lines and the macros in the .dbg.json', () => {
    const json = JSON.parse(formatDebugJson('main.asm', info)) as {
      version: number
      statements: number[][]
      macroLines: number[][]
      macros: unknown[]
    }
    expect(json.version).toBe(1)
    expect(json.statements[0]).toEqual([0, 11, 0, 0xc000, 2, 1])
    expect(json.macroLines.slice(0, 2)).toEqual([
      [0, 1, 3],
      [1, 1, 4],
    ])
    expect(json.macroLines).toContainEqual([5, 1, 3, 0, 4])
    expect(json.macroLines.map((row) => row[0])).not.toContain(2) // the .db
    expect(json.macros).toEqual(info.macros)
  })

  it('maps a recursive body line once per statement', () => {
    const rec = asm(
      [
        'down .macro',
        '  .if \\1',
        '  down \\1-1',
        '  .endif',
        '  .db \\1',
        '  .endm',
        '  .org $C000',
        '  down 2',
      ].join('\n') + '\n',
      {},
      { debug: true },
    )
    const m = debugOf(rec).sourceMap
    expect(m.lineEntries('main.asm', 5).map((e) => e.address)).toEqual([0xc000, 0xc001, 0xc002])
    expect(m.lineEntries('main.asm', 3).map((e) => e.address)).toEqual([0xc000, 0xc001])
    expect(m.entries[0]?.macroLines).toEqual([
      { file: 'main.asm', line: 5 },
      { file: 'main.asm', line: 3 },
      { file: 'main.asm', line: 3 },
    ])
  })
})
