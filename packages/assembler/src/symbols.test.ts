import { describe, expect, it } from 'vitest'
import { asm, src } from '../test/helpers'
import { symHash } from './symbols'

describe('symbol file', () => {
  it('hash buckets', () => {
    expect(symHash('')).toBe(0)
    expect(symHash('A')).toBe((65 * 8 + (65 >> 5) + 65) & 255)
  })
  it('lists ROM labels in bucket order, not constants or locals', () => {
    const r = asm(src('!RESET:\n!.loc: nop\n!k = 1\n.zp\n!zv: .ds 1\n.code\n!after: rts'))
    expect(r.fnsText).toBe(
      '; main.asm\n' +
        [
          ['RESET', 0xe000],
          ['after', 0xe001],
        ]
          .sort((x, y) => symHash(String(x[0])) - symHash(String(y[0])))
          .map(([n, v]) => `${String(n).padEnd(32)} = $${Number(v).toString(16).toUpperCase()}\n`)
          .join(''),
    )
  })
  it('is written after errors too', () => {
    const r = asm(src('!lbl: lda nothing'))
    expect(r.ok).toBe(false)
    expect(r.fnsText).toContain('lbl')
  })
})
