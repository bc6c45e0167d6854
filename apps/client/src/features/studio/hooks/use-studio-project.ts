// The studio's project state: restored from localStorage on open, saved as it changes (only when this tab changed
// it; another tab's save is taken when this tab has no unsaved edits, or offered when it has), missing .include/.incbin
// targets added (and opened as tabs), the open tabs (closing one never deletes its file), and the actions the UI
// needs (add, open, close, edit, rename/move, delete, new folder, replace, restore for Undo).
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../../components/ui/use-toast'
import { addMissingReferencedFiles, removeUnusedCreatedFiles } from '../project/include-scan'
import {
  addFile,
  createDefaultProject,
  setMainFile,
  updateContent,
  withContent,
} from '../project/project-files'
import type { AddFileResult, Project } from '../project/project-files'
import { patchChrText } from '../project/chr-image'
import { adoptProject } from '../project/adopt-project'
import { breakpointStore } from '../debug/breakpoint-store'
import { addFolder, deletePath, renamePath } from '../project/project-paths'
import type { PathResult } from '../project/project-paths'
import {
  PROJECT_STORAGE_KEY,
  deserializeProject,
  loadActiveFilename,
  loadProject,
  saveActiveFilename,
  saveProject,
} from '../project/project-store'
import { initialTabs, loadOpenTabs, pruneTabs, saveOpenTabs } from './open-tabs'

const SAVE_DELAY_MS = 300
const SCAN_DELAY_MS = 1000

/** What Undo needs to put back: the whole project and its tabs as they were. */
export interface ProjectSnapshot {
  project: Project
  openIds: string[]
  activeId: string
}

function initialProject(): Project {
  return addMissingReferencedFiles(loadProject() ?? createDefaultProject())
}

/**
 * The project with missing referenced files added (those new files opened as tabs and remembered in `created`
 * with their content), and files it created earlier removed while untouched and no longer named.
 */
function withReferences(
  project: Project,
  openIds: string[],
  created: Map<string, string>,
): [Project, string[]] {
  const added = addMissingReferencedFiles(project)
  const known = new Set(project.files.map((f) => f.id))
  const fresh = added.files.filter((f) => !known.has(f.id))
  for (const file of fresh) created.set(file.id, file.content)
  for (const [id, content] of created) {
    // An edited or deleted file is the user's from now on.
    if (added.files.find((f) => f.id === id)?.content !== content) created.delete(id)
  }
  const next = removeUnusedCreatedFiles(added, created)
  if (next === project) return [project, openIds]
  return [next, [...openIds, ...fresh.map((f) => f.id)]]
}

export function useStudioProject() {
  const [project, setProject] = useState<Project>(initialProject)
  const [openIds, setOpenIds] = useState<string[]>(() => loadOpenTabs(project))
  const [activeId, setActiveId] = useState<string>(() => {
    const remembered = loadActiveFilename()
    return (project.files.find((f) => f.filename === remembered) ?? project.files[0])?.id ?? ''
  })
  const latest = useRef({ project, openIds, activeId })
  // `latest` is what a compile or a page close reads. It takes the rendered project when that changes; an
  // edit still waiting in a transition (see `edit`) is already in it and is not rolled back by a render
  // that happens before the transition's.
  const rendered = useRef(project)
  if (rendered.current !== project) {
    rendered.current = project
    latest.current = { project, openIds, activeId }
  } else {
    latest.current = { ...latest.current, openIds, activeId }
  }

  // What the saved project (in localStorage) holds as far as this tab knows: the project it loaded, last saved
  // or took from another tab. This tab has unsaved edits while `latest` differs from it, and only then saves, so
  // a tab that was only looked at never overwrites what another tab saved.
  const saved = useRef(project)
  // Another tab's project that arrived while this tab had unsaved edits: neither is saved over the other until
  // the user picks one (see `conflict` below).
  const [otherTab, setOtherTab] = useState<Project | undefined>(undefined)
  const otherTabRef = useRef<Project | undefined>(undefined)

  // Files the reference scan created, by id, with the content they were created with (see withReferences).
  const created = useRef(new Map<string, string>())

  const hasWarnedAboutSaving = useRef(false)
  const persist = useCallback(() => {
    const current = latest.current.project
    if (current === saved.current || otherTabRef.current) return
    if (saveProject(current)) {
      saved.current = current
      return
    }
    if (hasWarnedAboutSaving.current) return
    hasWarnedAboutSaving.current = true
    toast({
      title: 'Not Saved',
      description:
        'The browser refused to store the project (storage full?). Export it as a .zip to keep it.',
      variant: 'destructive',
    })
  }, [])

  useEffect(() => {
    const timer = setTimeout(persist, SAVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [project, persist])

  // Save at once when the page goes away, so the last keystrokes are not lost to the debounce.
  useEffect(() => {
    window.addEventListener('pagehide', persist)
    return () => {
      window.removeEventListener('pagehide', persist)
      persist()
    }
  }, [persist])

  useEffect(() => {
    const timer = setTimeout(() => {
      const [next, tabs] = withReferences(
        latest.current.project,
        latest.current.openIds,
        created.current,
      )
      if (next === latest.current.project) return
      setProject(next)
      setOpenIds(pruneTabs(next, tabs))
    }, SCAN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [project.files])

  const active = project.files.find((f) => f.id === activeId) ?? project.files[0]
  const activeFilename = active?.filename
  useEffect(() => {
    if (activeFilename) saveActiveFilename(activeFilename)
  }, [activeFilename])
  // Saved when the tabs' names change, not on every keystroke.
  const tabNames = openIds.map((id) => project.files.find((f) => f.id === id)?.filename).join('\n')
  useEffect(() => {
    saveOpenTabs(latest.current.project, latest.current.openIds)
  }, [tabNames])

  const commit = useCallback((next: Project, tabs: string[], nextActive?: string) => {
    const kept = pruneTabs(next, tabs)
    latest.current = {
      project: next,
      openIds: kept,
      activeId: nextActive ?? latest.current.activeId,
    }
    setProject(next)
    setOpenIds(kept)
    if (nextActive !== undefined) setActiveId(nextActive)
  }, [])

  /** Shows another tab's saved project here, in place of this tab's (which had no unsaved edits, or the user chose). */
  const adopt = useCallback(
    (theirs: Project) => {
      const { project: mine, openIds: tabs, activeId: current } = latest.current
      const next = adoptProject(mine, theirs, tabs, current)
      saved.current = next.project
      otherTabRef.current = undefined
      setOtherTab(undefined)
      commit(next.project, next.openIds, next.activeId)
    },
    [commit],
  )

  // Another tab of the studio saved the project. With no unsaved edits here, this tab shows that project (it is
  // the newest); with unsaved edits, both are kept and the user is asked (`conflict`).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== PROJECT_STORAGE_KEY || event.newValue === null) return
      const theirs = deserializeProject(event.newValue)
      if (!theirs) return
      if (latest.current.project === saved.current && !otherTabRef.current) {
        adopt(theirs)
        return
      }
      otherTabRef.current = theirs
      setOtherTab(theirs)
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [adopt])

  // While both versions are kept, leaving the page would drop this tab's edits: the browser asks first.
  useEffect(() => {
    if (!otherTab) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [otherTab])

  /** Another tab's changes, waiting while this tab has unsaved edits of its own. */
  const conflict = otherTab && {
    /** Drops this tab's unsaved edits and shows the other tab's project. */
    loadOther: () => adopt(otherTab),
    /** Saves this tab's project over the other tab's. */
    keepMine: () => {
      otherTabRef.current = undefined
      setOtherTab(undefined)
      persist()
    },
  }

  /** Shows a file in a tab (opening the tab if needed). */
  const open = useCallback((id: string) => {
    const { openIds: tabs } = latest.current
    if (!tabs.includes(id)) setOpenIds([...tabs, id])
    latest.current = { ...latest.current, openIds: tabs.includes(id) ? tabs : [...tabs, id] }
    setActiveId(id)
  }, [])

  const add = useCallback(
    (name: string): AddFileResult => {
      const result = addFile(latest.current.project, name)
      if (result.ok)
        commit(result.project, [...latest.current.openIds, result.file.id], result.file.id)
      return result
    },
    [commit],
  )

  /** Closes a tab; the file stays in the project (and in the tree). */
  const closeTab = useCallback((id: string) => {
    const { openIds: tabs, activeId: current, project: p } = latest.current
    const index = tabs.indexOf(id)
    const rest = tabs.filter((t) => t !== id)
    setOpenIds(rest)
    if (current === id) {
      const next = rest[Math.min(index, rest.length - 1)] ?? p.files[0]?.id ?? ''
      setActiveId(next)
    }
  }, [])

  // A keystroke is on screen as soon as CodeMirror has drawn it; the rest of the studio (tabs, tree, checks,
  // autosave) follows in a transition, so React's work for the key runs after the frame is painted instead
  // of delaying it. `latest` takes the text at once, so a compile or a page close right after sees it.
  const edit = useCallback((id: string, content: string) => {
    latest.current = {
      ...latest.current,
      project: updateContent(latest.current.project, id, content),
    }
    startTransition(() => setProject((p) => updateContent(p, id, content)))
  }, [])

  /** The CHR tile editor's bytes: a binary .chr keeps bytes, CHR text gets its rows rewritten. */
  const setChrBytes = useCallback((id: string, bytes: Uint8Array) => {
    setProject((p) => ({
      ...p,
      files: p.files.map((f) => {
        if (f.id !== id) return f
        return f.binary ? { ...f, binary: bytes } : withContent(f, patchChrText(f.content, bytes))
      }),
    }))
  }, [])

  const snapshot = useCallback((): ProjectSnapshot => ({ ...latest.current }), [])

  /** Puts a snapshot back (Undo). */
  const restore = useCallback(
    (s: ProjectSnapshot) => commit(s.project, s.openIds, s.activeId),
    [commit],
  )

  /** Replaces the whole project (import, New project) and shows its main file. */
  const replace = useCallback(
    (next: Project) => commit(next, initialTabs(next), next.files[0]?.id ?? ''),
    [commit],
  )

  const rename = useCallback(
    (from: string, to: string): PathResult => {
      const before = latest.current.project
      const result = renamePath(before, from, to)
      if (!result.ok) return result
      // Breakpoints are kept by file name: they move with every file the rename moved.
      const names = new Map(before.files.map((f) => [f.id, f.filename]))
      breakpointStore.rename(result.project.files.map((f) => [names.get(f.id) ?? '', f.filename]))
      commit(result.project, latest.current.openIds)
      return result
    },
    [commit],
  )

  /** Makes a text source the main file (the file the build assembles). */
  const setMain = useCallback(
    (id: string) => {
      const next = setMainFile(latest.current.project, id)
      if (next !== latest.current.project) commit(next, latest.current.openIds)
    },
    [commit],
  )

  const newFolder = useCallback(
    (path: string): PathResult => {
      const result = addFolder(latest.current.project, path)
      if (result.ok) commit(result.project, latest.current.openIds)
      return result
    },
    [commit],
  )

  /** Deletes a file or folder; returns what Undo needs, or undefined when nothing could be deleted. */
  const remove = useCallback(
    (path: string): ProjectSnapshot | undefined => {
      const before = snapshot()
      const result = deletePath(before.project, path)
      if (!result.ok) return undefined
      breakpointStore.forget(result.removed.map((f) => f.filename))
      const gone = new Set(result.removed.map((f) => f.id))
      const nextActive = gone.has(before.activeId)
        ? (result.project.files.find((f) => f.type === 'main')?.id ?? '')
        : before.activeId
      commit(result.project, before.openIds, nextActive)
      return before
    },
    [commit, snapshot],
  )

  /** Adds tabs for missing referenced files now (before a compile) and returns the up-to-date project. */
  const syncReferences = useCallback((): Project => {
    const [next, tabs] = withReferences(
      latest.current.project,
      latest.current.openIds,
      created.current,
    )
    if (next !== latest.current.project) commit(next, tabs)
    return next
  }, [commit])

  const openFiles = openIds.flatMap((id) => project.files.find((f) => f.id === id) ?? [])
  return {
    project,
    active,
    openFiles,
    setActiveId: open,
    open,
    add,
    closeTab,
    close: closeTab,
    edit,
    setChrBytes,
    rename,
    setMain,
    newFolder,
    remove,
    snapshot,
    restore,
    replace,
    syncReferences,
    conflict,
  }
}
