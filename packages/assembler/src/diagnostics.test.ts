import { describe, expect, it } from 'vitest'
import { asm, src } from '../test/helpers'
import { codeForMessage, formatDiagnostic } from './diagnostics'
import { assemble } from './index'

describe('diagnostics', () => {
  it('maps NESASM messages to codes', () => {
    expect(codeForMessage('Undefined symbol in operand field!')).toBe('UndefinedSymbol')
    expect(codeForMessage('No symbol in function BANK!')).toBe('FunctionArgument')
  })
  it('formats file:line:col with the line and a caret', () => {
    const source = src('nop\nlda #300')
    const r = asm(source)
    const d = r.diagnostics[0]
    expect(d).toBeDefined()
    if (!d) return
    const text = formatDiagnostic(d, { 'main.asm': new TextEncoder().encode(source) })
    expect(text).toBe(
      'main.asm:2:8: error: immediate value 300 does not fit in a byte (-256..255)\n  lda #300\n       ^~~',
    )
  })
  it('columns count characters, offsets count bytes', () => {
    const source = '  .db "\u00e9", nothing\n'
    const r = asm(source)
    // "é" is 2 bytes in UTF-8: byte offset 12, character column 12 (1-based)
    expect(r.diagnostics[0]?.span).toMatchObject({ line: 1, column: 12, offset: 12 })
    const d = r.diagnostics[0]
    if (!d) return
    const text = formatDiagnostic(d, { 'main.asm': new TextEncoder().encode(source) })
    expect(text.split('\n').slice(1)).toEqual(['  .db "\u00e9", nothing', '           ^~~~~~~'])
  })
  it('points into the right include file', () => {
    const r = asm(src('nop\n.include "b.asm"'), { 'b.asm': '\n  lda nothing\n' })
    expect(r.diagnostics[0]?.span).toMatchObject({ file: 'b.asm', line: 2, column: 7 })
  })
  it('macro expansion errors point at the call', () => {
    const r = asm(src('!m .macro\nlda #\\1\n.endm\nm 300'))
    expect(r.diagnostics[0]?.span).toMatchObject({ line: 4, column: 3 })
    expect(r.diagnostics[0]?.notes?.[0]?.message).toContain("macro 'm'")
  })
  it('reports NESASM stdout with the error block', () => {
    const r = asm(src('lda nothing'))
    expect(r.stdout).toContain('       Undefined symbol in operand field!\n# 1 error(s)\n')
  })
  it('missing main file', () => {
    const r = assemble({ files: {}, main: 'game' })
    expect(r.ok).toBe(false)
    expect(r.diagnostics[0]?.code).toBe('InputNotFound')
    expect(r.stdout).toBe("NES Assembler (v3.1)\n\nCan not open input file 'game.asm'!\n")
  })
})
