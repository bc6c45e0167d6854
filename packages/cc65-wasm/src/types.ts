// The runner's vocabulary: which tools there are, what a run is given and what it gives back.

/** The cc65 tools the package ships (cl65 cannot run under WASI: it starts the others as processes). */
export type ToolName = 'ca65' | 'cc65' | 'ld65'

export const TOOL_NAMES: readonly ToolName[] = ['ca65', 'cc65', 'ld65']

/** Files of a project: paths relative to the project root, '/'-separated, to their bytes. */
export type FileMap = Readonly<Record<string, Uint8Array>>

export interface RunOptions {
  /** The folder the command runs in, relative to the project root ('' or absent: the root). */
  cwd?: string
  /** Folders that exist besides those holding files (e.g. made by `mkdir -p`), relative to the root. */
  dirs?: readonly string[]
}

/** What one run of a tool did. */
export interface ToolRun {
  /** The tool's exit status; -1 when it trapped (see `trap`). */
  exitCode: number
  /** What it wrote to stdout and stderr, as UTF-8 text. */
  stdout: string
  stderr: string
  /** The project's files after the run: the inputs (same arrays when untouched) plus what it wrote. */
  files: Record<string, Uint8Array>
  /** Paths (relative to the root) the tool created or opened for writing, in the order first written. */
  written: string[]
  /**
   * Every project path the tool looked up (opened, or asked about), whether or not it existed, relative to the
   * root: with their contents, what decides the run's result (a cache of runs keys on them).
   */
  looked: string[]
  /** Set when the program trapped (WebAssembly RuntimeError: an abort, a stack overflow, a bad access). */
  trap?: string
}
