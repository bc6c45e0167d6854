// ld65 linker configs (.cfg) as a CodeMirror StreamLanguage: the sections (MEMORY, SEGMENTS...), attribute names
// (start, size, load...), values (numbers, strings, %O), `#` comments.
import { StreamLanguage } from '@codemirror/language'
import type { StringStream } from '@codemirror/language'

const SECTIONS = new Set(['MEMORY', 'SEGMENTS', 'FILES', 'FORMATS', 'FEATURES', 'SYMBOLS'])

export const ld65ConfigStreamParser = {
  name: 'ld65-config',
  token(stream: StringStream): string | null {
    if (stream.eatSpace()) return null
    if (stream.peek() === '#') {
      stream.skipToEnd()
      return 'lineComment'
    }
    if (stream.match(/^\$[0-9a-f]+/i) || stream.match(/^%[01]+/) || stream.match(/^\d+/))
      return 'number'
    if (stream.match(/^%[OS]/)) return 'atom'
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string'
    const word = stream.match(/^[A-Za-z_][\w]*/) as RegExpMatchArray | null
    if (word) {
      if (SECTIONS.has(word[0].toUpperCase())) return 'keyword'
      if (stream.match(/^\s*=/, false)) return 'meta'
      return stream.match(/^\s*:/, false) ? 'labelName' : 'variableName'
    }
    stream.next()
    return 'operator'
  },
  languageData: { commentTokens: { line: '#' } },
  tokenTable: {},
}

export const ld65ConfigLanguage = StreamLanguage.define(ld65ConfigStreamParser)
