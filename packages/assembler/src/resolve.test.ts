// Include and binary file resolution: the project root first (NESASM run from the root), then the
// main file's folder (NESASM run inside it), then the folder of the including file.
import { describe, expect, it } from 'vitest'
import type { AssembleResult } from './index'
import { assemble } from './index'

const enc = new TextEncoder()

function run(files: Record<string, string | number[]>, main = 'game/main.asm'): AssembleResult {
  const bytes: Record<string, Uint8Array> = {}
  for (const [k, v] of Object.entries(files)) {
    bytes[k] = typeof v === 'string' ? enc.encode(v) : Uint8Array.from(v)
  }
  return assemble({ files: bytes, main })
}

/** The first `n` bytes of bank 0 ($E000 by default). */
function first(r: AssembleResult, n: number): number[] {
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'))
  return Array.from(r.rom.subarray(16, 16 + n))
}

describe('file resolution', () => {
  it('the project root comes first', () => {
    const r = run({
      'game/main.asm': '  .include "vars.asm"\n  .db v\n',
      'vars.asm': 'v = 1\n',
      'game/vars.asm': 'v = 2\n',
    })
    expect(first(r, 1)).toEqual([1])
  })

  it("then the main file's folder", () => {
    const r = run({
      'game/main.asm': '  .include "vars.asm"\n  .db v\n',
      'game/vars.asm': 'v = 2\n',
    })
    expect(first(r, 1)).toEqual([2])
  })

  it("then the including file's folder", () => {
    const r = run({
      'game/main.asm': '  .include "lib/a.asm"\n  .db v\n',
      'game/lib/a.asm': '  .include "b.asm"\n',
      'game/lib/b.asm': 'v = 3\n',
    })
    expect(first(r, 1)).toEqual([3])
  })

  it('.incbin uses the same rule', () => {
    const r = run({ 'game/main.asm': '  .incbin "data.bin"\n', 'game/data.bin': [7, 8, 9] })
    expect(first(r, 3)).toEqual([7, 8, 9])
  })

  it('a backslash separates folders, as NESASM on Windows reads it', () => {
    const r = run({
      'game/main.asm': '  .include "..\\lib\\vars.asm"\n  .incbin "data\\a.bin"\n  .db v\n',
      'lib/vars.asm': 'v = 4\n',
      'game/data/a.bin': [5, 6],
    })
    expect(first(r, 3)).toEqual([5, 6, 4])
  })

  it('a file literally named with a backslash is found first', () => {
    const r = run({
      'game/main.asm': '  .include "..\\vars.asm"\n  .db v\n',
      'game/..\\vars.asm': 'v = 5\n',
      'vars.asm': 'v = 6\n',
    })
    expect(first(r, 1)).toEqual([5])
  })

  it('lists the files directives read, each once with the statement that first read it', () => {
    const r = run({
      'game/main.asm':
        '  .include "lib/a.asm"\n  .if 0\n  .incbin "skipped.bin"\n  .endif\n  .incbin "d.bin"\n  .incbin "d.bin"\n',
      'game/lib/a.asm': '\n  .include "b.asm"\n',
      'game/lib/b.asm': 'v = 3\n',
      'game/d.bin': [1],
      'game/skipped.bin': [2],
    })
    expect(r.ok).toBe(true)
    expect(r.filesRead.map((f) => [f.file, f.directive, f.span.file, f.span.line])).toEqual([
      ['game/lib/a.asm', 'include', 'game/main.asm', 1],
      ['game/lib/b.asm', 'include', 'game/lib/a.asm', 2],
      ['game/d.bin', 'incbin', 'game/main.asm', 5],
    ])
  })

  it('a missing file is still an error', () => {
    const r = run({ 'game/main.asm': '  .include "none.asm"\n' })
    expect(r.ok).toBe(false)
    expect(r.diagnostics[0]?.code).toBe('FileNotFound')
  })

  it('diagnostics name the file as found in the project', () => {
    const r = run({ 'game/main.asm': '  .include "vars.asm"\n', 'game/vars.asm': '  lda #\n' })
    expect(r.ok).toBe(false)
    expect(r.diagnostics[0]?.span.file).toBe('game/vars.asm')
    expect(r.diagnostics[0]?.span.line).toBe(1)
  })
})
