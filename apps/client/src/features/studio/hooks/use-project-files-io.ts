// Import/export of the project as a .zip, and "New project" (from a template): the replaced project can be brought
// back with the toast's Undo (an import asks first).
import { useCallback } from 'react'
import { toast } from '../../../components/ui/use-toast'
import { createProjectFrom } from '../project/project-files'
import type { Project, ProjectTemplate } from '../project/project-files'
import { projectToZip, zipToProject } from '../project/project-zip'
import { MAIN_FILE } from '../project/templates'
import { downloadBytes } from './download'
import { undoAction } from './use-tree-actions'
import type { ProjectSnapshot } from './use-studio-project'

/** The files the sources name that the zip lacks (the studio made placeholders for them), or ''. */
function missingNote(missing: readonly string[] | undefined): string {
  if (!missing) return ''
  const shown = missing.slice(0, 5).join(', ')
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : ''
  return ` Not in the zip (named by its sources): ${shown}${more}; placeholders were made for them, and a build that reads one says so.`
}

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
      const main = result.main === MAIN_FILE ? '' : ` Main file: ${result.main}.`
      const kind = result.project.toolchain === 'cc65' ? ' A cc65 project (ca65/C).' : ''
      replaceWithUndo(
        result.project,
        'Project Imported',
        `${result.project.files.length - (result.missing?.length ?? 0)} file(s) from ${file.name}.${kind}${main}${missingNote(result.missing)}${tidied}`,
      )
    },
    [project.name, replaceWithUndo],
  )

  /** Replaces the project by a template's (NEW PROJECT's choice); the toast's Undo brings it back. */
  const newProject = useCallback(
    (template: ProjectTemplate) =>
      replaceWithUndo(
        createProjectFrom(template),
        'New Project',
        'The previous project was replaced.',
      ),
    [replaceWithUndo],
  )

  return { exportZip, importZip, newProject }
}
