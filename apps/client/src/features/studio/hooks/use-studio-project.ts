// The studio's project state: restored from localStorage on open, saved as it changes, missing .include/.incbin
// targets added as tabs, and the actions the UI needs (add, close, edit, reset, replace).
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../../components/ui/use-toast'
import { addMissingReferencedFiles } from '../project/include-scan'
import { addFile, createDefaultProject, removeFile, updateContent } from '../project/project-files'
import type { AddFileResult, Project } from '../project/project-files'
import {
  loadActiveFilename,
  loadProject,
  saveActiveFilename,
  saveProject,
} from '../project/project-store'

const SAVE_DELAY_MS = 300
const SCAN_DELAY_MS = 1000

function initialProject(): Project {
  return addMissingReferencedFiles(loadProject() ?? createDefaultProject())
}

export function useStudioProject() {
  const [project, setProject] = useState<Project>(initialProject)
  const [activeId, setActiveId] = useState<string>(() => {
    const remembered = loadActiveFilename()
    return (project.files.find((f) => f.filename === remembered) ?? project.files[0])?.id ?? ''
  })
  const latest = useRef(project)

  const hasWarnedAboutSaving = useRef(false)
  useEffect(() => {
    latest.current = project
    const timer = setTimeout(() => {
      if (saveProject(project) || hasWarnedAboutSaving.current) return
      hasWarnedAboutSaving.current = true
      toast({
        title: 'Not Saved',
        description:
          'The browser refused to store the project (storage full?). Export it as a .zip to keep it.',
        variant: 'destructive',
      })
    }, SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [project])

  // Save at once when the page goes away, so the last keystrokes are not lost to the debounce.
  useEffect(() => {
    const flush = () => saveProject(latest.current)
    window.addEventListener('pagehide', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [])

  useEffect(() => {
    const timer = setTimeout(() => setProject((p) => addMissingReferencedFiles(p)), SCAN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [project.files])

  const active = project.files.find((f) => f.id === activeId) ?? project.files[0]
  const activeFilename = active?.filename
  useEffect(() => {
    if (activeFilename) saveActiveFilename(activeFilename)
  }, [activeFilename])

  const add = useCallback((name: string): AddFileResult => {
    const result = addFile(latest.current, name)
    if (result.ok) {
      latest.current = result.project
      setProject(result.project)
      setActiveId(result.file.id)
    }
    return result
  }, [])

  const close = useCallback((id: string) => {
    setProject((p) => removeFile(p, id))
    setActiveId((current) => (current === id ? (latest.current.files[0]?.id ?? '') : current))
  }, [])

  const edit = useCallback((id: string, content: string) => {
    setProject((p) => updateContent(p, id, content))
  }, [])

  /** Replaces the whole project (import, reset) and shows its main file. */
  const replace = useCallback((next: Project) => {
    latest.current = next
    setProject(next)
    setActiveId(next.files[0]?.id ?? '')
  }, [])

  /** Adds tabs for missing referenced files now (before a compile) and returns the up-to-date project. */
  const syncReferences = useCallback((): Project => {
    const next = addMissingReferencedFiles(latest.current)
    if (next !== latest.current) {
      latest.current = next
      setProject(next)
    }
    return next
  }, [])

  return { project, active, setActiveId, add, close, edit, replace, syncReferences }
}
