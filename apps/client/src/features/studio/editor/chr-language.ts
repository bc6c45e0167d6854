// Highlighting for CHR text (.chr tabs): each pixel digit is painted in its colour, so a tile reads as pixel art
// right in the editor; `.fill` and comments are styled like NESASM directives and comments.
import { HighlightStyle, StreamLanguage } from '@codemirror/language'
import type { StringStream } from '@codemirror/language'
import { Tag, tags } from '@lezer/highlight'

/** One tag per NES colour index 0-3. */
export const pixelTags = [Tag.define(), Tag.define(), Tag.define(), Tag.define()] as const

interface ChrState {
  /** True after `.fill` on the current line: what follows is its size, not pixels. */
  afterFill: boolean
}

export const chrStreamParser = {
  name: 'chr-text',
  startState: (): ChrState => ({ afterFill: false }),
  copyState: (s: ChrState): ChrState => ({ ...s }),
  token(stream: StringStream, state: ChrState): string | null {
    if (stream.sol()) state.afterFill = false
    if (stream.eatSpace()) return null
    if (stream.peek() === ';') {
      stream.skipToEnd()
      return 'lineComment'
    }
    if (stream.match(/^\.fill\b/i)) {
      state.afterFill = true
      return 'meta'
    }
    if (state.afterFill) {
      stream.match(/^[^\s;]+/)
      return /^(\$[0-9a-f]+|0x[0-9a-f]+|\d+)$/i.test(stream.current()) ? 'number' : 'invalid'
    }
    const ch = stream.next()
    if (ch === '.' || ch === '0') return 'px0'
    if (ch === '1' || ch === '2' || ch === '3') return `px${ch}`
    return 'invalid'
  },
  languageData: { commentTokens: { line: ';' } },
  tokenTable: { px0: pixelTags[0], px1: pixelTags[1], px2: pixelTags[2], px3: pixelTags[3] },
}

export const chrLanguage = StreamLanguage.define(chrStreamParser)

/** Colours 0-3 of the default preview palette: backdrop, red, blue, white. */
export const chrHighlightStyle = HighlightStyle.define([
  { tag: pixelTags[0], color: '#4a4560', backgroundColor: '#0b0b0f' },
  { tag: pixelTags[1], color: '#ffd6d3', backgroundColor: '#c8322a' },
  { tag: pixelTags[2], color: '#0b2a3a', backgroundColor: '#5ec8ff' },
  { tag: pixelTags[3], color: '#5a5648', backgroundColor: '#f3efe2' },
  { tag: tags.meta, color: '#e98cff' },
  { tag: tags.number, color: '#7ef59a' },
  { tag: tags.lineComment, color: '#8a84a3', fontStyle: 'italic' },
  { tag: tags.invalid, color: '#ff3b30', textDecoration: 'underline wavy' },
])
