// ca65 syntax highlighting as a CodeMirror StreamLanguage: labels (`name:`, cheap `@name:`, unnamed `:`),
// mnemonics, control commands (`.segment`, `.proc`, `.byte`...), numbers ($hex, %binary, decimal), strings,
// character constants, `;` comments, registers, and unnamed-label references (`:+`, `:--`).
import { StreamLanguage } from '@codemirror/language'
import type { StringStream } from '@codemirror/language'
import { operationKind } from './nesasm-language'

export interface Ca65State {
  /** True until the operation (mnemonic, control command or macro) of the current statement has been read. */
  expectOperation: boolean
}

function readString(stream: StringStream, quote: string): void {
  while (!stream.eol()) {
    const ch = stream.next()
    if (ch === '\\') stream.next()
    else if (ch === quote) return
  }
}

function operation(word: string): string {
  if (word.startsWith('.')) return 'meta'
  const kind = operationKind(word)
  return kind === 'meta' ? 'macroName' : kind
}

function token(stream: StringStream, state: Ca65State): string | null {
  if (stream.eatSpace()) return null
  if (stream.peek() === ';') {
    stream.skipToEnd()
    return 'lineComment'
  }
  if (state.expectOperation && stream.match(/^:(?![-+])/)) return 'labelName'
  if (stream.match(/^:[-+]+/) || stream.match(/^:[<>]+/)) return 'labelName'
  if (stream.match(/^\$[0-9a-f]+/i) || stream.match(/^%[01]+/) || stream.match(/^\d+/))
    return 'number'
  const ch = stream.peek()
  if (ch === '"' || ch === "'") {
    stream.next()
    readString(stream, ch)
    return ch === '"' ? 'string' : 'character'
  }
  const word = stream.match(/^[@.]?[A-Za-z_][\w]*(?:::[A-Za-z_]\w*)*/) as RegExpMatchArray | null
  if (word) {
    if (state.expectOperation && stream.eat(':')) return 'labelName'
    if (state.expectOperation && stream.match(/^\s*(=|:=|\.set\b)/i, false)) {
      state.expectOperation = false
      return 'labelName'
    }
    if (state.expectOperation) {
      state.expectOperation = false
      return operation(word[0])
    }
    const lower = word[0].toLowerCase()
    if (lower === 'a' || lower === 'x' || lower === 'y') return 'atom'
    if (lower.startsWith('.')) return 'variableName.standard'
    return 'variableName'
  }
  stream.next()
  return /[-+*/&|^~!<>=#(),[\]:]/.test(ch ?? '') ? 'operator' : null
}

export const ca65StreamParser = {
  name: 'ca65',
  startState: (): Ca65State => ({ expectOperation: true }),
  copyState: (s: Ca65State): Ca65State => ({ ...s }),
  token(stream: StringStream, state: Ca65State): string | null {
    if (stream.sol()) state.expectOperation = true
    return token(stream, state)
  },
  languageData: { commentTokens: { line: ';' } },
  tokenTable: {},
}

export const ca65Language = StreamLanguage.define(ca65StreamParser)
