// Left panel: file tabs, the new-file field, and the editor (or a hex view for binary files) with its lock overlay.
import { useMemo, useState } from 'react'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import { CodeEditor } from '../editor/code-editor'
import type { JumpTarget } from '../editor/code-editor'
import { chrTextToBytes } from '../project/chr-text'
import type { EditorFile, ToolchainKind } from '../project/project-files'
import { ChrEditor } from './chr-editor'
import { ChrPreview } from './chr-preview'
import { FileTabs, NewFileForm } from './file-tabs'
import { HexView } from './hex-view'

interface EditorPaneProps {
  files: readonly EditorFile[]
  /** Every file of the project (the tile editor looks for palette data in them). */
  projectFiles?: readonly EditorFile[]
  active: EditorFile
  diagnostics: readonly StudioDiagnostic[]
  isLocked: boolean
  jumpTarget: JumpTarget | undefined
  onSelect: (id: string) => void
  onClose: (file: EditorFile) => void
  onAdd: (name: string) => string | undefined
  onEdit: (id: string, content: string) => void
  /** New tile bytes from the CHR tile editor. */
  onChrBytes: (id: string, bytes: Uint8Array) => void
  onCompile: () => void
  onUnlock: () => void
  /** The project's toolchain (the editor's highlighting follows it). */
  toolchain?: ToolchainKind
}

export function EditorPane(props: EditorPaneProps) {
  const { active, isLocked } = props
  const chrBytes = useMemo(
    () =>
      active.binary ??
      (active.type === 'chr' ? chrTextToBytes(active.content).bytes : new Uint8Array()),
    [active],
  )
  const [tileViews, setTileViews] = useState<ReadonlySet<string>>(new Set())
  const canEditTiles =
    active.type === 'chr' && (active.binary ? active.binary.length % 16 === 0 : true)
  const showTiles = canEditTiles && tileViews.has(active.id)
  const setShowTiles = (on: boolean) =>
    setTileViews((views) => {
      const next = new Set(views)
      if (on) next.add(active.id)
      else next.delete(active.id)
      return next
    })
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
      {canEditTiles && (
        <div className="studio-chred__views" role="group" aria-label="View">
          <button
            type="button"
            className={`btn studio-tree__tool${showTiles ? '' : ' btn--primary'}`}
            aria-pressed={!showTiles}
            onClick={() => setShowTiles(false)}
          >
            {active.binary ? 'Hex' : 'Text'}
          </button>
          <button
            type="button"
            className={`btn studio-tree__tool${showTiles ? ' btn--primary' : ''}`}
            aria-pressed={showTiles}
            onClick={() => setShowTiles(true)}
          >
            Tiles
          </button>
        </div>
      )}
      <div className="studio-editor__work">
        <div className="studio-editor__body">
          {showTiles ? (
            <ChrEditor
              key={active.id}
              filename={active.filename}
              bytes={chrBytes}
              projectFiles={props.projectFiles}
              onChange={(bytes) => props.onChrBytes(active.id, bytes)}
            />
          ) : active.binary ? (
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
              toolchain={props.toolchain}
            />
          )}
          {isLocked && (
            <button type="button" className="studio-editor__lock" onClick={props.onUnlock}>
              <span className="pixel">Click to re-enable the editor</span>
            </button>
          )}
        </div>
        {active.type === 'chr' && !showTiles && <ChrPreview bytes={chrBytes} />}
      </div>
    </section>
  )
}
