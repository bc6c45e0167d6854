// NESASM behind the build seam: our assembler in its worker (assembler-client.ts), main.asm at listing level 2.
import { AssemblerClient } from './assembler-client'
import { prepareBuild } from './build-project'
import { interpretResult } from './compile-result'
import { placeholderWarnings } from './placeholder-reads'
import { fromAssemblerDiagnostic } from './studio-diagnostic'
import type { Toolchain, ToolchainBuild, ToolchainDebugBuild } from './toolchain'
import type { Project } from '../project/project-files'

/** What the toolchain needs of the worker's client (tests pass one that assembles in-process). */
export type AssemblerLike = Pick<AssemblerClient, 'load' | 'assemble' | 'dispose'>

export class NesasmToolchain implements Toolchain {
  readonly kind = 'nesasm' as const

  constructor(private readonly client: AssemblerLike = new AssemblerClient()) {}

  load(): Promise<boolean> {
    return this.client.load()
  }

  async build(project: Project): Promise<ToolchainBuild> {
    const prepared = prepareBuild(project)
    if (!prepared.ok) {
      const error = { message: prepared.message, diagnostics: prepared.problems }
      return { outcome: { ok: false, error }, diagnostics: prepared.problems }
    }
    const outcome = await this.client.assemble(prepared.input)
    if (outcome.kind !== 'result')
      return {
        outcome: { ok: false, error: { message: outcome.message, diagnostics: [] } },
        diagnostics: [],
      }
    // A placeholder the build read (an auto-created file nobody edited) makes a wrong ROM without an error.
    const notices = placeholderWarnings(project, outcome.result.filesRead)
    return {
      outcome: interpretResult(outcome.result, outcome.elapsedMs, notices),
      diagnostics: [...outcome.result.diagnostics.map(fromAssemblerDiagnostic), ...notices],
      elapsedMs: outcome.elapsedMs,
    }
  }

  async buildForDebug(project: Project): Promise<ToolchainDebugBuild> {
    const prepared = prepareBuild(project)
    if (!prepared.ok) return { ok: false, message: prepared.message }
    const outcome = await this.client.assemble({
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
    return { ok: true, rom: result.rom, debug }
  }

  dispose(): void {
    this.client.dispose()
  }
}
