// The debugger panel under the editor: DEBUG and the run controls, the debug core's screen, registers, memory and
// watches. The editor shows breakpoints (gutter, F9) and the stopped line; this panel drives the session.
import { useRef } from 'react'
import type { Project } from '../project/project-files'
import type { SourceLine } from './debug-map'
import { CoreCheckView } from './core-check-view'
import { MemoryView } from './memory-view'
import { PpuView } from './ppu-view'
import { RegistersView } from './registers-view'
import { describeStopReason } from './stop-reason'
import { useDebugger } from './use-debugger'
import { WatchList } from './watch-list'
import './debug.css'

interface DebugPanelProps {
  project: Project
  /** The project as it is now, with the files its includes name created (what DEBUG builds). */
  current: () => Project
  /** Opens a file's tab (by its key in the project) so its stopped line can be shown. */
  onOpenFile: (file: string) => void
}

const STATUS_TEXT = {
  idle: 'Not debugging',
  building: 'Building with debug info…',
  running: 'Running',
  stopped: 'Stopped',
  error: 'Error',
} as const

/** The run controls that act only while the program is stopped, in toolbar order. */
const STOPPED_ACTIONS = [
  { label: 'Step over', title: 'Step over (F10)', run: 'stepOver', ghost: false },
  { label: 'Step into', title: 'Step into (F11)', run: 'stepInto', ghost: false },
  { label: 'Step out', title: 'Step out (Shift+F11)', run: 'stepOut', ghost: false },
  { label: 'Step instr', title: 'One instruction', run: 'stepInstruction', ghost: true },
  {
    label: 'Run to cursor',
    title: "Run to the cursor's line (Ctrl+F10)",
    run: 'runToCursor',
    ghost: true,
  },
  { label: 'Step frame', title: 'Run one frame', run: 'stepFrame', ghost: true },
] as const

/**
 * The stopped line's source under the toolbar: on a phone the editor is a screen or more above the
 * step buttons, and this shows where the program is without scrolling away from them. `isMacro`: the
 * macro-body line running inside an expansion, shown under the call line.
 */
function StoppedLine({
  project,
  at,
  isMacro,
}: {
  project: Project
  at: SourceLine
  isMacro: boolean
}) {
  const { file, line } = at
  const source = project.files.find((f) => f.filename === file)
  const text = source?.binary ? undefined : source?.content.split(/\r\n|\r|\n/)[line - 1]
  if (text === undefined) return null
  return (
    <p
      className={isMacro ? 'debug-stopped-line debug-stopped-line--macro' : 'debug-stopped-line'}
      data-testid={isMacro ? 'debug-macro-line' : 'debug-stopped-line'}
    >
      <span className="debug-stopped-line__where">
        {isMacro && 'macro '}
        {file}:{line}
      </span>
      <code>{text.trim()}</code>
    </p>
  )
}

export function DebugPanel({ project, current, onOpenFile }: DebugPanelProps) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const d = useDebugger(project, current, canvas, onOpenFile)
  const { state } = d
  const isStopped = state.status === 'stopped'
  const isActive = state.status === 'running' || isStopped
  const reason = state.stop?.reason
  // After an edit the old build's lines would point at the wrong code: only the new build's are shown.
  const location = d.isStale ? undefined : state.location
  const isRunning = state.status === 'running'
  // While a run is under way the run controls only say they are unavailable (aria-disabled): a disabled
  // button drops the focus, so a keyboard user who pressed Step over would have to find it again after each step.
  return (
    <section className="studio-debug" aria-label="Debugger" data-status={state.status}>
      <div className="debug-toolbar" role="toolbar" aria-label="Debug controls">
        <button
          type="button"
          className="btn btn--primary"
          onClick={isStopped ? d.cont : isRunning ? undefined : d.start}
          aria-disabled={isRunning || state.status === 'building'}
          title={isStopped ? 'Continue (F5)' : 'Debug the project on the debug core (F5)'}
        >
          {isStopped ? (
            <>
              <span aria-hidden="true">▶</span> Continue
            </>
          ) : (
            <>
              <span aria-hidden="true">🐞</span> Debug
            </>
          )}
        </button>
        <button
          type="button"
          className="btn"
          onClick={d.pause}
          disabled={!isActive}
          aria-disabled={!isRunning}
          title="Pause (F6)"
        >
          <span aria-hidden="true">❚❚</span> Pause
        </button>
        {STOPPED_ACTIONS.map((action) => (
          <button
            key={action.label}
            type="button"
            className={action.ghost ? 'btn btn--ghost' : 'btn'}
            onClick={d[action.run]}
            disabled={!isActive}
            aria-disabled={!isStopped}
            title={action.title}
          >
            {action.label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn--ghost"
          onClick={d.stopDebugging}
          disabled={!isActive}
          title="Stop debugging (Shift+F5)"
        >
          <span aria-hidden="true">■</span> Stop
        </button>
        <span className="debug-toolbar__status" data-testid="debug-status" aria-live="polite">
          {STATUS_TEXT[state.status]}
          {isStopped &&
            reason &&
            reason.kind !== 'pause' &&
            ` · ${describeStopReason(reason, state.map)}`}
          {isStopped && location && ` at ${location.file}:${location.line}`}
        </span>
      </div>
      {d.isStale && (
        <p className="debug-stale" role="alert" data-testid="debug-stale">
          Source changed — restart DEBUG to debug the new code.{' '}
          <button type="button" className="btn btn--primary" onClick={d.start}>
            Restart DEBUG
          </button>
        </p>
      )}
      {isStopped && location && <StoppedLine project={project} at={location} isMacro={false} />}
      {isStopped && location && state.macroLocation && (
        <StoppedLine project={project} at={state.macroLocation} isMacro />
      )}
      {isStopped && state.notice && (
        <p className="debug-notice" role="status" data-testid="debug-notice">
          {state.notice}
        </p>
      )}
      {state.status === 'error' && (
        <p className="debug-error" role="alert" data-testid="debug-error">
          {state.message}
        </p>
      )}
      <div className="debug-grid">
        <div className="debug-screen">
          <canvas
            ref={canvas}
            width={256}
            height={240}
            className="debug-screen__canvas"
            aria-label="Debug core screen"
          />
          <p className="debug-screen__note">jsnes debug core</p>
        </div>
        {state.stop && (
          <RegistersView registers={state.stop.registers} map={state.map} ram={state.memory?.ram} />
        )}
        <WatchList map={state.map} memory={state.memory} onWatchpoints={d.setWatchpoints} />
        {state.ppu && <PpuView ppu={state.ppu} />}
        <CoreCheckView build={d.build} />
        {state.memory && (
          <MemoryView
            memory={state.memory}
            map={state.map}
            onWrite={(a, v) => void d.writeMemory(a, v)}
          />
        )}
      </div>
    </section>
  )
}
