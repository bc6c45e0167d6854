// The studio's side panel: the project tree, plus Ctrl+P quick open and Ctrl+Shift+F find in files.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Project } from '../project/project-files'
import type { StudioDiagnostic } from '../build/studio-diagnostic'
import type { useStudioProject } from '../hooks/use-studio-project'
import { useTreeActions } from '../hooks/use-tree-actions'
import { FindInFilesDialog } from './find-in-files-dialog'
import { ProjectTree } from './project-tree'
import { QuickOpen } from './quick-open'

interface WorkspaceSidebarProps {
  studio: ReturnType<typeof useStudioProject>
  onOpen: (id: string) => void
  /** Opens a file at a place (find in files); the same as clicking a problem. */
  onJump: (place: StudioDiagnostic) => void
}

/** What the tree shows of a project: names, kinds and folders, not contents (typing must not redraw the tree). */
function treeShape(project: Project): string {
  const files = project.files.map((f) => `${f.id}:${f.filename}:${f.type}:${f.binary ? 'b' : 't'}`)
  return `${files.join('\n')}\n${(project.folders ?? []).join('\n')}`
}

export function WorkspaceSidebar({ studio, onOpen, onJump }: WorkspaceSidebarProps) {
  const [dialog, setDialog] = useState<'open' | 'find' | undefined>(undefined)
  const actions = useTreeActions(studio)
  const shape = treeShape(studio.project)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new tree only when its shape changed
  const treeProject = useMemo(() => studio.project, [shape])
  const openRef = useRef(onOpen)
  useEffect(() => {
    openRef.current = onOpen
  })
  const openFile = useCallback((id: string) => openRef.current(id), [])
  const openQuick = useCallback(() => setDialog('open'), [])
  const openFind = useCallback(() => setDialog('find'), [])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return
      const key = e.key.toLowerCase()
      if (key === 'p' && !e.shiftKey) setDialog('open')
      else if (key === 'f' && e.shiftKey) setDialog('find')
      else return
      e.preventDefault()
      e.stopPropagation()
    }
    // Capture: before CodeMirror's keymap and the browser's print dialog.
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [])

  return (
    <>
      <ProjectTree
        project={treeProject}
        activeId={studio.active?.id}
        onOpen={openFile}
        onCreate={actions.create}
        onRename={actions.renameOrMove}
        onDelete={actions.deleteWithUndo}
        onSetMain={studio.setMain}
        onQuickOpen={openQuick}
        onFind={openFind}
      />
      {dialog === 'open' && (
        <QuickOpen
          files={studio.project.files}
          onOpen={onOpen}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog === 'find' && (
        <FindInFilesDialog
          files={studio.project.files}
          onJump={(r) =>
            onJump({
              severity: 'info',
              message: '',
              file: r.file,
              line: r.line,
              column: r.column,
              length: 0,
            })
          }
          onClose={() => setDialog(undefined)}
        />
      )}
    </>
  )
}
