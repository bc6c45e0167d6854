import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDefaultProject, createFile } from '../project/project-files'
import type { Project } from '../project/project-files'
import { PROJECT_STORAGE_KEY, loadProject, serializeProject } from '../project/project-store'
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

/** Another tab saving `project`: localStorage changes and this tab gets a storage event. */
function saveFromOtherTab(project: Project) {
  const text = serializeProject(project)
  localStorage.setItem(PROJECT_STORAGE_KEY, text)
  window.dispatchEvent(new StorageEvent('storage', { key: PROJECT_STORAGE_KEY, newValue: text }))
}

const withEnemy = (): Project => {
  const base = createDefaultProject()
  return { ...base, files: [...base.files, createFile('enemy.asm', '; enemy\n')] }
}
const savedNames = () => loadProject()!.files.map((f) => f.filename)

describe('useStudioProject with another tab', () => {
  it('does not save over another tab when this tab was only looked at', () => {
    vi.useFakeTimers()
    try {
      const { unmount } = renderHook(() => useStudioProject())
      // Another tab adds a file and saves; this tab is closed without an edit.
      localStorage.setItem(PROJECT_STORAGE_KEY, serializeProject(withEnemy()))
      act(() => vi.advanceTimersByTime(2000))
      window.dispatchEvent(new Event('pagehide'))
      unmount()
      expect(savedNames()).toEqual(['main.asm', 'enemy.asm'])
    } finally {
      vi.useRealTimers()
    }
  })

  it("takes another tab's project when this tab has no unsaved edits, and keeps its open tabs", () => {
    const { result } = renderHook(() => useStudioProject())
    const main = result.current.project.files.find((f) => f.filename === 'main.asm')!
    act(() => saveFromOtherTab(withEnemy()))
    expect(result.current.project.files.map((f) => f.filename)).toEqual(['main.asm', 'enemy.asm'])
    expect(result.current.conflict).toBeUndefined()
    // main.asm did not change, so its tab (and editor state) stays the same file.
    expect(result.current.active?.id).toBe(main.id)
    // A later edit here saves both: the other tab's file is not lost.
    act(() => result.current.edit(main.id, '; mine\n'))
    act(() => window.dispatchEvent(new Event('pagehide')))
    expect(savedNames()).toEqual(['main.asm', 'enemy.asm'])
  })

  it('with unsaved edits here, saves neither over the other until the user picks one', () => {
    const { result } = renderHook(() => useStudioProject())
    const main = result.current.project.files.find((f) => f.filename === 'main.asm')!
    act(() => result.current.edit(main.id, '; mine\n'))
    act(() => saveFromOtherTab(withEnemy()))
    expect(result.current.conflict).toBeDefined()
    // This tab's edit is still shown, and closing the page does not write it over the other tab's project.
    expect(result.current.project.files.find((f) => f.id === main.id)!.content).toBe('; mine\n')
    act(() => window.dispatchEvent(new Event('pagehide')))
    expect(savedNames()).toEqual(['main.asm', 'enemy.asm'])

    act(() => result.current.conflict!.keepMine())
    expect(result.current.conflict).toBeUndefined()
    expect(savedNames()).toEqual(['main.asm'])
    expect(loadProject()!.files[0]!.content).toBe('; mine\n')
  })

  it("Load the other tab's version shows it and saves nothing", () => {
    const { result } = renderHook(() => useStudioProject())
    const main = result.current.project.files.find((f) => f.filename === 'main.asm')!
    act(() => result.current.edit(main.id, '; mine\n'))
    act(() => saveFromOtherTab(withEnemy()))
    act(() => result.current.conflict!.loadOther())
    expect(result.current.conflict).toBeUndefined()
    expect(result.current.project.files.map((f) => f.filename)).toEqual(['main.asm', 'enemy.asm'])
    expect(result.current.active?.filename).toBe('main.asm')
    expect(result.current.active?.content).not.toBe('; mine\n')
    act(() => window.dispatchEvent(new Event('pagehide')))
    expect(savedNames()).toEqual(['main.asm', 'enemy.asm'])
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
