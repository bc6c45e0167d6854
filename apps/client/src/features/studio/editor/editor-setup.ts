// CodeMirror 6 setup for the studio: the editing basics, NESASM highlighting in the retro palette, the lint gutter,
// and a compartment that locks the editor after a successful compile.
import { closeBrackets } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands'
import {
  HighlightStyle,
  bracketMatching,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language'
import { lintGutter, lintKeymap } from '@codemirror/lint'
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search'
import { Compartment, EditorState } from '@codemirror/state'
import type { Extension } from '@codemirror/state'
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { chrHighlightStyle, chrLanguage } from './chr-language'
import { syntaxLanguage } from './languages'
import type { Syntax } from './languages'

const highlightStyle = HighlightStyle.define([
  { tag: tags.keyword, color: '#5ec8ff', fontWeight: 'bold' },
  { tag: tags.meta, color: '#e98cff' },
  { tag: tags.labelName, color: '#ffce3a' },
  { tag: tags.number, color: '#7ef59a' },
  { tag: [tags.string, tags.character], color: '#ff9f6b' },
  {
    tag: [tags.lineComment, tags.comment, tags.blockComment],
    color: '#8a84a3',
    fontStyle: 'italic',
  },
  { tag: tags.typeName, color: '#c3a6ff' },
  { tag: tags.atom, color: '#ff6b8b' },
  { tag: tags.macroName, color: '#c3a6ff' },
  { tag: tags.standard(tags.variableName), color: '#5ee0d0' },
  { tag: tags.special(tags.variableName), color: '#5ee0d0' },
  { tag: tags.operator, color: '#f3efe2' },
])

const theme = EditorView.theme(
  {
    '&': { height: '100%', backgroundColor: '#100d18', color: '#f3efe2', fontSize: '13px' },
    '.cm-scroller': { fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace" },
    '.cm-content': { caretColor: '#ffce3a' },
    '.cm-cursor': { borderLeftColor: '#ffce3a', borderLeftWidth: '2px' },
    '.cm-gutters': { backgroundColor: '#17141f', color: '#6f6889', border: 'none' },
    '.cm-activeLine': { backgroundColor: '#ffffff0a' },
    '.cm-activeLineGutter': { backgroundColor: '#ffffff12', color: '#f3efe2' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': {
      backgroundColor: '#5ec8ff40',
    },
    '.cm-tooltip': { backgroundColor: '#25203a', border: '2px solid #0d0b13', color: '#f3efe2' },
    '.cm-diagnostic-error': { borderLeftColor: '#ff3b30' },
    '.cm-diagnostic-warning': { borderLeftColor: '#ffce3a' },
  },
  { dark: true },
)

export interface EditorCallbacks {
  onChange: (content: string) => void
  onCompile: () => void
}

/** Holds the lock state; reconfigure it with `lockExtension(locked)`. */
export const lockCompartment = new Compartment()

export function lockExtension(locked: boolean): Extension {
  return [EditorView.editable.of(!locked), EditorState.readOnly.of(locked)]
}

/**
 * All extensions of a studio editor state. `callbacks` is read on each event, so it may be a mutable ref. `syntax`
 * picks the highlighting (languages.ts syntaxFor).
 */
export function studioExtensions(
  callbacks: { current: EditorCallbacks },
  locked: boolean,
  syntax: Syntax = 'nesasm',
): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    indentUnit.of('  '),
    closeBrackets(),
    bracketMatching(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    lintGutter(),
    keymap.of([
      {
        key: 'Mod-Enter',
        run: () => {
          callbacks.current.onCompile()
          return true
        },
      },
      indentWithTab,
      ...defaultKeymap,
      ...historyKeymap,
      ...searchKeymap,
      ...lintKeymap,
    ]),
    syntax === 'chr'
      ? [chrLanguage, syntaxHighlighting(chrHighlightStyle)]
      : [syntaxLanguage(syntax), syntaxHighlighting(highlightStyle)],
    theme,
    lockCompartment.of(lockExtension(locked)),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) callbacks.current.onChange(update.state.doc.toString())
    }),
  ]
}
