// Incremental cc65 builds: a tool run is a pure function of its command line, folder, the folders that exist and
// the contents of the paths it looked up (the runner records each, found or not). So a run whose looked-up paths
// hold the same bytes (or are still missing) as last time is answered from memory: its output and the files it
// wrote come back without running the tool. Only the latest run of each command line is kept.
import type { RunOptions, ToolName, ToolRun } from '@nes-studio/cc65-wasm'
import type { ToolRunner } from './run-build'

interface Entry {
  /** Each looked-up path and its bytes then ('dir' for a folder, null when missing). */
  inputs: [string, Uint8Array | 'dir' | null][]
  run: ToolRun
  /** The bytes of each file the run wrote. */
  outputs: [string, Uint8Array][]
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false
  return true
}

/** A ToolRunner that remembers runs and answers a run from memory when nothing it read has changed. */
export class RunCache implements ToolRunner {
  private readonly entries = new Map<string, Entry>()
  /** Runs answered from memory and runs of the tools, since the cache was made (for the benchmark and tests). */
  hits = 0
  misses = 0

  constructor(private readonly tools: ToolRunner) {}

  runTool(
    name: ToolName,
    args: readonly string[],
    files: Readonly<Record<string, Uint8Array>>,
    options: RunOptions = {},
  ): ToolRun {
    const dirs = new Set(options.dirs ?? [])
    const stateOf = (path: string) => files[path] ?? (dirs.has(path) || path === '' ? 'dir' : null)
    const key = JSON.stringify([name, args, options.cwd ?? '', [...dirs].sort()])
    const entry = this.entries.get(key)
    if (entry && entry.inputs.every(([path, then]) => same(then, stateOf(path)))) {
      this.hits += 1
      const after = { ...files }
      for (const [path, bytes] of entry.outputs) after[path] = bytes
      return { ...entry.run, files: after }
    }
    this.misses += 1
    const run = this.tools.runTool(name, args, files, options)
    // A run that trapped is not remembered: it may have hit a limit rather than the input
    if (run.trap === undefined)
      this.entries.set(key, {
        inputs: run.looked.map((path) => [path, stateOf(path)]),
        run: { ...run, files: {} },
        outputs: run.written.map((path) => [path, run.files[path]!]),
      })
    return run
  }
}

function same(then: Uint8Array | 'dir' | null, now: Uint8Array | 'dir' | null): boolean {
  if (then === null || then === 'dir' || now === null || now === 'dir') return then === now
  return sameBytes(then, now)
}
