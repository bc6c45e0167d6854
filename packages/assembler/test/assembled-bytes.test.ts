// The library tells an assembly that produced no code or data (NESASM still writes a ROM of $FF
// for it) from one that did: `assembledBytes` counts the ROM positions statements wrote.
import { describe, expect, it } from 'vitest'
import { asm } from './helpers'

describe('assembledBytes', () => {
  it('is 0 for an empty or code-free program, which still assembles', () => {
    for (const text of [
      '',
      '; comment\n',
      'FOO = 5\n  .inesprg 1\n  .bank 0\n  .org $C000\nL:\n',
    ]) {
      const r = asm(text)
      expect(r.ok).toBe(true)
      expect(r.assembledBytes).toBe(0)
    }
  })
  it('counts written positions once', () => {
    expect(asm('  lda #1\n  .db 1,2,3\n').assembledBytes).toBe(5)
    expect(asm('  .org $C000\n  nop\n  .org $C000\n  nop\n').assembledBytes).toBe(1)
    expect(asm('  .ds 4\n').assembledBytes).toBe(4)
  })
  it('is 0 for RAM reservations and failed assemblies', () => {
    expect(asm('  .zp\nx: .ds 2\n').assembledBytes).toBe(0)
    const bad = asm('  lda nothing\n')
    expect(bad.ok).toBe(false)
  })
})
