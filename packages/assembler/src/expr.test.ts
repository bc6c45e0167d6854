import { describe, expect, it } from 'vitest'
import { code, fails } from '../test/helpers'

// [expression, expected byte] — evaluated through `.db`
const byteCases: [string, number][] = [
  ['10', 10],
  ['$1f', 0x1f],
  ['0x1F', 0x1f],
  ['%1010_0101', 0xa5],
  ["'A'", 0x41],
  ["'''", 39],
  ['010', 10],
  ['$', 0],
  ['%', 0],
  ['1+2*3', 7],
  ['(1+2)*3', 9],
  ['7/2', 3],
  ['-7/2', 0xfd],
  ['-7%3', 0xff],
  ['5-3-1', 1],
  ['1<<33', 2],
  ['-16>>2', 0xfc],
  ['1|2^3&4', 3],
  ['1+1<<1', 4],
  ['~$F0 & $FF', 0x0f],
  ['3=3', 1],
  ['3<>4', 1],
  ['3!=3', 0],
  ['-1<0', 1],
  ['1=1=1', 1],
  ['!0', 1],
  ['!5', 0],
  ['HIGH($1234)', 0x12],
  ['low($1234)', 0x34],
  ['HIGH $1234 + 1', 0x13],
  ['HIGH(-1)', 0xff],
  ['5 + -HIGH($1234)', 0x0d],
  ['-HIGH($1234)', 0x12],
  ['-(HIGH($1234))', 0xee],
  ['~~5', 0xfa],
  ['10 - - 2', 12],
  ['2*-3', 0xfa],
  ['MAGICKIT', 1],
  ['DEFINED(nowhere)', 0],
]

describe('expressions', () => {
  for (const [e, want] of byteCases)
    it(`${e} = ${want}`, () => expect(code(`.db ${e}`)).toEqual([want]))
  it('* is the address of the statement', () =>
    expect(code('.dw *, *+2, *')).toEqual([0, 0xe0, 2, 0xe0, 0, 0xe0]))
  it('a symbol defined later', () => expect(code('.db later\n!later = 5')).toEqual([5]))
  it('user function', () => expect(code('!dbl .func (\\1)*2\n.db dbl(dbl(3))')).toEqual([12]))
})

// lone numbers take a shortcut past the expression machine: same results at every edge
describe('lone numbers', () => {
  it('operands', () =>
    expect(code('lda #$08\nlda <$10\nlda $0200,x\nlda [$10],y\nlda #16 ; c')).toEqual([
      0xa9, 0x08, 0xa5, 0x10, 0xbd, 0x00, 0x02, 0xb1, 0x10, 0xa9, 0x10,
    ]))
  it('lists', () =>
    expect(code('.db 1 , 2,3\t,$FF\n.dw 0x1234')).toEqual([1, 2, 3, 0xff, 0x34, 0x12]))
  it('wraps at 32 bits', () => expect(code('.dw $123456789 & $FFFF')).toEqual([0x89, 0x67]))
  it('hex digit out of range', () => fails('.db $1G', 'ExpressionSyntax'))
  it('number then a word', () => fails('lda #1 x', 'ExpressionSyntax'))
  it('number then junk', () => fails('.db 1 @', 'SyntaxError'))
})

describe('lone symbols', () => {
  it('values', () =>
    expect(code('!k = 7\n!t:\nlda t,x\n.db k , k\njmp t')).toEqual([
      0xbd, 0x00, 0xe0, 7, 7, 0x4c, 0x00, 0xe0,
    ]))
  it('a function is still called', () => expect(code('!f .func 3\n.db f()')).toEqual([3]))
  it('undefined, at its column', () => fails('.db 1, nothing', 'UndefinedSymbol', '1:10'))
  it('a keyword alone', () => fails('.db LOW', 'ExpressionSyntax'))
  it('a register alone', () => fails('.db x', 'ReservedRegister'))
  it('a local without a global', () => fails('.db .l', 'LocalNotAllowed'))
})

describe('LOW(symbol) and HIGH(symbol)', () => {
  it('values', () =>
    expect(
      code('!k = $1234\n!t:\nlda #LOW(t)\nldx #high(t)\n.db LOW(k), HIGH(k) ; c\nlda HIGH(k),y'),
    ).toEqual([0xa9, 0x00, 0xa2, 0xe0, 0x34, 0x12, 0xb9, 0x12, 0x00]))
  it('forms the full evaluation reads', () =>
    expect(code('!k = $1234\n.db LOW (k), LOW(k)+1, HIGH((k)), low(k)&$F0')).toEqual([
      0x34, 0x35, 0x12, 0x30,
    ]))
  it('a local symbol', () =>
    expect(code('!g:\n!.l = $0155\n.db HIGH(.l), LOW(.l)')).toEqual([1, 0x55]))
  it('a function named like the symbol is called', () =>
    expect(code('!f .func $0203\n.db HIGH(f()), LOW(f())')).toEqual([2, 3]))
  it('undefined, at its column', () => fails('.db 1, LOW(nothing)', 'UndefinedSymbol', '1:14'))
  it('a register inside', () => fails('.db LOW(x)', 'ReservedRegister'))
  it('a keyword inside', () => fails('.db LOW(HIGH)', 'ExpressionSyntax'))
  it('a local without a global', () => fails('.db HIGH(.l)', 'LocalNotAllowed'))
})

describe('value plus or minus a number', () => {
  it('values', () =>
    expect(
      code('!p = $10\n!t:\nlda p+1\nsta <p + $1,x\n.db $20+1, 5-7, p - 0x10\njmp t+3'),
    ).toEqual([0xad, 0x11, 0x00, 0x95, 0x11, 0x21, 0xfe, 0x00, 0x4c, 0x03, 0xe0]))
  it('forms the full evaluation reads', () =>
    expect(code('!p = 4\n.db 5-3-1, p+1*2, p+%1, p+(1), 1+p, p+1=5')).toEqual([1, 6, 5, 5, 5, 1]))
  it('wraps at 32 bits', () =>
    expect(code('!k = $7FFFFFFF+$8001\n!m = 1-$80000002\n.dw k & $FFFF, m & $FFFF')).toEqual([
      0, 0x80, 0xff, 0xff,
    ]))
  it('a function is still called', () => expect(code('!f .func 3\n.db f()+1')).toEqual([4]))
  it('undefined, at its column', () => fails('.db 1, nothing+1', 'UndefinedSymbol', '1:10'))
  it('a register', () => fails('.db x+1', 'ReservedRegister'))
  it('a digit out of range', () => fails('.db p+$1G\n!p = 1', 'ExpressionSyntax'))
  it('a keyword', () => fails('.db HIGH+1', 'ExpressionSyntax'))
})

describe('expression errors', () => {
  it('==', () => fails('.db 1==1', 'ExpressionSyntax', '1:7'))
  it('#<label', () => fails('lda #<lbl\n!lbl:', 'ExpressionSyntax'))
  it('divide by zero', () => fails('.db 1/0', 'DivideByZero', '1:7'))
  it('bad char', () => fails(".db 'ab'", 'BadCharConstant'))
  it('unbalanced', () => fails('.db (1+2', 'ExpressionSyntax'))
  it('12abc', () => fails('.db 12abc', 'ExpressionSyntax'))
  it('register as value', () => fails('.db x', 'ReservedRegister'))
  it('undefined', () => fails('.db nothing', 'UndefinedSymbol', '1:7'))
  it('BANK of a constant', () => fails('!k = 1\n.db BANK(k)', 'NoBankIndex', '2:7'))
  it('SIZEOF without size', () => fails('!t:\n.db 1\n.db SIZEOF(t)', 'NoSizeAttribute'))
  it('too complex', () => fails(`.db ${'('.repeat(70)}1${')'.repeat(70)}`, 'ExpressionTooComplex'))
})
