import { EditorState } from '@codemirror/state'
import { EditorView, runScopeHandlers } from '@codemirror/view'
import { afterEach, describe, expect, it } from 'vitest'
import { BreakpointStore } from './breakpoint-store'
import { debugEditorExtensions } from './debug-editor'

const DOC = 'Bump:\n  inc counter\n  lda counter\n  rts\n'
const views: EditorView[] = []

function editor(store: BreakpointStore, file = 'sub.asm') {
  const view = new EditorView({
    state: EditorState.create({ doc: DOC, extensions: debugEditorExtensions(file, store) }),
    parent: document.body,
  })
  views.push(view)
  return view
}

const tick = () => new Promise((r) => setTimeout(r, 0))
const pressF9 = (view: EditorView) =>
  runScopeHandlers(view, new KeyboardEvent('keydown', { key: 'F9' }), 'editor')

afterEach(() => {
  views.splice(0).forEach((v) => v.destroy())
})

describe('debug editor extensions', () => {
  it('toggles a breakpoint on the cursor line with F9 and marks it in the gutter', async () => {
    const store = new BreakpointStore(null)
    const view = editor(store)
    view.dispatch({ selection: { anchor: view.state.doc.line(2).from } })
    expect(pressF9(view)).toBe(true)
    await tick()
    expect(store.lines('sub.asm')).toEqual([2])
    expect(view.dom.querySelectorAll('.cm-debug-breakpoint')).toHaveLength(1)
    expect(store.cursor).toEqual({ file: 'sub.asm', line: 2 })
  })

  it('moves breakpoints with their lines when text is inserted above', async () => {
    const store = new BreakpointStore(null)
    store.toggle('sub.asm', 3)
    const view = editor(store)
    await tick()
    view.dispatch({ changes: { from: 0, insert: '; two new\n; lines\n' } })
    expect(store.lines('sub.asm')).toEqual([5])
  })

  it('highlights the stopped line of its own file only', async () => {
    const store = new BreakpointStore(null)
    const view = editor(store)
    await tick()
    store.setStoppedAt({ file: 'sub.asm', line: 3 })
    expect(view.dom.querySelector('.cm-debug-current-line')?.textContent).toBe('  lda counter')
    store.setStoppedAt({ file: 'main.asm', line: 3 })
    expect(view.dom.querySelector('.cm-debug-current-line')).toBeNull()
  })

  it('marks the macro-body line running apart from the call line, in the file holding the .macro', async () => {
    const store = new BreakpointStore(null)
    const view = editor(store)
    const other = editor(store, 'macros.asm')
    await tick()
    store.setStoppedAt({ file: 'sub.asm', line: 2 }, { file: 'sub.asm', line: 3 })
    expect(view.dom.querySelector('.cm-debug-current-line')?.textContent).toBe('  inc counter')
    expect(view.dom.querySelector('.cm-debug-macro-line')?.textContent).toBe('  lda counter')
    expect(view.dom.querySelectorAll('.cm-debug-macro')).toHaveLength(1) // its own gutter arrow
    expect(other.dom.querySelector('.cm-debug-macro-line')).toBeNull()
    store.setStoppedAt({ file: 'main.asm', line: 9 }, { file: 'macros.asm', line: 4 })
    expect(view.dom.querySelector('.cm-debug-macro-line')).toBeNull()
    expect(other.dom.querySelector('.cm-debug-macro-line')?.textContent).toBe('  rts')
    expect(other.dom.querySelector('.cm-debug-current-line')).toBeNull()
    store.setStoppedAt(null, { file: 'macros.asm', line: 4 }) // running: no body line without a stop
    expect(other.dom.querySelector('.cm-debug-macro-line')).toBeNull()
  })
})
