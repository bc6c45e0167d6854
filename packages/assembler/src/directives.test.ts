import { describe, expect, it } from 'vitest'
import { asm, code, fails, src } from '../test/helpers'

describe('data directives', () => {
  it('.db list', () => expect(code('.db 1, 2 ,3')).toEqual([1, 2, 3]))
  it('.byte/db/byte', () => expect(code('.byte 4\ndb 5\nbyte 6')).toEqual([4, 5, 6]))
  it('.db negative', () => expect(code('.db -1, -128')).toEqual([0xff, 0x80]))
  it('.db string escapes', () =>
    expect(code('.db "a\\"\\n\\q",0')).toEqual([0x61, 0x22, 0x0a, 0x71, 0]))
  it('.db empty string', () => expect(code('.db "", 1')).toEqual([1]))
  it('.dw', () => expect(code('.dw $1234, -1')).toEqual([0x34, 0x12, 0xff, 0xff]))
  it('.ds fills zero', () => expect(code('.db 1\n.ds 2\n.db 2')).toEqual([1, 0, 0, 2]))
  it('SIZEOF run', () =>
    expect(code('.db SIZEOF(t)\n!t: .db 1,2\n.dw 3\n.db 4\nnop')).toEqual([5, 1, 2, 3, 0, 4, 0xea]))
  it('.defchr', () =>
    expect(code('.defchr $01230123,0,0,0,0,0,0,$12121212')).toEqual([
      0x55, 0, 0, 0, 0, 0, 0, 0xaa, 0x33, 0, 0, 0, 0, 0, 0, 0x55,
    ]))
  it('overflow', () => fails('.db 256', 'ValueOutOfRange', '1:7'))
  it('.dw overflow', () => fails('.dw $10000', 'ValueOutOfRange'))
  it('string after blank', () => fails('.db "A", "B"', 'ExpressionSyntax'))
  it('blank after string', () => fails('.db "HI" ; c', 'SyntaxError'))
  it('unterminated', () => fails('.db "abc', 'UnterminatedString'))
  it('empty item', () => fails('.db 1,,2', 'ExpressionSyntax'))
  it('pixel > 3', () => fails('.defchr 4,0,0,0,0,0,0,0', 'PixelValue'))
  it('defchr args', () => fails('.defchr 0,0', 'ArgumentMissing'))
})

describe('location directives', () => {
  it('.org/.bank/.page', () => {
    const r = asm(
      src('.bank 1\n.org $A000\n!l: .db HIGH(l), BANK(l), PAGE(l)\n.page 6\n.db HIGH(*)'),
    )
    expect(r.ok && Array.from(r.rom.subarray(16 + 8192, 16 + 8192 + 4))).toEqual([0xa0, 1, 5, 0xc0])
  })
  it('file size = highest bank', () => {
    const r = asm(src('.inesprg 8\n.bank 2'))
    expect(r.ok && r.rom.length).toBe(16 + 3 * 8192)
  })
  it('.rs/.rsset', () =>
    expect(code('.rsset $10\n!r1 .rs 2\n!r2 .rs 1\n.db r1, r2')).toEqual([0x10, 0x12]))
  it('.zp labels', () => expect(code('.zp\n!z1: .ds 2\n!z2: .ds 1\n.code\n.db z2')).toEqual([2]))
  it('bank out of range', () => fails('.bank 128', 'BankOutOfRange'))
  it('bank overflow', () => fails('.org $FFFF\n.dw 1', 'BankOverflow'))
  it('.org out of range', () => fails('.org $10000', 'InvalidAddress'))
  it('.org forward', () => fails('.org later\n!later = 5', 'UndefinedSymbol', '1:8'))
  it('.page', () => fails('.page 8', 'InvalidPage'))
  it('.ds too far', () => fails('.zp\n.ds $101', 'OutOfRange', '2:7'))
  it('.rs out of range', () => fails('.rsset $FFFF\n.rs 2', 'ValueOutOfRange'))
  it('instructions in .zp', () => fails('.zp\nnop', 'SectionViolation', '2:3'))
  it('.db in .bss', () => fails('.bss\n.db 1', 'SectionViolation'))
  it('bank names', () => fails('.bank 1, "a"\n.bank 1, "b"', 'BankName'))
})

describe('symbols', () => {
  it('duplicate', () => fails('!x1: nop\n!x1: nop', 'DuplicateLabel', '2:1'))
  it('same value twice is fine', () => expect(code('!k = 1\n!k = 1\n.db k')).toEqual([1]))
  it('local before global', () => fails('!.l: nop', 'LocalNotAllowed'))
  it('reserved', () => fails('!A = 1', 'ReservedSymbol', '1:1'))
  it('31 characters', () =>
    fails(`!${'a'.repeat(31)}x: nop\n!${'a'.repeat(31)}y: rts`, 'DuplicateLabel'))
  it('phase error', () => fails('!k = j+1\n!j = 5', 'PhaseError'))
  it('.fail', () => fails('.fail', 'Fail'))
})

describe('header', () => {
  it('iNES fields', () => {
    const r = asm(src('.inesprg 2\n.ineschr 1\n.inesmap $4A\n.inesmir 3'))
    expect(r.ok && Array.from(r.rom.subarray(0, 8))).toEqual([
      0x4e, 0x45, 0x53, 0x1a, 2, 1, 0xa3, 0x40,
    ])
  })
  it('no directives', () => {
    const r = asm(src('nop'))
    expect(r.ok && Array.from(r.rom.subarray(0, 16))).toEqual([
      0x4e,
      0x45,
      0x53,
      0x1a,
      ...new Array(12).fill(0),
    ])
  })
  it('raw', () => {
    const r = asm(src('nop'), {}, { output: 'raw' })
    expect(r.ok && r.rom.length).toBe(8192)
  })
  it('range', () => fails('.inesprg 65', 'HeaderValueOutOfRange'))
})
