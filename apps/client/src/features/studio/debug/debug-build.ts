// A debug build: the project built once with debug information by its toolchain (build/toolchain.ts), answered
// with the ROM and the debugger's lookups built from the toolchain's plain debug data.
import type { Toolchain } from '../build/toolchain'
import type { Project } from '../project/project-files'
import { createDebugMap } from './debug-map'
import type { DebugMap } from './debug-map'

export type DebugBuild =
  { ok: true; rom: Uint8Array; map: DebugMap } | { ok: false; message: string }

/** Builds `project` with debug information in `toolchain`'s worker. Always resolves. */
export async function buildForDebug(toolchain: Toolchain, project: Project): Promise<DebugBuild> {
  const built = await toolchain.buildForDebug(project)
  if (!built.ok) return built
  return { ok: true, rom: built.rom, map: createDebugMap(built.debug, built.rom) }
}
