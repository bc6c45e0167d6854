// Left panel: file tabs, the new-file field, and the editor (or a hex view for binary files) with its lock overlay.
import { useMemo } from 'react'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import { CodeEditor } from '../editor/code-editor'
import type { JumpTarget } from '../editor/code-editor'
import { chrTextToBytes } from '../project/chr-text'
import type { EditorFile } from '../project/project-files'
import { ChrPreview } from './chr-preview'
import { FileTabs, NewFileForm } from './file-tabs'
import { HexView } from './hex-view'

interface EditorPaneProps {
  files: readonly EditorFile[]
  active: EditorFile
  diagnostics: readonly StudioDiagnostic[]
  isLocked: boolean
  jumpTarget: JumpTarget | undefined
  onSelect: (id: string) => void
  onClose: (file: EditorFile) => void
  onAdd: (name: string) => string | undefined
  onEdit: (id: string, content: string) => void
  onCompile: () => void
  onUnlock: () => void
}

export function EditorPane(props: EditorPaneProps) {
  const { active, isLocked } = props
  const chrBytes = useMemo(
    () =>
      active.binary ??
      (active.type === 'chr' ? chrTextToBytes(active.content).bytes : new Uint8Array()),
    [active],
  )
  const errorFiles = new Set(
    props.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file),
  )
  return (
    <section className="studio-panel studio-editor" aria-label="Editor">
      <FileTabs
        files={props.files}
        activeId={active.id}
        errorFiles={errorFiles}
        onSelect={props.onSelect}
        onClose={props.onClose}
      />
      <NewFileForm onAdd={props.onAdd} />
      <div className="studio-editor__work">
        <div className="studio-editor__body">
          {active.binary ? (
            <HexView filename={active.filename} bytes={active.binary} />
          ) : (
            <CodeEditor
              fileId={active.id}
              filename={active.filename}
              content={active.content}
              diagnostics={props.diagnostics}
              locked={isLocked}
              jumpTarget={props.jumpTarget}
              onChange={props.onEdit}
              onCompile={props.onCompile}
            />
          )}
          {isLocked && (
            <button type="button" className="studio-editor__lock" onClick={props.onUnlock}>
              <span className="pixel">Click to re-enable the editor</span>
            </button>
          )}
        </div>
        {active.type === 'chr' && <ChrPreview bytes={chrBytes} />}
      </div>
    </section>
  )
}
