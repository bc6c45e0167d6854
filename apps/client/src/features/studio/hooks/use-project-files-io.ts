// Import/export of the project as a .zip, and "New project": each asks first, and the replaced project can be
// brought back with the toast's Undo.
import { useCallback } from 'react'
import { toast } from '../../../components/ui/use-toast'
import { createDefaultProject } from '../project/project-files'
import type { Project } from '../project/project-files'
import { projectToZip, zipToProject } from '../project/project-zip'
import { downloadBytes } from './download'
import { undoAction } from './use-tree-actions'
import type { ProjectSnapshot } from './use-studio-project'

interface Undoable {
  snapshot: () => ProjectSnapshot
  restore: (snapshot: ProjectSnapshot) => void
}

export function useProjectFilesIo(
  project: Project,
  replace: (next: Project) => void,
  onReset: () => void,
  undo?: Undoable,
) {
  const exportZip = useCallback(() => {
    const result = projectToZip(project)
    if (!result.ok) {
      const description = `${result.message}. Fix the CHR text and export again.`
      toast({ title: 'Export Failed', description, variant: 'destructive' })
      return
    }
    downloadBytes(result.zip, `${project.name}.zip`, 'application/zip')
  }, [project])

  /** Replaces the project and shows a toast whose Undo puts the old one back. */
  const replaceWithUndo = useCallback(
    (next: Project, title: string, description: string) => {
      const before = undo?.snapshot()
      replace(next)
      onReset()
      const { dismiss } = toast({
        title,
        description,
        ...(before && undo
          ? {
              action: undoAction(() => {
                undo.restore(before)
                onReset()
                dismiss()
              }),
            }
          : {}),
      })
    },
    [replace, onReset, undo],
  )

  const importZip = useCallback(
    async (file: File) => {
      const name = file.name.replace(/\.zip$/i, '') || project.name
      const result = zipToProject(new Uint8Array(await file.arrayBuffer()), name)
      if (!result.ok) {
        toast({ title: 'Import Failed', description: result.message, variant: 'destructive' })
        return
      }
      if (!window.confirm(`Replace the current project with the files of ${file.name}?`)) return
      const tidied = result.tidied
        ? ` Paths tidied (./ and // dropped): ${result.tidied.slice(0, 3).join(', ')}${result.tidied.length > 3 ? '…' : ''}.`
        : ''
      const note = `${result.renamedMain ? ` ${result.renamedMain} is now main.asm.` : ''}${tidied}`
      replaceWithUndo(
        result.project,
        'Project Imported',
        `${result.project.files.length} file(s) from ${file.name}.${note}`,
      )
    },
    [project.name, replaceWithUndo],
  )

  const newProject = useCallback(() => {
    if (!window.confirm('Start a new project? All files will be replaced by the templates.')) return
    replaceWithUndo(createDefaultProject(), 'New Project', 'The previous project was replaced.')
  }, [replaceWithUndo])

  return { exportZip, importZip, newProject }
}
