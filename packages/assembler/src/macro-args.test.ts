import { describe, expect, it } from 'vitest'
import { MacroArgs } from './macro-args'
import { toLine } from './source'

/** Sets the arguments of level 1 from texts, glues the last one, and lists them. */
function glued(texts: string[]): { at: number; args: string[] } {
  const m = new MacroArgs()
  m.clear(1)
  texts.forEach((t, i) => m.setBytes(1, i, toLine(t), 0, t.length))
  const at = m.glue(1, texts.length - 1)
  return { at, args: Array.from({ length: 9 }, (_, i) => m.text(1, i)).filter((t) => t !== '') }
}

describe('macro arguments', () => {
  it('x, y, x++ and y++ join the previous argument', () => {
    expect(glued(['$4400', 'x'])).toEqual({ at: 0, args: ['$4400,x'] })
    expect(glued(['[ptr]', 'Y'])).toEqual({ at: 0, args: ['[ptr],Y'] })
    expect(glued(['a', 'X++'])).toEqual({ at: 0, args: ['a,X++'] })
  })
  it('other arguments stay apart', () => {
    expect(glued(['a', 'xy'])).toEqual({ at: 1, args: ['a', 'xy'] })
    expect(glued(['a', 'x+'])).toEqual({ at: 1, args: ['a', 'x+'] })
    expect(glued(['x'])).toEqual({ at: 0, args: ['x'] })
  })
  it('a previous argument over 75 characters cannot take it', () =>
    expect(glued(['v'.repeat(76), 'x']).at).toBe(-1))
  it('levels are separate and a clear empties only its own', () => {
    const m = new MacroArgs()
    m.setBytes(1, 0, toLine('one'), 0, 3)
    m.setText(2, 0, '"two"')
    m.clear(1)
    expect([m.length(1, 0), m.text(2, 0)]).toEqual([0, '"two"'])
    const out = new Uint8Array(8)
    expect(m.copyInto(2, 0, out, 1)).toBe(6)
    expect(Array.from(out.subarray(1, 6), (b) => String.fromCharCode(b)).join('')).toBe('"two"')
  })
})
