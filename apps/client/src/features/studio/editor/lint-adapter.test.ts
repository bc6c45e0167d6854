import { Text } from '@codemirror/state'
import { describe, expect, it } from 'vitest'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import { diagnosticOffset, toCodeMirrorDiagnostics } from './lint-adapter'

const doc = Text.of(['  lda #$01', '  bogus', ''])
const e = (line: number, column: number, length: number, file = 'main.asm'): StudioDiagnostic => ({
  severity: 'error',
  message: 'm',
  file,
  line,
  column,
  length,
})

describe('toCodeMirrorDiagnostics', () => {
  it('maps 1-based line/column spans to offsets with source asm6502, only for the file shown', () => {
    expect(toCodeMirrorDiagnostics(doc, [e(2, 3, 5), e(1, 1, 1, 'other.asm')], 'main.asm')).toEqual(
      [{ from: 13, to: 18, severity: 'error', message: 'm', source: 'asm6502' }],
    )
  })

  it('clamps past the line end and the last line, and widens empty spans to one character', () => {
    expect(toCodeMirrorDiagnostics(doc, [e(2, 40, 3)], 'main.asm')[0]).toMatchObject({
      from: 18,
      to: 18,
    })
    expect(toCodeMirrorDiagnostics(doc, [e(9, 1, 0)], 'main.asm')[0]).toMatchObject({
      from: 19,
      to: 19,
    })
    expect(toCodeMirrorDiagnostics(doc, [e(1, 3, 0)], 'main.asm')[0]).toMatchObject({
      from: 2,
      to: 3,
    })
    expect(diagnosticOffset(doc, e(2, 3, 0))).toBe(13)
  })
})
