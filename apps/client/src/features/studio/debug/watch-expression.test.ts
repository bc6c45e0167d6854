import { describe, expect, it } from 'vitest'
import { evaluateWatch } from './watch-expression'

const symbols: Record<string, number> = { playerX: 0x10, playerY: 0x11, 'RESET.loop': 0xc005 }
const lookup = (name: string) => symbols[name]
const ok = (text: string, value: number) =>
  expect(evaluateWatch(text, lookup)).toEqual({ ok: true, value })
const fails = (text: string, error: string) =>
  expect(evaluateWatch(text, lookup)).toEqual({ ok: false, error })

describe('evaluateWatch', () => {
  it('reads symbols and numbers in the assembler syntax', () => {
    ok('playerX', 0x10)
    ok('playerY+1', 0x12)
    ok('$0300', 0x300)
    ok('%1010', 10)
    ok('12', 12)
    ok("'A'", 65)
    ok('RESET.loop', 0xc005)
  })

  it('follows precedence, parentheses and the byte operators', () => {
    ok('playerX+2*3', 0x16)
    ok('(playerX+2)*3', 0x36)
    ok('<RESET.loop', 0x05)
    ok('>RESET.loop', 0xc0)
    ok('-1+2', 1)
    ok('1<<4|1', 0x11)
  })

  it('says what is wrong', () => {
    fails('', 'Empty expression')
    fails('enemyX', 'Unknown symbol enemyX')
    fails('playerX+', 'The expression ends too soon')
    fails('(playerX', 'Missing )')
    fails('playerX 2', 'Unexpected text after the expression')
    fails('playerX/0', 'Division by zero')
    fails('playerX # 1', 'Unexpected "#" at column 8')
  })
})
