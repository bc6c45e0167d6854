import { describe, expect, it } from 'vitest'
import { code, fails } from '../test/helpers'

describe('macros', () => {
  it('arguments', () =>
    expect(code('!st .macro\nlda \\1\nsta \\2\n.endm\nst #1, <$10')).toEqual([0xa9, 1, 0x85, 0x10]))
  it('.macro name form', () => expect(code('.macro m\n.db \\#\n.endm\nm 1,2,3')).toEqual([3]))
  it('x glued to previous argument', () =>
    expect(code('!m .macro\nlda \\1\n.endm\nm $4400,x')).toEqual([0xbd, 0, 0x44]))
  it('braces group', () => expect(code('!m .macro\n\\1\n.endm\nm {ldy #2}')).toEqual([0xa0, 2]))
  it('\\@ local labels', () =>
    expect(code('!w .macro\n!.l\\@: dex\nbne .l\\@\n.endm\n!g:\nw\nw')).toEqual([
      0xca, 0xd0, 0xfd, 0xca, 0xd0, 0xfd,
    ]))
  it('\\?n types', () =>
    expect(code('!m .macro\n.db \\?1, \\?2, \\?3, \\?4\n.endm\nm #1, a, [x], "s"')).toEqual([
      2, 1, 4, 5,
    ]))
  it('# skipped in expansions', () =>
    expect(code('!m .macro\nlda #\\1\n.endm\nm #5')).toEqual([0xa9, 5]))
  it('used before definition', () => fails('m\n!m .macro\n.endm', 'UnknownInstruction'))
  it('unterminated definition', () => fails('!m .macro\nnop', 'MacroStructure'))
  it('nested definition', () => fails('!m .macro\n.macro n\n.endm', 'MacroStructure'))
  it('too many arguments', () => fails('!m .macro\n.endm\nm 1,2,3,4,5,6,7,8,9,10', 'MacroArgument'))
  it('recursion is bounded', () => fails('!m .macro\nm\n.endm\nm', 'MacroStructure'))
})

describe('conditionals', () => {
  it('.if/.else', () => expect(code('.if 0\n.db 1\n.else\n.db 2\n.endif')).toEqual([2]))
  it('nested false', () =>
    expect(code('.if 0\n.if 1\n.db 1\n.endif\n.else\n.db 3\n.endif')).toEqual([3]))
  it('.ifdef uses the symbol table', () =>
    expect(code('!k = 1\n.ifdef k\n.db 7\n.endif')).toEqual([7]))
  it('.ifndef', () => expect(code('.ifndef nowhere\n.db 8\n.endif')).toEqual([8]))
  it('missing .endif', () => fails('.if 1\nnop', 'ConditionalStructure', '3:1'))
  it('stray .endif', () => fails('.endif', 'ConditionalStructure'))
  it('if-undefined then defined', () =>
    fails('.if later\n.endif\n!later = 1', 'IfUndefinedRedefined'))
})

describe('includes', () => {
  it('.include', () =>
    expect(code('.include "inc/a"\nrts', { 'inc/a.asm': '  nop\n' })).toEqual([0xea, 0x60]))
  it('.incbin', () =>
    expect(code('.incbin "d.bin"', { 'd.bin': new Uint8Array([1, 2, 3]) })).toEqual([1, 2, 3]))
  it('missing include', () => fails('.include "none.asm"', 'FileNotFound', '1:3'))
  it('missing incbin', () => fails('.incbin "none.bin"', 'FileNotFound'))
  it('no quotes', () => fails('.include none.asm', 'BadString'))
})
