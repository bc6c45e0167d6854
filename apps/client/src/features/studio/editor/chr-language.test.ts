import { StringStream } from '@codemirror/language'
import { describe, expect, it } from 'vitest'
import { chrStreamParser } from './chr-language'

function styles(line: string): (string | null)[] {
  const state = chrStreamParser.startState()
  const stream = new StringStream(line, 2, 2)
  const out: (string | null)[] = []
  while (!stream.eol()) {
    const style = chrStreamParser.token(stream, state)
    if (stream.current().trim() !== '') out.push(style)
    stream.start = stream.pos
  }
  return out
}

describe('CHR text highlighting', () => {
  it('paints each pixel with its colour token', () => {
    expect(styles('0123.3x1')).toEqual(['px0', 'px1', 'px2', 'px3', 'px0', 'px3', 'invalid', 'px1'])
  })

  it('styles .fill with its size, and comments', () => {
    expect(styles('.fill 8192 ; one bank')).toEqual(['meta', 'number', 'lineComment'])
    expect(styles('.fill lots')).toEqual(['meta', 'invalid'])
    expect(styles('11111111')).toEqual(new Array(8).fill('px1'))
  })
})
