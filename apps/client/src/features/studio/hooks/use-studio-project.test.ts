import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDefaultProject, createFile } from '../project/project-files'
import type { Project } from '../project/project-files'
import { loadProject, saveProject } from '../project/project-db'
import type { ProjectStorage } from '../project/project-db'
import type { StoredProject } from '../project/project-store'
import type { ProjectChannel, SavedMessage } from './use-project-sync'
import { breakpointStore } from '../debug/breakpoint-store'
import { useStudioProject } from './use-studio-project'

beforeEach(() => localStorage.clear())
afterEach(cleanup)

describe('useStudioProject', () => {
  it('hands a compile the text of a key typed in the same moment, before React has re-rendered', () => {
    const { result } = renderHook(() => useStudioProject())
    const main = result.current.project.files.find((file) => file.filename === 'main.asm')!
    let seen = ''
    act(() => {
      result.current.edit(main.id, '; typed just now\n')
      // Still inside the same event: the studio has not re-rendered yet.
      seen = result.current.syncReferences().files.find((file) => file.id === main.id)!.content
    })
    expect(seen).toBe('; typed just now\n')
  })

  it('keeps the edit in the rendered project, and a later render does not roll it back', () => {
    const { result, rerender } = renderHook(() => useStudioProject())
    const main = result.current.project.files.find((file) => file.filename === 'main.asm')!
    act(() => result.current.edit(main.id, 'lda #1\n'))
    rerender()
    expect(result.current.project.files.find((file) => file.id === main.id)!.content).toBe(
      'lda #1\n',
    )
    expect(result.current.syncReferences().files.find((file) => file.id === main.id)!.content).toBe(
      'lda #1\n',
    )
  })
})

/** The browser's part of a test: IndexedDB as a value, and a channel this test posts other tabs' messages on. */
function testSync() {
  let value: StoredProject | undefined
  const listeners = new Set<(message: SavedMessage) => void>()
  const storage: ProjectStorage = {
    read: () => Promise.resolve(value),
    write: (next) => {
      value = next
      return Promise.resolve()
    },
  }
  const channel: ProjectChannel = {
    post: () => undefined,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    sync: { storage, channel },
    saved: async () => (await loadProject(storage))?.project,
    /** Another tab saving `project` and saying so. */
    async saveFromOtherTab(project: Project) {
      const savedAt = (await saveProject(storage, project))!
      for (const listener of listeners) listener({ type: 'saved', savedAt, tab: 'other' })
      // the tab reads the project back (a resolved promise): let it arrive
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  }
}

const withEnemy = (): Project => {
  const base = createDefaultProject()
  return { ...base, files: [...base.files, createFile('enemy.asm', '; enemy\n')] }
}
const names = (project: Project | undefined) => project?.files.map((f) => f.filename)

describe('useStudioProject with another tab', () => {
  it('does not save over another tab when this tab was only looked at', async () => {
    const browser = testSync()
    const { unmount } = renderHook(() => useStudioProject(undefined, browser.sync))
    // Another tab adds a file and saves (its message is not needed here); this tab closes without an edit.
    await saveProject(browser.sync.storage, withEnemy())
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
    window.dispatchEvent(new Event('pagehide'))
    unmount()
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(names(await browser.saved())).toEqual(['main.asm', 'enemy.asm'])
  })

  it("takes another tab's project when this tab has no unsaved edits, and keeps its open tabs", async () => {
    const browser = testSync()
    const { result } = renderHook(() => useStudioProject(undefined, browser.sync))
    const main = result.current.project.files.find((f) => f.filename === 'main.asm')!
    await act(() => browser.saveFromOtherTab(withEnemy()))
    expect(names(result.current.project)).toEqual(['main.asm', 'enemy.asm'])
    expect(result.current.conflict).toBeUndefined()
    // main.asm did not change, so its tab (and editor state) stays the same file.
    expect(result.current.active?.id).toBe(main.id)
    // A later edit here saves both: the other tab's file is not lost.
    act(() => result.current.edit(main.id, '; mine\n'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
    expect(names(await browser.saved())).toEqual(['main.asm', 'enemy.asm'])
    expect((await browser.saved())?.files[0]?.content).toBe('; mine\n')
  })

  it('with unsaved edits here, saves neither over the other until the user picks one', async () => {
    const browser = testSync()
    const { result } = renderHook(() => useStudioProject(undefined, browser.sync))
    const main = result.current.project.files.find((f) => f.filename === 'main.asm')!
    act(() => result.current.edit(main.id, '; mine\n'))
    await act(() => browser.saveFromOtherTab(withEnemy()))
    expect(result.current.conflict).toBeDefined()
    // This tab's edit is still shown, and closing the page does not write it over the other tab's project.
    expect(result.current.project.files.find((f) => f.id === main.id)!.content).toBe('; mine\n')
    act(() => window.dispatchEvent(new Event('pagehide')))
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
    expect(names(await browser.saved())).toEqual(['main.asm', 'enemy.asm'])

    await act(() => result.current.conflict!.keepMine())
    expect(result.current.conflict).toBeUndefined()
    expect(names(await browser.saved())).toEqual(['main.asm'])
    expect((await browser.saved())!.files[0]!.content).toBe('; mine\n')
  })

  it("Load the other tab's version shows it and saves nothing", async () => {
    const browser = testSync()
    const { result } = renderHook(() => useStudioProject(undefined, browser.sync))
    const main = result.current.project.files.find((f) => f.filename === 'main.asm')!
    act(() => result.current.edit(main.id, '; mine\n'))
    await act(() => browser.saveFromOtherTab(withEnemy()))
    act(() => result.current.conflict!.loadOther())
    expect(result.current.conflict).toBeUndefined()
    expect(names(result.current.project)).toEqual(['main.asm', 'enemy.asm'])
    expect(result.current.active?.filename).toBe('main.asm')
    expect(result.current.active?.content).not.toBe('; mine\n')
    act(() => window.dispatchEvent(new Event('pagehide')))
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)))
    expect(names(await browser.saved())).toEqual(['main.asm', 'enemy.asm'])
    expect((await browser.saved())!.files[0]!.content).not.toBe('; mine\n')
  })
})

describe('useStudioProject reference scan', () => {
  it("a name typed with a pause in it leaves only the finished name's file", () => {
    vi.useFakeTimers()
    try {
      const { result } = renderHook(() => useStudioProject())
      const main = result.current.project.files.find((f) => f.filename === 'main.asm')!
      const before = main.content
      // closeBrackets has closed the quote while the name is half-typed; the scan runs in the pause.
      act(() => result.current.edit(main.id, `${before}  .include "sprites/pla"\n`))
      act(() => vi.advanceTimersByTime(1500))
      expect(result.current.project.files.map((f) => f.filename)).toContain('sprites/pla.asm')
      act(() => result.current.edit(main.id, `${before}  .include "sprites/player.asm"\n`))
      act(() => vi.advanceTimersByTime(1500))
      const names = result.current.project.files.map((f) => f.filename)
      expect(names).toContain('sprites/player.asm')
      expect(names).not.toContain('sprites/pla.asm')
      expect(result.current.openFiles.map((f) => f.filename)).toEqual([
        'main.asm',
        'sprites/player.asm',
      ])
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps a created file once it was edited, and still creates missing files for a compile', () => {
    vi.useFakeTimers()
    try {
      const { result } = renderHook(() => useStudioProject())
      const main = result.current.project.files.find((f) => f.filename === 'main.asm')!
      const before = main.content
      act(() => result.current.edit(main.id, `${before}  .include "enemy.asm"\n`))
      act(() => vi.advanceTimersByTime(1500))
      const enemy = result.current.project.files.find((f) => f.filename === 'enemy.asm')!
      act(() => result.current.edit(enemy.id, '; my enemy\n'))
      act(() => result.current.edit(main.id, `${before}  .include "boss.asm"\n`))
      let compiled: string[] = []
      act(() => {
        compiled = result.current.syncReferences().files.map((f) => f.filename)
      })
      expect(compiled).toEqual(['main.asm', 'enemy.asm', 'boss.asm'])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('useStudioProject and breakpoints', () => {
  it('moves breakpoints with a renamed file or folder and drops those of a deleted file', () => {
    breakpointStore.clear()
    const { result } = renderHook(() => useStudioProject())
    act(() => void result.current.add('sub.asm'))
    act(() => void result.current.add('gfx/a.asm'))
    act(() => void result.current.add('gfx/a.asm.bak'))
    breakpointStore.toggle('sub.asm', 3)
    breakpointStore.toggle('gfx/a.asm', 2)
    act(() => void result.current.rename('sub.asm', 'lib/sub.asm'))
    act(() => void result.current.rename('gfx', 'art'))
    expect(breakpointStore.all()).toEqual([
      { file: 'lib/sub.asm', line: 3 },
      { file: 'art/a.asm', line: 2 },
    ])
    act(() => void result.current.remove('lib/sub.asm'))
    expect(breakpointStore.all()).toEqual([{ file: 'art/a.asm', line: 2 }])
    expect(JSON.parse(localStorage.getItem('nes-studio.debug.breakpoints')!)).toEqual({
      'art/a.asm': [2],
    })
  })
})
