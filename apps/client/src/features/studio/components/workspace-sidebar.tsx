// The studio's side panel: the project tree, plus Ctrl+P quick open and Ctrl+Shift+F find in files.
import { useEffect, useState } from 'react'
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

export function WorkspaceSidebar({ studio, onOpen, onJump }: WorkspaceSidebarProps) {
  const [dialog, setDialog] = useState<'open' | 'find' | undefined>(undefined)
  const actions = useTreeActions(studio)

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
        project={studio.project}
        activeId={studio.active?.id}
        onOpen={onOpen}
        onCreate={actions.create}
        onRename={actions.renameOrMove}
        onDelete={actions.deleteWithUndo}
        onQuickOpen={() => setDialog('open')}
        onFind={() => setDialog('find')}
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
