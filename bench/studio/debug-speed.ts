// Debug engine speed in Node (jsnes 3.0.0 stepped one instruction at a time by DebugEngine): frames/s with
// no breakpoints (target ≥ 120, 2× real time) and with 10 breakpoints + 2 watchpoints (target ≥ 60), on the
// debugger's test program with rendering on. `npx tsx bench/studio/debug-speed.ts` (FRAMES=600 by default).
import { DebugEngine } from '../../apps/client/src/emulator/debug/debug-engine'
import { buildTestProgram } from '../../apps/client/src/emulator/debug/test-program'

const FRAMES = Number(process.env.FRAMES ?? 600)
const RUNS = Number(process.env.RUNS ?? 5)

function framesPerSecond(setup: (engine: DebugEngine) => void): number {
  const { rom } = buildTestProgram(0, true)
  const engine = new DebugEngine(rom)
  setup(engine)
  engine.runToStop({ kind: 'frames', count: 60 }) // warm-up: the JIT settles
  const started = performance.now()
  const stop = engine.runToStop({ kind: 'frames', count: FRAMES })
  const seconds = (performance.now() - started) / 1000
  if (stop.reason.kind !== 'frames')
    throw new Error(`stopped early: ${JSON.stringify(stop.reason)}`)
  return FRAMES / seconds
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function measure(name: string, target: number, setup: (engine: DebugEngine) => void): void {
  const runs = Array.from({ length: RUNS }, () => framesPerSecond(setup))
  const fps = median(runs)
  const verdict = fps >= target ? 'meets' : 'MISSES'
  console.log(
    `${name}: ${fps.toFixed(0)} frames/s (median of ${RUNS} × ${FRAMES} frames; runs ${runs.map((r) => r.toFixed(0)).join(', ')}) ${verdict} target ${target}`,
  )
}

const none = (): void => {}
const tenAndTwo = (engine: DebugEngine): void => {
  // addresses the program never executes or touches, so the run is not cut short but every check is paid
  engine.setBreakpoints(Array.from({ length: 10 }, (_, i) => 0xd000 + i * 3))
  engine.setWatchpoints([
    { address: 0x0300, access: 'read' },
    { address: 0x0301, access: 'write' },
  ])
}
// one untimed run of each first: the JIT compiles both paths before anything is timed
framesPerSecond(none)
framesPerSecond(tenAndTwo)
measure('no breakpoints', 120, none)
measure('10 breakpoints + 2 watchpoints', 60, tenAndTwo)
