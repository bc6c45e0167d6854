// The studio's build seam: a project goes in, a ROM (or the reasons there is none) and debug data come out. NESASM
// (our assembler in its worker) and cc65 (the real toolchain in WebAssembly, loaded only for cc65 projects) sit
// behind it, so the problems panel, the debugger and downloads do not care which one ran.
import type { CompileOutcome } from './compile-result'
import type { DebugData } from './debug-data'
import type { StudioDiagnostic } from './studio-diagnostic'
import type { Project, ToolchainKind } from '../project/project-files'

/** One build: what COMPILE & RUN shows, and every diagnostic (warnings of a good build too). */
export interface ToolchainBuild {
  outcome: CompileOutcome
  diagnostics: StudioDiagnostic[]
  /** Time the tools ran, in milliseconds (shown beside the title). */
  elapsedMs?: number
}

/** A build for the debugger: the ROM and its debug data, or why there is none. */
export type ToolchainDebugBuild =
  { ok: true; rom: Uint8Array; debug: DebugData } | { ok: false; message: string }

export interface Toolchain {
  readonly kind: ToolchainKind
  /** Starts loading the tools (idempotent); true once they can run, false when they cannot load. */
  load(): Promise<boolean>
  /** Builds `project`. Always resolves. */
  build(project: Project): Promise<ToolchainBuild>
  /** Builds `project` with debug information. Always resolves. */
  buildForDebug(project: Project): Promise<ToolchainDebugBuild>
  /** Stops the tools' worker; the next build starts a new one. */
  dispose(): void
}
