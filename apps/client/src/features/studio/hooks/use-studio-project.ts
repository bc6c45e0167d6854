// The studio's project state: restored from what the browser kept (the page loads it first), saved as it changes and
// in step with other tabs (use-project-sync.ts), missing .include/.incbin
// targets added (and opened as tabs), the open tabs (closing one never deletes its file), and the actions the UI
// needs (add, open, close, edit, rename/move, delete, new folder, replace, restore for Undo).
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
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
import { loadActiveFilename, saveActiveFilename } from '../project/project-store'
import type { LoadedProject } from '../project/project-db'
import { initialTabs, loadOpenTabs, pruneTabs, saveOpenTabs } from './open-tabs'
import { useProjectSync } from './use-project-sync'
import type { ProjectSyncOptions } from './use-project-sync'

const SCAN_DELAY_MS = 1000

/** What Undo needs to put back: the whole project and its tabs as they were. */
export interface ProjectSnapshot {
  project: Project
  openIds: string[]
  activeId: string
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

/**
 * The studio's project, starting from `saved` (what the browser kept: project-db.ts loadProject) or the default
 * project. `sync` replaces the browser's storage and channel (tests).
 */
export function useStudioProject(
  saved?: LoadedProject,
  sync?: Pick<ProjectSyncOptions, 'storage' | 'channel'>,
) {
  // The project as loaded, before missing references were added: what the storage holds.
  const loadedProject = useRef(saved?.project ?? createDefaultProject())
  const [project, setProject] = useState<Project>(() =>
    addMissingReferencedFiles(loadedProject.current),
  )
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

  // Files the reference scan created, by id, with the content they were created with (see withReferences).
  const created = useRef(new Map<string, string>())

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

  /** Shows another tab's saved project in place of this tab's; returns it as this tab now has it. */
  const adopt = useCallback(
    (theirs: Project) => {
      const { project: mine, openIds: tabs, activeId: current } = latest.current
      const next = adoptProject(mine, theirs, tabs, current)
      commit(next.project, next.openIds, next.activeId)
      return next.project
    },
    [commit],
  )
  const { conflict } = useProjectSync(project, {
    loaded: loadedProject.current,
    loadedAt: saved?.savedAt ?? 0,
    latest,
    adopt,
    ...sync,
  })

  /** Shows a file in a tab (opening the tab if needed). */
  const open = useCallback((id: string) => {
    const { openIds: tabs } = latest.current
    if (!tabs.includes(id)) setOpenIds([...tabs, id])
    latest.current = { ...latest.current, openIds: tabs.includes(id) ? tabs : [...tabs, id] }
    setActiveId(id)
  }, [])

  /** Adds a file (with `content`, or its template) and opens it. */
  const add = useCallback(
    (name: string, content?: string): AddFileResult => {
      const result = addFile(latest.current.project, name, content)
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
