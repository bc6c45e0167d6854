// The studio's code editor: one CodeMirror view, one EditorState per file (so each tab keeps its own undo history),
// diagnostics shown inline, and a lock after a successful compile.
import { setDiagnostics } from '@codemirror/lint'
import { Compartment, EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { useEffect, useRef } from 'react'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import { debugEditorExtensions } from '../debug/debug-editor'
import { lockCompartment, lockExtension, studioExtensions } from './editor-setup'
import { syntaxFor } from './languages'
import type { ToolchainKind } from '../project/project-files'
import type { EditorCallbacks } from './editor-setup'
import { diagnosticOffset, toCodeMirrorDiagnostics } from './lint-adapter'

// The debugger's extensions know the file by name: a rename or move gives them the new one.
const debugCompartment = new Compartment()

export interface JumpTarget {
  file: string
  line: number
  column: number
  /** Changes on every request, so jumping twice to the same place works. */
  nonce: number
}

interface CodeEditorProps {
  fileId: string
  filename: string
  content: string
  diagnostics: readonly StudioDiagnostic[]
  locked: boolean
  jumpTarget: JumpTarget | undefined
  onChange: (fileId: string, content: string) => void
  onCompile: () => void
  /** The project's toolchain (picks the highlighting: NESASM, or ca65/C/ld65 config/shell for cc65). */
  toolchain?: ToolchainKind
}

export function CodeEditor(props: CodeEditorProps) {
  const { fileId, filename, content, diagnostics, locked, jumpTarget, toolchain } = props
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | undefined>(undefined)
  const states = useRef(new Map<string, EditorState>())
  const callbacks = useRef<EditorCallbacks>({ onChange: () => {}, onCompile: () => {} })
  const lockedRef = useRef(locked)

  useEffect(() => {
    lockedRef.current = locked
    callbacks.current = {
      onChange: (text) => props.onChange(fileId, text),
      onCompile: props.onCompile,
    }
  })

  useEffect(() => {
    const v = new EditorView({ parent: host.current ?? undefined })
    view.current = v
    const cache = states.current
    return () => {
      v.destroy()
      view.current = undefined
      cache.clear()
    }
  }, [])

  // Switch to the file's state (created on first visit); content changed elsewhere (import, reset) starts fresh.
  useEffect(() => {
    const v = view.current
    if (!v) return
    const cache = states.current
    const previous = cache.get(fileId)
    const state =
      previous && previous.doc.toString() === content
        ? previous
        : EditorState.create({
            doc: content,
            extensions: [
              studioExtensions(callbacks, lockedRef.current, syntaxFor(filename, toolchain)),
              debugCompartment.of(debugEditorExtensions(filename)),
            ],
          })
    v.setState(state)
    v.dispatch({ effects: lockCompartment.reconfigure(lockExtension(lockedRef.current)) })
    return () => {
      cache.set(fileId, v.state)
    }
    // Only a change of file switches state; edits flow from the view into `content`, not back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileId])

  useEffect(() => {
    view.current?.dispatch({ effects: lockCompartment.reconfigure(lockExtension(locked)) })
  }, [locked, fileId])

  useEffect(() => {
    view.current?.dispatch({
      effects: debugCompartment.reconfigure(debugEditorExtensions(filename)),
    })
  }, [filename, fileId])

  useEffect(() => {
    const v = view.current
    if (!v) return
    v.dispatch(setDiagnostics(v.state, toCodeMirrorDiagnostics(v.state.doc, diagnostics, filename)))
  }, [diagnostics, filename, fileId])

  useEffect(() => {
    const v = view.current
    if (!v || !jumpTarget || jumpTarget.file !== filename) return
    const pos = diagnosticOffset(v.state.doc, {
      ...jumpTarget,
      severity: 'error',
      message: '',
      length: 0,
    })
    v.dispatch({ selection: { anchor: pos }, scrollIntoView: true })
    v.focus()
  }, [jumpTarget, filename, fileId])

  return <div ref={host} className="studio-editor__cm" data-testid="code-editor" />
}
