import { StringStream } from '@codemirror/language'
import { describe, expect, it } from 'vitest'
import { nesasmStreamParser, operationKind } from './nesasm-language'

/** Tokenizes one line into [text, style] pairs, skipping unstyled whitespace. */
function tokens(line: string): [string, string | null][] {
  const state = nesasmStreamParser.startState()
  const stream = new StringStream(line, 2, 2)
  const out: [string, string | null][] = []
  while (!stream.eol()) {
    const style = nesasmStreamParser.token(stream, state)
    const text = stream.current()
    if (text.trim() !== '') out.push([text, style])
    stream.start = stream.pos
  }
  return out
}

describe('NESASM highlighting', () => {
  it('classifies operations', () => {
    expect(operationKind('LDA')).toBe('keyword')
    expect(operationKind('.inesprg')).toBe('meta')
    expect(operationKind('db')).toBe('meta')
    expect(operationKind('MyMacro')).toBe('macroName')
  })

  it('tokenizes a labelled instruction with hex, binary, register and comment', () => {
    expect(tokens('loop: lda $2002, x ; wait')).toEqual([
      ['loop:', 'labelName'],
      ['lda', 'keyword'],
      ['$2002', 'number'],
      [',', 'operator'],
      ['x', 'atom'],
      ['; wait', 'lineComment'],
    ])
    expect(tokens('  .db %1010_0101, "HI", \'A\'')).toEqual([
      ['.db', 'meta'],
      ['%1010_0101', 'number'],
      [',', 'operator'],
      ['"HI"', 'string'],
      [',', 'operator'],
      ["'A'", 'character'],
    ])
  })

  it('treats column 1 as a label and * or ; there as a comment line', () => {
    expect(tokens('RESET')).toEqual([['RESET', 'labelName']])
    expect(tokens('* old style comment')).toEqual([['* old style comment', 'lineComment']])
    expect(tokens('  lda #HIGH(label)')[2]).toEqual(['HIGH', 'variableName.standard'])
  })
})
