import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CompileOutcome } from '../build/compile-result'
import { createDefaultProject } from '../project/project-files'
import type { Project } from '../project/project-files'
import { LIVE_DELAY_MS, sameBytes, useLiveMode } from './use-live-mode'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup(outcomes: CompileOutcome[]) {
  const build = vi.fn(
    async (): Promise<CompileOutcome> =>
      outcomes.shift() ?? { ok: false, error: { message: 'x', diagnostics: [] } },
  )
  const swap = vi.fn(async () => true)
  const onRom = vi.fn()
  let project: Project = createDefaultProject()
  const hook = renderHook(
    ({ files, rom }: { files: Project['files']; rom: Uint8Array | undefined }) =>
      useLiveMode({ files, current: () => project, build, rom, onRom, swap }),
    { initialProps: { files: project.files, rom: undefined as Uint8Array | undefined } },
  )
  const edit = (rom?: Uint8Array) => {
    project = { ...project, files: [...project.files] }
    hook.rerender({ files: project.files, rom })
  }
  return { hook, build, swap, onRom, edit }
}

const ok = (...bytes: number[]): CompileOutcome => ({
  ok: true,
  rom: Uint8Array.from(bytes),
  elapsedMs: 1,
  notices: [],
})

describe('useLiveMode', () => {
  it('is off by default and builds nothing', async () => {
    const { build, edit } = setup([])
    edit()
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(build).not.toHaveBeenCalled()
  })

  it('rebuilds 300 ms after the last edit and restarts only when the bytes changed', async () => {
    const { hook, build, swap, onRom, edit } = setup([ok(1, 2), ok(1, 2), ok(1, 3)])
    act(() => hook.result.current.setIsLive(true))
    await act(() => vi.advanceTimersByTimeAsync(LIVE_DELAY_MS))
    expect(build).toHaveBeenCalledTimes(1)
    expect(swap).toHaveBeenCalledWith(Uint8Array.of(1, 2))
    expect(onRom).toHaveBeenCalledWith(Uint8Array.of(1, 2))

    // Typing: nothing until 300 ms of quiet.
    edit(Uint8Array.of(1, 2))
    await act(() => vi.advanceTimersByTimeAsync(200))
    edit(Uint8Array.of(1, 2))
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(build).toHaveBeenCalledTimes(1)
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(build).toHaveBeenCalledTimes(2)
    expect(swap).toHaveBeenCalledTimes(1) // same bytes: the game keeps running

    edit(Uint8Array.of(1, 2))
    await act(() => vi.advanceTimersByTimeAsync(LIVE_DELAY_MS))
    expect(swap).toHaveBeenLastCalledWith(Uint8Array.of(1, 3))
  })

  it('keeps the game when a build fails', async () => {
    const { hook, swap } = setup([{ ok: false, error: { message: 'bad', diagnostics: [] } }])
    act(() => hook.result.current.setIsLive(true))
    await act(() => vi.advanceTimersByTimeAsync(LIVE_DELAY_MS))
    expect(swap).not.toHaveBeenCalled()
  })

  it('compares bytes', () => {
    expect(sameBytes(Uint8Array.of(1), Uint8Array.of(1))).toBe(true)
    expect(sameBytes(Uint8Array.of(1), Uint8Array.of(2))).toBe(false)
    expect(sameBytes(Uint8Array.of(1), undefined)).toBe(false)
  })
})
