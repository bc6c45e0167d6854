import { describe, expect, it } from 'vitest'
import { code, fails, warnings } from '../test/helpers'

const modeCases: [string, number[]][] = [
  ['lda #$44', [0xa9, 0x44]],
  ['lda <$44', [0xa5, 0x44]],
  ['lda <$44,x', [0xb5, 0x44]],
  ['lda $44', [0xad, 0x44, 0x00]],
  ['lda $4400,x', [0xbd, 0x00, 0x44]],
  ['lda $4400,y', [0xb9, 0x00, 0x44]],
  ['lda [$44,x]', [0xa1, 0x44]],
  ['lda [$44],y', [0xb1, 0x44]],
  ['ldx <$44,y', [0xb6, 0x44]],
  ['stx <$44,y', [0x96, 0x44]],
  ['asl a', [0x0a]],
  ['ror A', [0x6a]],
  ['jmp [$1234]', [0x6c, 0x34, 0x12]],
  ['jmp [$1234,x]', [0x7c, 0x34, 0x12]],
  ['jmp ($1234)', [0x4c, 0x34, 0x12]],
  ['lda ($44),y', [0xb9, 0x44, 0x00]],
  ['bit #1', [0x89, 0x01]],
  ['inc a', [0x1a]],
  ['nop', [0xea]],
  ['rts', [0x60]],
  ['LDA  $4400 , X', [0xbd, 0x00, 0x44]],
  ['lda.h #$1234', [0xa9, 0x12]],
  ['lda.l #$1234', [0xa9, 0x34]],
  ['lda.h $4400', [0xad, 0x01, 0x44]],
  ['lda high_byte #$1234', [0xa9, 0x12]],
  ['lda $4400,x++', [0xbd, 0x00, 0x44, 0xe8]],
  ['lda [$44],y++', [0xb1, 0x44, 0xc8]],
  ['bne *', [0xd0, 0xfe]],
]

describe('addressing modes', () => {
  for (const [s, want] of modeCases) it(s, () => expect(code(s)).toEqual(want))
})

describe('addressing mode errors', () => {
  it('sta #1', () => fails('sta #1', 'BadAddressingMode'))
  it('lda <zp,y', () => fails('lda <$10,y', 'BadAddressingMode'))
  it('jmp <zp', () => fails('jmp <$10', 'BadAddressingMode'))
  it('lda (zp,x)', () => fails('lda ($10,x)', 'ExpressionSyntax'))
  it('asl without A', () => fails('asl', 'OperandMissing', '1:6'))
  it('nop 5', () => fails('nop 5', 'SyntaxError'))
  it('immediate range', () => fails('lda #300', 'ValueOutOfRange', '1:8'))
  it('zero page range', () => fails('lda <$100', 'ValueOutOfRange'))
  it('absolute range', () => fails('lda $10000', 'ValueOutOfRange'))
  it('branch range', () => fails('!b: bne b+200', 'BranchOutOfRange'))
  it('stz is unknown', () => fails('stz $10', 'UnknownInstruction', '1:3'))
  it('mnemonic in column 1 with operand', () => fails('!lda #1', 'UnknownInstruction'))
})

describe('trap warnings', () => {
  it('(ptr),y', () => expect(warnings('lda ($44),y')).toContain('ParenIsNotIndirect'))
  it('jmp (vec)', () => expect(warnings('jmp ($1234)')).toContain('JmpParenIsNotIndirect'))
  it('absolute below $100', () => expect(warnings('lda $10')).toEqual(['AbsoluteForZeroPage']))
  it('no warning with <', () => expect(warnings('lda <$10')).toEqual([]))
  it('once per symbol', () =>
    expect(warnings('!v = $10\nlda v\nsta v\nlda $20')).toEqual([
      'AbsoluteForZeroPage',
      'AbsoluteForZeroPage',
    ]))
  it('mnemonic label', () => expect(warnings('!RTS\nnop')).toEqual(['MnemonicAsLabel']))
  it('.org overwrite', () =>
    expect(warnings('.org $C000\n.db 1\n.org $C000\n.db 2')).toEqual(['OverwrittenBytes']))
})
