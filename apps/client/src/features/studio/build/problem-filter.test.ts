import { describe, expect, it } from 'vitest'
import { countProblems, filterProblems, sortProblems } from './problem-filter'
import type { StudioDiagnostic } from './studio-diagnostic'

const d = (
  severity: StudioDiagnostic['severity'],
  file: string,
  line: number,
  code: string,
  message: string,
): StudioDiagnostic => ({ severity, file, line, column: 3, length: 1, code, message })

const list = [
  d('warning', 'main.asm', 9, 'AbsoluteForZeroPage', 'counter is below $100'),
  d('error', 'lib/util.asm', 4, 'UndefinedSymbol', 'Undefined symbol: foo'),
  d('info', 'main.asm', 20, 'AbsoluteForZeroPage', '10 more warnings not shown'),
  d('error', 'main.asm', 2, 'UnknownInstruction', 'Unknown instruction'),
]
const all = { showErrors: true, showWarnings: true, text: '' }

describe('problems', () => {
  it('counts errors, and warnings with infos', () => {
    expect(countProblems(list)).toEqual({ errors: 2, warnings: 2 })
    expect(countProblems([])).toEqual({ errors: 0, warnings: 0 })
  })

  it('filters by severity and by text in the place, the code or the message', () => {
    expect(filterProblems(list, { ...all, showWarnings: false }).map((p) => p.line)).toEqual([4, 2])
    expect(filterProblems(list, { ...all, showErrors: false }).map((p) => p.line)).toEqual([9, 20])
    expect(filterProblems(list, { ...all, text: 'ZEROPAGE' })).toHaveLength(2)
    expect(filterProblems(list, { ...all, text: 'util.asm:4' }).map((p) => p.code)).toEqual([
      'UndefinedSymbol',
    ])
    expect(filterProblems(list, { ...all, text: ' foo ' })).toHaveLength(1)
    expect(filterProblems(list, { ...all, text: 'nothing like this' })).toEqual([])
  })

  it('sorts errors first, then by file and line', () => {
    expect(sortProblems(list).map((p) => `${p.file}:${p.line}`)).toEqual([
      'lib/util.asm:4',
      'main.asm:2',
      'main.asm:9',
      'main.asm:20',
    ])
  })
})
