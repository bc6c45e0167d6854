// Import/export of the project as a .zip, and "New project", each behind a confirmation where work could be lost.
import { useCallback } from 'react'
import { toast } from '../../../components/ui/use-toast'
import { createDefaultProject } from '../project/project-files'
import type { Project } from '../project/project-files'
import { projectToZip, zipToProject } from '../project/project-zip'
import { downloadBytes } from './download'

export function useProjectFilesIo(
  project: Project,
  replace: (next: Project) => void,
  onReset: () => void,
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

  const importZip = useCallback(
    async (file: File) => {
      const name = file.name.replace(/\.zip$/i, '') || project.name
      const result = zipToProject(new Uint8Array(await file.arrayBuffer()), name)
      if (!result.ok) {
        toast({ title: 'Import Failed', description: result.message, variant: 'destructive' })
        return
      }
      if (!window.confirm(`Replace the current project with the files of ${file.name}?`)) return
      replace(result.project)
      onReset()
      const note = result.renamedMain ? ` ${result.renamedMain} is now main.asm.` : ''
      toast({
        title: 'Project Imported',
        description: `${result.project.files.length} file(s) from ${file.name}.${note}`,
      })
    },
    [project.name, replace, onReset],
  )

  const newProject = useCallback(() => {
    if (!window.confirm('Start a new project? All files will be replaced by the templates.')) return
    replace(createDefaultProject())
    onReset()
  }, [replace, onReset])

  return { exportZip, importZip, newProject }
}
