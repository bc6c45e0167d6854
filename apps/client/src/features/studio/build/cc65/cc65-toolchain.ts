// cc65 behind the build seam (../toolchain.ts): the project's files as bytes (CHR text as tiles, text in its
// encoding, so an imported project builds from its own bytes), build.sh's text when the project has one, built in
// the cc65 worker; the result as the studio shows any build.
import type { CompileOutcome } from '../compile-result'
import type { StudioDiagnostic } from '../studio-diagnostic'
import type { Toolchain, ToolchainBuild, ToolchainDebugBuild } from '../toolchain'
import { chrTextToBytes } from '../../project/chr-text'
import type { Project } from '../../project/project-files'
import { encodeText } from '../../project/text-bytes'
import { BUILD_SCRIPT } from './build-script'
import { Cc65Client } from './cc65-client'
import type { Cc65BuildRequest, Cc65ResultResponse } from './cc65-protocol'

type Input =
  | { ok: true; request: Omit<Cc65BuildRequest, 'type' | 'id' | 'debug'> }
  | { ok: false; message: string; problems: StudioDiagnostic[] }

/** The build's input: every file as bytes, the folders, and build.sh's text. */
export function prepareCc65Build(project: Project): Input {
  const files: Record<string, Uint8Array> = {}
  const problems: StudioDiagnostic[] = []
  let script: string | undefined
  for (const file of project.files) {
    if (file.binary) files[file.filename] = file.binary
    else if (file.type === 'chr') {
      const converted = chrTextToBytes(file.content)
      files[file.filename] = converted.bytes
      for (const p of converted.problems)
        problems.push({ severity: 'error', code: 'ChrText', file: file.filename, ...p })
    } else {
      files[file.filename] = encodeText(file.content, file.encoding)
      if (file.filename === BUILD_SCRIPT) script = file.content
    }
  }
  if (problems.length > 0)
    return {
      ok: false,
      message: `Compilation failed: ${problems.length} error(s) in CHR files`,
      problems,
    }
  return {
    ok: true,
    request: { files, folders: project.folders ?? [], ...(script !== undefined && { script }) },
  }
}

/** A diagnostic in the words and form of the tool that printed it. */
export function toolMessage(d: StudioDiagnostic): string {
  if (d.file === BUILD_SCRIPT)
    return d.message.startsWith(d.file) ? d.message : `${d.file}:${d.line}: ${d.message}`
  if (d.file === '' || d.line === 0) return d.message
  const word = d.severity === 'error' ? 'Error' : d.severity === 'warning' ? 'Warning' : 'Note'
  return `${d.file}(${d.line}): ${word}: ${d.message}`
}

function failed(message: string, diagnostics: StudioDiagnostic[], log?: string): CompileOutcome {
  return { ok: false, error: { message, diagnostics, ...(log ? { stdout: log } : {}) } }
}

function outcomeOf(result: Cc65ResultResponse): CompileOutcome {
  if (result.ok && result.rom)
    return { ok: true, rom: result.rom, elapsedMs: result.elapsedMs, notices: [] }
  const errors = result.diagnostics.filter((d) => d.severity === 'error')
  const first = errors[0]
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''
  const reason = first ? toolMessage(first) + more : (result.failure?.message ?? 'The build failed')
  return failed(`Compilation failed: ${reason}`, result.diagnostics, result.log)
}

export class Cc65Toolchain implements Toolchain {
  readonly kind = 'cc65' as const

  constructor(private readonly client = new Cc65Client()) {}

  async load(): Promise<boolean> {
    return (await this.client.load()) === true
  }

  async build(project: Project): Promise<ToolchainBuild> {
    const input = prepareCc65Build(project)
    if (!input.ok)
      return { outcome: failed(input.message, input.problems), diagnostics: input.problems }
    const outcome = await this.client.build({ ...input.request, debug: false })
    if (outcome.kind !== 'result') return { outcome: failed(outcome.message, []), diagnostics: [] }
    const { result } = outcome
    return {
      outcome: outcomeOf(result),
      diagnostics: result.diagnostics,
      elapsedMs: result.elapsedMs,
    }
  }

  async buildForDebug(project: Project): Promise<ToolchainDebugBuild> {
    const input = prepareCc65Build(project)
    if (!input.ok) return { ok: false, message: input.message }
    const outcome = await this.client.build({ ...input.request, debug: true })
    if (outcome.kind !== 'result') return { ok: false, message: outcome.message }
    const { result } = outcome
    if (!result.ok || !result.rom) {
      const built = outcomeOf(result)
      const reason = built.ok
        ? 'No ROM was produced'
        : built.error.message.replace(/^Compilation failed: /, '')
      return { ok: false, message: `Cannot debug: ${reason}` }
    }
    if (!result.debug)
      return { ok: false, message: `Cannot debug: ${result.debugError ?? 'no debug data'}` }
    return { ok: true, rom: result.rom, debug: result.debug }
  }

  dispose(): void {
    this.client.dispose()
  }
}
