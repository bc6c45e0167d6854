import { assemble } from '@nes-studio/assembler'
import { describe, expect, it } from 'vitest'
import { NO_ROM_MESSAGE, interpretResult } from './compile-result'

const span = { file: 'main.asm', offset: 10, length: 3, line: 2, column: 3 }

function build(source: string) {
  return assemble({
    files: { 'main.asm': new TextEncoder().encode(source) },
    main: 'main.asm',
    options: { listLevel: 2, output: 'nes' },
  })
}

describe('interpretResult', () => {
  it('passes a non-empty ROM through', () => {
    const rom = Uint8Array.of(0x4e, 0x45, 0x53, 0x1a)
    expect(
      interpretResult(
        { ok: true, rom, stdout: '', diagnostics: [], assembledBytes: 4, filesRead: [] },
        1.5,
      ),
    ).toEqual({ ok: true, rom, elapsedMs: 1.5, notices: [] })
  })

  it('turns an empty ROM into "Compilation produced no ROM data"', () => {
    const outcome = interpretResult(
      {
        ok: true,
        rom: new Uint8Array(),
        stdout: 'out',
        diagnostics: [],
        assembledBytes: 0,
        filesRead: [],
      },
      1,
    )
    expect(outcome).toMatchObject({ ok: false, error: { message: NO_ROM_MESSAGE, stdout: 'out' } })
  })

  it('refuses a ROM with no assembled code or data (NESASM still writes the header and $FF bank)', () => {
    const rom = new Uint8Array(16 + 16384).fill(0xff)
    const outcome = interpretResult(
      { ok: true, rom, stdout: '', diagnostics: [], assembledBytes: 0, filesRead: [] },
      1,
    )
    expect(outcome).toMatchObject({ ok: false, error: { message: NO_ROM_MESSAGE } })
  })

  it.each([
    ['an empty main.asm', ''],
    ['comments only', '; nothing here\n\n   ; still nothing\n'],
    [
      'header directives only',
      '  .inesprg 1\n  .ineschr 0\n  .inesmap 0\n  .bank 0\n  .org $C000\n',
    ],
  ])('gives "no ROM data" for %s through the real assembler', (_, source) => {
    const result = build(source)
    expect(result.ok).toBe(true)
    expect(interpretResult(result, 1)).toMatchObject({
      ok: false,
      error: { message: NO_ROM_MESSAGE },
    })
  })

  it('runs a one-instruction program built by the real assembler', () => {
    const result = build('  .inesprg 1\n  .bank 0\n  .org $C000\n  rti\n')
    const outcome = interpretResult(result, 1)
    expect(outcome.ok).toBe(true)
  })

  it('names the first error with its place, counts the rest, and keeps output and listing', () => {
    const outcome = interpretResult(
      {
        ok: false,
        stdout: 'pass 1',
        listingText: 'LST',
        assembledBytes: 0,
        filesRead: [],
        diagnostics: [
          { severity: 'warning', code: 'UnknownInstruction', message: 'w', span },
          { severity: 'error', code: 'UnknownInstruction', message: 'Unknown instruction', span },
          {
            severity: 'error',
            code: 'UnknownInstruction',
            message: 'again',
            span: { ...span, line: 4 },
          },
        ],
      },
      1,
    )
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.error.message).toBe(
      'Compilation failed: main.asm:2:3: error: Unknown instruction (and 1 more)',
    )
    expect(outcome.error.diagnostics.map((d) => d.line)).toEqual([2, 2, 4])
    expect(outcome.error.stdout).toBe('pass 1')
    expect(outcome.error.listing).toBe('LST')
  })
})
