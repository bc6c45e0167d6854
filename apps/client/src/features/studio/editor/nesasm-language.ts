// NESASM syntax highlighting as a CodeMirror StreamLanguage: labels, mnemonics, directives, numbers ($hex, %binary,
// decimal, 0x), strings, character constants, comments, registers and the built-in functions.
import { StreamLanguage } from '@codemirror/language'
import type { StringStream } from '@codemirror/language'

const MNEMONICS = new Set(
  (
    'adc and asl bcc bcs beq bit bmi bne bpl brk bvc bvs clc cld cli clv cmp cpx cpy dec dex dey eor inc inx iny ' +
    'jmp jsr lda ldx ldy lsr nop ora pha php pla plp rol ror rti rts sbc sec sed sei sta stx sty tax tay tsx txa ' +
    'txs tya'
  ).split(' '),
)

const DIRECTIVES = new Set(
  (
    'inesprg ineschr inesmap inesmir bank org page code data zp bss db byte dw word ds defchr incbin incchr ' +
    'equ rs rsset list nolist mlist nomlist opt include macro mac endm func if ifdef ifndef else endif fail ' +
    'proc endp procgroup endprocgroup call'
  ).split(' '),
)

const FUNCTIONS = new Set(['high', 'low', 'bank', 'page', 'sizeof', 'defined'])

export interface NesasmState {
  /** True until the operation (mnemonic, directive or macro) of the current statement has been read. */
  expectOperation: boolean
}

/** Classifies a word in operation position: 'keyword' (mnemonic), 'meta' (directive) or 'macroName' (anything else). */
export function operationKind(word: string): 'keyword' | 'meta' | 'macroName' {
  const lower = word.toLowerCase()
  if (MNEMONICS.has(lower)) return 'keyword'
  if (DIRECTIVES.has(lower.startsWith('.') ? lower.slice(1) : lower)) return 'meta'
  return 'macroName'
}

function readString(stream: StringStream, quote: string): void {
  while (!stream.eol()) {
    const ch = stream.next()
    if (ch === '\\' && quote === '"') stream.next()
    else if (ch === quote) return
  }
}

function tokenStart(stream: StringStream, state: NesasmState): string | null {
  // Column 1: a comment line (';' or '*'), or a label whether or not a colon follows.
  if (stream.peek() === ';' || stream.peek() === '*') {
    stream.skipToEnd()
    return 'lineComment'
  }
  if (stream.match(/^[A-Za-z_.][\w.]*/)) {
    stream.eat(':')
    state.expectOperation = true
    return 'labelName'
  }
  return null
}

function tokenOperand(stream: StringStream, state: NesasmState): string | null {
  if (stream.match(/^\$[0-9a-f]*/i) || stream.match(/^0x[0-9a-f]+/i) || stream.match(/^%[01_]+/))
    return 'number'
  if (stream.match(/^\d+/)) return 'number'
  const ch = stream.peek()
  if (ch === '"' || ch === "'") {
    stream.next()
    readString(stream, ch)
    return ch === '"' ? 'string' : 'character'
  }
  const word = stream.match(/^[A-Za-z_.][\w.]*/) as RegExpMatchArray | null
  if (word) {
    const text = word[0]
    if (stream.eat(':')) {
      state.expectOperation = true
      return 'labelName'
    }
    if (state.expectOperation) {
      state.expectOperation = false
      return operationKind(text)
    }
    const lower = text.toLowerCase()
    if (lower === 'a' || lower === 'x' || lower === 'y') return 'atom'
    if (FUNCTIONS.has(lower)) return 'variableName.standard'
    return 'variableName'
  }
  if (stream.match(/^\\[1-9@]/)) return 'variableName.special'
  stream.next()
  return /[-+*/%&|^~!<>=#(),[\]]/.test(ch ?? '') ? 'operator' : null
}

export const nesasmStreamParser = {
  name: 'nesasm',
  startState: (): NesasmState => ({ expectOperation: true }),
  copyState: (s: NesasmState): NesasmState => ({ ...s }),
  token(stream: StringStream, state: NesasmState): string | null {
    if (stream.sol()) {
      state.expectOperation = true
      const start = tokenStart(stream, state)
      if (start) return start
    }
    if (stream.eatSpace()) return null
    if (stream.peek() === ';') {
      stream.skipToEnd()
      return 'lineComment'
    }
    return tokenOperand(stream, state)
  },
  languageData: { commentTokens: { line: ';' } },
  tokenTable: {},
}

export const nesasmLanguage = StreamLanguage.define(nesasmStreamParser)
