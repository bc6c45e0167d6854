// Assembles the project with debug information (result.debug) and sends the ROM with its `.dbg.json`.
// The one place outside build/ that runs the assembler: the build worker's answer loses the source map's
// methods in the structured clone, and its protocol belongs to the build; this worker only adds `debug: true`.
// eslint-disable-next-line no-restricted-imports -- see above: the debugger needs result.debug as data
import { assemble, formatDebugJson } from '@nes-studio/assembler'
import { fromAssemblerDiagnostic } from '../build/studio-diagnostic'
import { isDebugBuildRequest } from './debug-build-protocol'
import type { DebugBuildResponse } from './debug-build-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

function post(message: DebugBuildResponse): void {
  scope.postMessage(message)
}

scope.addEventListener('message', (event: MessageEvent<unknown>) => {
  const request = event.data
  if (!isDebugBuildRequest(request)) return
  try {
    const result = assemble({
      files: request.files,
      main: request.main,
      options: { listLevel: 0, output: 'nes', debug: true },
    })
    const diagnostics = result.diagnostics.map(fromAssemblerDiagnostic)
    if (!result.ok || !result.debug || result.rom.length === 0) {
      const first = diagnostics.find((d) => d.severity === 'error')
      const message = first
        ? `${first.file}:${first.line}: ${first.message}`
        : 'No ROM was produced'
      post({
        type: 'build-failed',
        id: request.id,
        message: `Cannot debug: ${message}`,
        diagnostics,
      })
      return
    }
    const debugJson = formatDebugJson(request.main, result.debug)
    post({ type: 'built', id: request.id, rom: result.rom, debugJson })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    post({
      type: 'build-failed',
      id: request.id,
      message: `Assembler crashed: ${message}`,
      diagnostics: [],
    })
  }
})
