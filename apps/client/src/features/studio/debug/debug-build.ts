// A debug build: the project assembled once by the build worker with `options.debug`, answered with the ROM
// and the debugger's lookups built from the worker's plain debug data.
import type { AssemblerClient } from '../build/assembler-client'
import { prepareBuild } from '../build/build-project'
import { fromAssemblerDiagnostic } from '../build/studio-diagnostic'
import type { Project } from '../project/project-files'
import { createDebugMap } from './debug-map'
import type { DebugMap } from './debug-map'

export type DebugBuild =
  { ok: true; rom: Uint8Array; map: DebugMap } | { ok: false; message: string }

/** Assembles `project` with debug information in `client`'s worker. Always resolves. */
export async function buildForDebug(
  client: AssemblerClient,
  project: Project,
): Promise<DebugBuild> {
  const prepared = prepareBuild(project)
  if (!prepared.ok) return { ok: false, message: prepared.message }
  const outcome = await client.assemble({
    ...prepared.input,
    options: { listLevel: 0, output: 'nes', debug: true },
  })
  if (outcome.kind !== 'result') return { ok: false, message: outcome.message }
  const { result, debug } = outcome
  if (!result.ok || !debug || result.rom.length === 0) {
    const first = result.diagnostics
      .map(fromAssemblerDiagnostic)
      .find((d) => d.severity === 'error')
    const reason = first ? `${first.file}:${first.line}: ${first.message}` : 'No ROM was produced'
    return { ok: false, message: `Cannot debug: ${reason}` }
  }
  return { ok: true, rom: result.rom, map: createDebugMap(debug, result.rom) }
}
