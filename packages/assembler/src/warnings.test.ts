// Our warnings stay few and meaningful on big disassemblies: .ds reservations are not "assembled
// bytes", and each code is reported at most 50 times, then summed up in one info.
import { describe, expect, it } from 'vitest'
import { asm, src, warnings } from '../test/helpers'

describe('overwrite warning', () => {
  // SMB3 style: a RAM map declared with .ds over the start of bank 0, then code over it
  const ramMap = '.data\n.org $00\n!Var: .ds 1\n!Var2: .ds 2\n.org $6000\n!Sram: .ds 2\n'
  const code = '.code\n.bank 0\n.org $C000\nlda #1\nsta <Var2\n'

  it('code over a .ds-only RAM map is not reported, and the bytes are the code', () => {
    expect(warnings(ramMap + code)).toEqual([])
    const r = asm(src(ramMap + code))
    expect(r.ok && Array.from(r.rom.subarray(16, 20))).toEqual([0xa9, 0x01, 0x85, 0x01])
  })

  it('code over code is reported', () =>
    expect(warnings('.org $C000\n.db 1\n.org $C000\n.db 2')).toEqual(['OverwrittenBytes']))

  it('.ds zeros over code are reported', () =>
    expect(warnings('.org $C000\n.db 1\n.org $C000\n.ds 1')).toEqual(['OverwrittenBytes']))
})

describe('warning cap', () => {
  it('at most 50 of a code, then one info with the count', () => {
    const names = Array.from({ length: 60 }, (_, i) => `v${i}`)
    const lines = names.map((n, i) => `!${n} = ${i}`).concat(names.map((n) => `lda ${n}`))
    const r = asm(src(lines.join('\n')))
    const zp = r.diagnostics.filter((d) => d.code === 'AbsoluteForZeroPage')
    expect(zp.filter((d) => d.severity === 'warning')).toHaveLength(50)
    const info = zp.filter((d) => d.severity === 'info')
    expect(info).toHaveLength(1)
    expect(info[0]?.message).toMatch(/^10 more AbsoluteForZeroPage warnings not shown/)
    // the info points at the 51st warning: `lda v50` is line 60 + 51
    expect(info[0]?.span.line).toBe(111)
  })

  it('the cap never changes the bytes', () => {
    const names = Array.from({ length: 60 }, (_, i) => `v${i}`)
    const lines = names.map((n, i) => `!${n} = ${i}`).concat(names.map((n) => `lda ${n}`))
    const r = asm(src(lines.join('\n')))
    expect(r.ok && Array.from(r.rom.subarray(16 + 3 * 59, 16 + 3 * 60))).toEqual([0xad, 59, 0])
  })
})
