import { act, renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useStudioProject } from './use-studio-project'

beforeEach(() => localStorage.clear())

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
