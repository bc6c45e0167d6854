import { describe, expect, it } from 'vitest'
import { LinePrefix } from './prefix'
import { RESERVED_BANK } from './symbols'

/** The prefix after the same writes, made at once or remembered until read. */
function both(steps: (p: LinePrefix, later: boolean) => void): [string, string] {
  const now = new LinePrefix()
  const later = new LinePrefix()
  steps(now, false)
  steps(later, true)
  return [now.text(), later.text()]
}

describe('line prefix', () => {
  it('line number, location and value', () => {
    const [now, later] = both((p, l) => {
      p.reset(123)
      p.loadlc(0xe012, 0, 3, l)
      p.loadlc(0x42, 1, 3, l)
    })
    expect(now).toBe('  123  03:E012  0042      ')
    expect(later).toBe(now)
  })
  it('the last write of a kind wins, a RAM bank shows --', () => {
    const [now, later] = both((p, l) => {
      p.reset(7)
      p.loadlc(0x1111, 0, 1, l)
      p.loadlc(0x0200, 0, RESERVED_BANK, l)
      p.loadlc(0x1, 1, 0, l)
      p.loadlc(0xbeef, 1, 0, l)
    })
    expect(now).toBe('    7  --:0200  BEEF      ')
    expect(later).toBe(now)
  })
  it('a new line or a clear drops what came before', () => {
    const [now, later] = both((p, l) => {
      p.reset(1)
      p.loadlc(0x8000, 0, 0, l)
      p.reset(2)
      p.loadlc(5, 1, 0, l)
      p.clear()
    })
    expect(now).toBe(' '.repeat(26))
    expect(later).toBe(now)
  })
  it('the line number written for a report keeps the pending location', () => {
    const p = new LinePrefix()
    p.reset(0)
    p.loadlc(0xc000, 0, 0, true)
    p.writeLineNumber(42)
    expect(p.text()).toBe('   42  00:C000            ')
  })
})
