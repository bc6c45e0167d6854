// The studio's debugging session: builds with debug information, runs the ROM on the debug engine (jsnes in a
// worker), keeps breakpoints and watchpoints in the engine in step with the store, and turns each stop into the
// current line, PC as label+offset, and a memory snapshot. Keys: F5 start/continue, Shift+F5 stop, F6 pause,
// F10 step over, Ctrl+F10 run to cursor, F11 step into, Shift+F11 step out (F9 is the editor's).
import { useCallback, useEffect, useRef, useState } from 'react'
import { DebugClient } from '../../../emulator/debug/debug-client'
import { useGameKeys } from '../../../hooks/use-game-keys'
import type { Breakpoint, DebugStop, PpuState, Watchpoint } from '../../../emulator/types'
import { toolchainOf } from '../project/project-files'
import type { Project } from '../project/project-files'
import { breakpointStore } from './breakpoint-store'
import type { Toolchain } from '../build/toolchain'
import { createToolchain } from '../build/toolchains'
import { buildForDebug } from './debug-build'
import type { DebugMap, SourceLine } from './debug-map'

export type DebugStatus = 'idle' | 'building' | 'running' | 'stopped' | 'error'

export interface MemorySnapshot {
  /** $0000-$07FF */
  ram: Uint8Array
  /** $6000-$7FFF */
  cart: Uint8Array
}

export interface DebugState {
  status: DebugStatus
  message?: string
  /** Why a command asked for did nothing (e.g. Run to cursor on a line without code). */
  notice?: string
  stop?: DebugStop
  location?: SourceLine
  /** Stopped inside a macro expansion (`location` is the call): the macro-body line running. */
  macroLocation?: SourceLine
  memory?: MemorySnapshot
  ppu?: PpuState
  map?: DebugMap
  /** The project the running program was built from (DEBUG's build). */
  source?: Project
}

/** Whether any file's text or bytes (or the set of files) differ from the build's. */
export function hasSourceChanged(built: Project, now: Project): boolean {
  if (built.files.length !== now.files.length) return true
  const byName = new Map(now.files.map((f) => [f.filename, f]))
  return built.files.some((f) => {
    const g = byName.get(f.filename)
    return !g || g.content !== f.content || g.binary !== f.binary
  })
}

type Command = (client: DebugClient) => Promise<DebugStop>

export const RUN_TO_CURSOR_NO_CURSOR =
  'Run to cursor: put the cursor in the editor on the line to run to first.'
export const runToCursorNoCode = (file: string, line: number) =>
  `Run to cursor: no code at or after ${file}:${line} (nothing there is assembled into the program). Put the cursor on an instruction.`

function breakpointsOf(map: DebugMap): Breakpoint[] {
  const out: Breakpoint[] = []
  for (const { file, line } of breakpointStore.all()) {
    // a line of a macro body needs one breakpoint per expansion
    out.push(...map.breakpointsOf(file, map.codeLineAtOrAfter(file, line) ?? line))
  }
  return out
}

/**
 * `project` is the rendered project (staleness is judged against it); `current` gives the project as it is
 * now, with the files its includes name created, as a compile reads it: an edit reaches `project` in a
 * transition, so DEBUG pressed right after typing would otherwise build the text before it.
 */
export function useDebugger(
  project: Project,
  current: () => Project,
  canvas: React.RefObject<HTMLCanvasElement | null>,
  onOpenFile: (file: string) => void,
) {
  const [state, setState] = useState<DebugState>({ status: 'idle' })
  const client = useRef<DebugClient | undefined>(undefined)
  /** The build worker (the project's toolchain, its own instance), loaded on the first Debug. */
  const builder = useRef<Toolchain | undefined>(undefined)
  const map = useRef<DebugMap | undefined>(undefined)
  const watchpoints = useRef<Watchpoint[]>([])
  const status = useRef<DebugStatus>('idle')
  /** Counts DEBUG starts and stops: a start that was stopped meanwhile sees another number. */
  const session = useRef(0)
  const currentRef = useRef(current)
  const openRef = useRef(onOpenFile)
  useEffect(() => {
    currentRef.current = current
    openRef.current = onOpenFile
  })

  /** The debugger's own toolchain for `project`'s kind (a new one when the kind changed). */
  const toolchainFor = useCallback((project: Project) => {
    const kind = toolchainOf(project)
    if (builder.current?.kind !== kind) {
      builder.current?.dispose()
      builder.current = createToolchain(kind)
    }
    return builder.current
  }, [])

  const update = useCallback((next: DebugState) => {
    status.current = next.status
    setState(next)
  }, [])

  // Edited since DEBUG: the program still runs the old build, whose line map no longer matches the editor. Its
  // lines are not shown (nor highlighted) as if they were the new code's, and breakpoints moved by the edit are
  // not sent to it with the old map's addresses, until DEBUG is started again.
  const isActive = state.status === 'running' || state.status === 'stopped'
  const isStale = isActive && state.source !== undefined && hasSourceChanged(state.source, project)
  const staleRef = useRef(isStale)
  useEffect(() => {
    staleRef.current = isStale
    if (isStale) breakpointStore.setStoppedAt(null)
  }, [isStale])

  const draw = useCallback(
    (pixels: Uint8ClampedArray) => {
      const context = canvas.current?.getContext('2d')
      if (context)
        context.putImageData(new ImageData(new Uint8ClampedArray(pixels), 256, 240), 0, 0)
    },
    [canvas],
  )

  const onStop = useCallback(async (c: DebugClient, stop: DebugStop) => {
    const m = map.current
    const [ram, cart, ppu, code] = await Promise.all([
      c.readMemory(0, 0x800),
      c.readMemory(0x6000, 0x2000),
      c.ppuState(),
      c.readMemory(stop.registers.pc, 1),
    ])
    const location = m?.lineAt(stop.registers.pc, code[0])
    const macroLocation = m?.macroLineAt(stop.registers.pc, code[0])
    const isCurrent = !staleRef.current
    breakpointStore.setStoppedAt(
      isCurrent ? (location ?? null) : null,
      isCurrent ? (macroLocation ?? null) : null,
    )
    if (location && isCurrent) openRef.current(location.file)
    setState((s) => ({
      ...s,
      status: 'stopped',
      stop,
      location,
      macroLocation,
      memory: { ram, cart },
      ppu,
      map: m,
    }))
    status.current = 'stopped'
  }, [])

  const run = useCallback(
    async (command: Command) => {
      const c = client.current
      if (!c || status.current !== 'stopped') return
      breakpointStore.setStoppedAt(null)
      setState((s) => ({ ...s, status: 'running', notice: undefined }))
      status.current = 'running'
      try {
        await onStop(c, await command(c))
      } catch (error) {
        if (client.current === c)
          update({
            status: 'error',
            message: error instanceof Error ? error.message : String(error),
          })
      }
    },
    [onStop, update],
  )

  const stopDebugging = useCallback(() => {
    session.current += 1
    client.current?.dispose()
    client.current = undefined
    breakpointStore.setStoppedAt(null)
    update({ status: 'idle' })
  }, [update])

  const start = useCallback(async () => {
    if (status.current === 'building') return
    const mine = ++session.current
    client.current?.dispose()
    client.current = undefined
    breakpointStore.setStoppedAt(null)
    update({ status: 'building' })
    const source = currentRef.current()
    const built = await buildForDebug(toolchainFor(source), source)
    if (session.current !== mine) return // stopped (Shift+F5) while it was building
    if (!built.ok) return update({ status: 'error', message: built.message })
    map.current = built.map
    breakpointStore.setSnapper((file, line) => built.map.codeLineAtOrAfter(file, line))
    const c = new DebugClient(draw)
    client.current = c
    try {
      await c.load(built.rom)
      c.setLineMap(built.map.lineMap)
      c.setBreakpoints(breakpointsOf(built.map))
      c.setWatchpoints(watchpoints.current)
      staleRef.current = false
      update({ status: 'running', map: built.map, source })
      await onStop(c, await c.continue())
    } catch (error) {
      // Stopped or restarted meanwhile: that already disposed this client and set the state.
      if (client.current !== c) return
      c.dispose()
      client.current = undefined
      update({ status: 'error', message: error instanceof Error ? error.message : String(error) })
    }
  }, [draw, onStop, toolchainFor, update])

  /** A debug build of the project as it is now, in the debugger's build worker (the check on both cores uses it). */
  const build = useCallback(() => {
    const now = currentRef.current()
    return buildForDebug(toolchainFor(now), now)
  }, [toolchainFor])

  const pause = useCallback(() => client.current?.pause(), [])
  const cont = useCallback(() => void run((c) => c.continue()), [run])
  const stepOver = useCallback(() => void run((c) => c.stepLine(true)), [run])
  const stepInto = useCallback(() => void run((c) => c.stepLine(false)), [run])
  const stepOut = useCallback(() => void run((c) => c.stepOut()), [run])
  const stepInstruction = useCallback(() => void run((c) => c.stepInstruction()), [run])
  const stepFrame = useCallback(() => void run((c) => c.runFrames(1)), [run])
  /** Runs to the first code at or after the editor's cursor line; says so when there is none. */
  const runToCursor = useCallback(() => {
    const m = map.current
    const at = breakpointStore.cursor
    if (!m || status.current !== 'stopped') return
    if (!at) return setState((s) => ({ ...s, notice: RUN_TO_CURSOR_NO_CURSOR }))
    const line = m.codeLineAtOrAfter(at.file, at.line)
    const address = line === undefined ? undefined : m.addressOfLine(at.file, line)
    if (address === undefined) {
      return setState((s) => ({ ...s, notice: runToCursorNoCode(at.file, at.line) }))
    }
    void run((c) => c.runTo(address))
  }, [run])

  const setWatchpoints = useCallback((list: Watchpoint[]) => {
    watchpoints.current = list
    client.current?.setWatchpoints(list)
  }, [])

  const writeMemory = useCallback(async (address: number, value: number) => {
    const c = client.current
    if (!c || status.current !== 'stopped') return
    await c.writeMemory(address, new Uint8Array([value]))
    const [ram, cart] = await Promise.all([c.readMemory(0, 0x800), c.readMemory(0x6000, 0x2000)])
    setState((s) => ({ ...s, memory: { ram, cart } }))
  }, [])

  // controller 1 on the user's keys while the program runs (not while typing in the editor or a field)
  useGameKeys(state.status === 'running', (button, down, player) => {
    if (player === 0) client.current?.setButton(button, down)
  })

  // breakpoints follow the store while debugging
  useEffect(
    () =>
      breakpointStore.subscribe(() => {
        const m = map.current
        if (client.current && m && !staleRef.current)
          client.current.setBreakpoints(breakpointsOf(m))
      }),
    [],
  )

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = status.current
      const act = (f: () => void) => {
        e.preventDefault()
        e.stopPropagation()
        f()
      }
      if (e.key === 'F5' && e.shiftKey) act(stopDebugging)
      else if (e.key === 'F5')
        act(() => (s === 'stopped' ? cont() : s !== 'running' && void start()))
      else if (e.key === 'F6') act(pause)
      else if (e.key === 'F10' && (e.ctrlKey || e.metaKey)) act(runToCursor)
      else if (e.key === 'F10') act(stepOver)
      else if (e.key === 'F11' && e.shiftKey) act(stepOut)
      else if (e.key === 'F11') act(stepInto)
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [cont, pause, runToCursor, start, stepInto, stepOut, stepOver, stopDebugging])

  useEffect(
    () => () => {
      client.current?.dispose()
      builder.current?.dispose()
      breakpointStore.setStoppedAt(null)
    },
    [],
  )

  return {
    state,
    isStale,
    build,
    start: () => void start(),
    cont,
    pause,
    stepOver,
    stepInto,
    stepOut,
    stepInstruction,
    stepFrame,
    runToCursor,
    stopDebugging,
    setWatchpoints,
    writeMemory,
  }
}
