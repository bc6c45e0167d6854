import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DebugStop } from '../../../emulator/types'
import { createDefaultProject } from '../project/project-files'
import type { Project } from '../project/project-files'
import { breakpointStore } from './breakpoint-store'
import type { DebugBuild } from './debug-build'
import { createDebugMap } from './debug-map'
import { RUN_TO_CURSOR_NO_CURSOR, runToCursorNoCode, useDebugger } from './use-debugger'

const mocks = vi.hoisted(() => {
  const stop = (pc: number): DebugStop => ({
    reason: { kind: 'pause' },
    registers: { a: 0, x: 0, y: 0, s: 0xfd, p: 0x24, pc, cycles: 0, scanline: 0, frame: 0 },
  })
  /** A debug client whose runs go on until it is disposed (a program without breakpoints). */
  class FakeClient {
    static last: FakeClient | undefined
    /** Whether a run stops at once (a breakpoint on the first instruction) or goes on. */
    static stopsAtOnce = false
    private readonly endRuns: ((error: Error) => void)[] = []
    constructor() {
      FakeClient.last = this
    }
    load = vi.fn(async () => stop(0xc000))
    setLineMap = vi.fn()
    setBreakpoints = vi.fn()
    setWatchpoints = vi.fn()
    continue = vi.fn(() =>
      FakeClient.stopsAtOnce
        ? Promise.resolve(stop(0xc000))
        : new Promise<DebugStop>((_, reject) => this.endRuns.push(reject)),
    )
    runTo = vi.fn(() => Promise.resolve(stop(0xc000)))
    stepLine = vi.fn(() => Promise.resolve(stop(0xc000)))
    readMemory = vi.fn((_address: number, length: number) =>
      Promise.resolve(new Uint8Array(length)),
    )
    ppuState = vi.fn(() => Promise.resolve(undefined))
    dispose = vi.fn(() => {
      // as DebugClient does: every pending request fails
      for (const reject of this.endRuns) reject(new Error('Debugging stopped'))
    })
  }
  return {
    FakeClient,
    buildForDebug: vi.fn<(client: unknown, project: Project) => Promise<DebugBuild>>(),
  }
})
const { FakeClient, buildForDebug } = mocks

vi.mock('../../../emulator/debug/debug-client', () => ({ DebugClient: mocks.FakeClient }))
vi.mock('../build/assembler-client', () => ({
  AssemblerClient: class {
    dispose() {}
  },
}))
vi.mock('./debug-build', () => ({
  buildForDebug: (client: unknown, project: Project) => mocks.buildForDebug(client, project),
}))

const built: DebugBuild = {
  ok: true,
  rom: new Uint8Array(16),
  map: createDebugMap({
    main: 'main.asm',
    files: ['main.asm'],
    statements: new Int32Array(),
    macroLines: new Int32Array(),
    macros: [],
    labels: [],
    prgBanks: 2,
    battery: false,
  }),
}

beforeEach(() => {
  FakeClient.last = undefined
  FakeClient.stopsAtOnce = false
  buildForDebug.mockReset()
})
afterEach(() => {
  breakpointStore.setStoppedAt(null)
  breakpointStore.cursor = null
})

function render(project = createDefaultProject(), current = () => project) {
  const canvas = { current: null }
  return renderHook(() => useDebugger(project, current, canvas, () => {}))
}

describe('useDebugger', () => {
  it('goes back to "not debugging", with no error, when stopped while DEBUG runs the program', async () => {
    buildForDebug.mockResolvedValue(built)
    const { result } = render()
    act(() => result.current.start())
    await waitFor(() => expect(result.current.state.status).toBe('running'))
    expect(FakeClient.last?.continue).toHaveBeenCalledTimes(1)

    act(() => result.current.stopDebugging())
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
    expect(result.current.state).toEqual({ status: 'idle' })
  })

  it('starts no session when stopped while the debug build is under way', async () => {
    let finish: (build: DebugBuild) => void = () => {}
    buildForDebug.mockReturnValue(new Promise((resolve) => (finish = resolve)))
    const { result } = render()
    act(() => result.current.start())
    expect(result.current.state.status).toBe('building')
    act(() => result.current.stopDebugging())
    await act(async () => finish(built))
    expect(result.current.state).toEqual({ status: 'idle' })
    expect(FakeClient.last).toBeUndefined()
  })

  it('builds the project as it is now, not the rendered one an edit has not reached yet', async () => {
    buildForDebug.mockResolvedValue({ ok: false, message: 'Cannot debug: main.asm:1: x' })
    const rendered = createDefaultProject()
    const now: Project = {
      ...rendered,
      files: rendered.files.map((f) => ({ ...f, content: `${f.content}\n  nop` })),
    }
    const { result } = render(rendered, () => now)
    act(() => result.current.start())
    await waitFor(() => expect(result.current.state.status).toBe('error'))
    expect(buildForDebug).toHaveBeenCalledWith(expect.anything(), now)
  })

  it('says why Run to cursor does nothing on a line without code, and clears it on the next run', async () => {
    FakeClient.stopsAtOnce = true
    buildForDebug.mockResolvedValue(built)
    const { result } = render()
    act(() => result.current.start())
    await waitFor(() => expect(result.current.state.status).toBe('stopped'))
    act(() => result.current.runToCursor())
    expect(result.current.state.notice).toBe(RUN_TO_CURSOR_NO_CURSOR)
    breakpointStore.cursor = { file: 'main.asm', line: 3 }
    act(() => result.current.runToCursor())
    expect(result.current.state.notice).toBe(runToCursorNoCode('main.asm', 3))
    expect(FakeClient.last?.runTo).not.toHaveBeenCalled()
    act(() => result.current.stepOver())
    expect(result.current.state.notice).toBeUndefined()
    await waitFor(() => expect(result.current.state.status).toBe('stopped'))
  })
})
