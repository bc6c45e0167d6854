import { describe, expect, it } from 'vitest'
import { expandTabs, lineText, rawColumn, splitSource } from './source'

const lines = (s: string): string[] =>
  splitSource('f', new TextEncoder().encode(s)).lines.map(lineText)

describe('source lines', () => {
  it('LF', () => expect(lines('a\nb\n')).toEqual(['a', 'b']))
  it('CR LF', () => expect(lines('a\r\nb\r\n')).toEqual(['a', 'b']))
  it('lone CR', () => expect(lines('a\rb')).toEqual(['a', 'b']))
  it('last line without end', () => expect(lines('a\nb')).toEqual(['a', 'b']))
  it('empty lines', () => expect(lines('\n\n')).toEqual(['', '']))
  it('NUL cuts the line', () => expect(lines('ab\0cd\n')).toEqual(['ab']))
  it('tabs to 8 columns', () => expect(expandTabs('ab\tc\td')).toBe('ab      c       d'))
  it('long lines are cut', () => expect(lines('x'.repeat(2000))[0]?.length).toBe(1554))
  it('bytes above $7F kept', () =>
    expect(Array.from(splitSource('f', new Uint8Array([0x80, 0xe9, 10])).lines[0] ?? [])).toEqual([
      0x80, 0xe9, 0,
    ]))
  it('raw column of an expanded column', () => {
    const f = splitSource('f', new TextEncoder().encode('\tlda #1\n'))
    expect(rawColumn(f, 0, 8)).toBe(1)
  })
})
