// CodeMirror side of the debugger: a breakpoint gutter (click or F9 toggles; breakpoints move with their lines
// as the text is edited) and the highlight of the line where the debugger stopped, both fed by breakpointStore.
// Stopped inside a macro expansion, the macro-body line running gets a second highlight of its own.
import { EditorSelection, Facet, Prec, RangeSet, StateEffect, StateField } from '@codemirror/state'
import type { Extension, Range } from '@codemirror/state'
import { Decoration, EditorView, GutterMarker, ViewPlugin, gutter, keymap } from '@codemirror/view'
import type { DecorationSet, ViewUpdate } from '@codemirror/view'
import { breakpointStore } from './breakpoint-store'
import type { BreakpointStore, StoppedAt } from './breakpoint-store'

const fileName = Facet.define<string, string>({ combine: (v) => v[0] ?? '' })
const storeFacet = Facet.define<BreakpointStore, BreakpointStore>({
  combine: (v) => v[0] ?? breakpointStore,
})
const setBreakpointLines = StateEffect.define<readonly number[]>()
/** The stopped line and, inside a macro expansion, the body line running (1-based; null: not in this file). */
const setCurrentLines = StateEffect.define<{ line: number | null; macroLine: number | null }>()

class BreakpointMarker extends GutterMarker {
  override elementClass = 'cm-debug-breakpoint'
  override toDOM(): Node {
    const dot = document.createElement('span')
    dot.className = 'cm-debug-breakpoint__dot'
    dot.setAttribute('aria-label', 'breakpoint')
    return dot
  }
}
const breakpointMarker = new BreakpointMarker()

/** Sizes the gutter (a marker without the breakpoint class, so only real breakpoints carry it). */
class SpacerMarker extends GutterMarker {
  override toDOM(): Node {
    const dot = document.createElement('span')
    dot.className = 'cm-debug-breakpoint__dot'
    return dot
  }
}

/** An arrow in the gutter of a line where the program is: `kind` names its classes. */
class ArrowMarker extends GutterMarker {
  constructor(
    private readonly kind: 'current' | 'macro',
    private readonly glyph: string,
  ) {
    super()
    this.elementClass = `cm-debug-${kind}`
  }
  override toDOM(): Node {
    const arrow = document.createElement('span')
    arrow.className = `cm-debug-${this.kind}__arrow`
    arrow.textContent = this.glyph
    return arrow
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof ArrowMarker && other.kind === this.kind
  }
}
/** The line the program stopped at (in a macro expansion: the call line). */
const currentMarker = new ArrowMarker('current', '▶')
/** The macro-body line running: a hollow arrow, as the call line has the solid one. */
const macroLineMarker = new ArrowMarker('macro', '▷')

function markersAt(
  doc: EditorView['state']['doc'],
  lines: readonly number[],
): RangeSet<GutterMarker> {
  const ranges = lines
    .filter((l) => l >= 1 && l <= doc.lines)
    .map((l) => breakpointMarker.range(doc.line(l).from))
  return RangeSet.of(ranges, true)
}

const breakpointField = StateField.define<RangeSet<GutterMarker>>({
  create: (state) => markersAt(state.doc, state.facet(storeFacet).lines(state.facet(fileName))),
  update(set, tr) {
    let next = set.map(tr.changes)
    for (const e of tr.effects)
      if (e.is(setBreakpointLines)) next = markersAt(tr.state.doc, e.value)
    return next
  },
})

const currentLineDecoration = Decoration.line({ class: 'cm-debug-current-line' })
const macroLineDecoration = Decoration.line({ class: 'cm-debug-macro-line' })

interface CurrentLines {
  line: number | null
  macroLine: number | null
  decorations: DecorationSet
}

/** The stopped line and the macro-body line running: line decorations plus gutter arrows. */
const currentField = StateField.define<CurrentLines>({
  create: () => ({ line: null, macroLine: null, decorations: Decoration.none }),
  update(value, tr) {
    let next = { ...value, decorations: value.decorations.map(tr.changes) }
    for (const e of tr.effects) {
      if (!e.is(setCurrentLines)) continue
      const inDoc = (l: number | null) => (l !== null && l <= tr.state.doc.lines ? l : null)
      const line = inDoc(e.value.line)
      const macroLine = inDoc(e.value.macroLine)
      const ranges: Range<Decoration>[] = []
      if (line !== null) ranges.push(currentLineDecoration.range(tr.state.doc.line(line).from))
      if (macroLine !== null)
        ranges.push(macroLineDecoration.range(tr.state.doc.line(macroLine).from))
      next = { line, macroLine, decorations: Decoration.set(ranges, true) }
    }
    return next
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.decorations),
})

function linesOf(view: EditorView): number[] {
  const lines: number[] = []
  const iter = view.state.field(breakpointField).iter()
  for (; iter.value; iter.next()) lines.push(view.state.doc.lineAt(iter.from).number)
  return lines
}

function toggleAt(view: EditorView, pos: number): boolean {
  const { state } = view
  state.facet(storeFacet).toggle(state.facet(fileName), state.doc.lineAt(pos).number)
  return true
}

/** Keeps the editor and the store in step: store changes come in, edits that move lines go out. */
const storeSync = ViewPlugin.fromClass(
  class {
    private readonly unsubscribe: () => void
    private destroyed = false
    constructor(private readonly view: EditorView) {
      const store = view.state.facet(storeFacet)
      this.unsubscribe = store.subscribe((source) => {
        if (source !== this) this.pull()
      })
      queueMicrotask(() => this.pull())
    }
    update(update: ViewUpdate): void {
      const store = update.state.facet(storeFacet)
      const file = update.state.facet(fileName)
      // Renamed or moved: show the breakpoints kept under the new name (after this update is applied).
      if (update.startState.facet(fileName) !== file) queueMicrotask(() => this.pull())
      if (update.selectionSet || update.focusChanged) {
        const line = update.state.doc.lineAt(update.state.selection.main.head).number
        store.cursor = { file, line }
      }
      if (!update.docChanged) return
      const lines = linesOf(this.view)
      const before = store.lines(file)
      if (lines.length !== before.length || lines.some((l, i) => l !== before[i]))
        store.set(file, lines, this)
    }
    pull(): void {
      if (this.destroyed) return
      const { view } = this
      const store = view.state.facet(storeFacet)
      const file = view.state.facet(fileName)
      const lineOf = (at: StoppedAt | null) =>
        at && at.file === file && at.line <= view.state.doc.lines ? at.line : null
      const line = lineOf(store.stoppedAt)
      const macroLine = lineOf(store.stoppedInMacroAt)
      const effects: StateEffect<unknown>[] = [
        setBreakpointLines.of(store.lines(file)),
        setCurrentLines.of({ line, macroLine }),
      ]
      // both lines in view when they fit, else the stopped line (the head of the range is the side kept)
      const before = view.state.field(currentField)
      const head = line ?? macroLine
      if (head !== null && (line !== before.line || macroLine !== before.macroLine)) {
        const { doc } = view.state
        const range = EditorSelection.range(doc.line(macroLine ?? head).from, doc.line(head).from)
        effects.push(EditorView.scrollIntoView(range, { y: 'center' }))
      }
      view.dispatch({ effects })
    }
    destroy(): void {
      this.destroyed = true
      this.unsubscribe()
    }
  },
)

const debugGutter = gutter({
  class: 'cm-debug-gutter',
  markers: (view) => {
    const { line, macroLine } = view.state.field(currentField)
    const add: Range<GutterMarker>[] = []
    if (line !== null) add.push(currentMarker.range(view.state.doc.line(line).from))
    if (macroLine !== null && macroLine !== line)
      add.push(macroLineMarker.range(view.state.doc.line(macroLine).from))
    const set = view.state.field(breakpointField)
    return add.length === 0 ? set : set.update({ add, sort: true })
  },
  initialSpacer: () => new SpacerMarker(),
  domEventHandlers: {
    mousedown(view, line) {
      return toggleAt(view, line.from)
    },
  },
})

/** The debugger's editor extensions for the file `file` (its key in the project, as in the source map). */
export function debugEditorExtensions(
  file: string,
  store: BreakpointStore = breakpointStore,
): Extension {
  return [
    fileName.of(file),
    storeFacet.of(store),
    breakpointField,
    currentField,
    Prec.highest(debugGutter),
    storeSync,
    keymap.of([{ key: 'F9', run: (view) => toggleAt(view, view.state.selection.main.head) }]),
  ]
}
