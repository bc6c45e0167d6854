// The assembler's Web Worker: runs assemble() off the main thread. Loaded on demand by assembler-client.ts.
import { assemble } from '@nes-studio/assembler'
import type { AssembleResult } from '@nes-studio/assembler'
import { toDebugData } from './debug-data'
import { isAssembleRequest, requestIdOf } from './worker-protocol'
import type { WorkerResponse } from './worker-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

function post(message: WorkerResponse): void {
  // The ROM and the debug statements and macro lines are transferred, not copied; the worker does not keep them.
  const transfer: ArrayBuffer[] = []
  if (message.type === 'result' && message.result.ok)
    transfer.push(message.result.rom.buffer as ArrayBuffer)
  if (message.type === 'result' && message.debug)
    transfer.push(
      message.debug.statements.buffer as ArrayBuffer,
      message.debug.macroLines.buffer as ArrayBuffer,
    )
  scope.postMessage(message, transfer)
}

/** The result without `debug` (sent as plain data instead: a clone would copy the source map's internals). */
function withoutDebug(result: AssembleResult): AssembleResult {
  if (!('debug' in result)) return result
  const copy: Record<string, unknown> = { ...result }
  delete copy.debug
  return copy as AssembleResult
}

scope.addEventListener('message', (event: MessageEvent<unknown>) => {
  const request = event.data
  if (!isAssembleRequest(request)) {
    post({
      type: 'failure',
      id: requestIdOf(request),
      message: 'Malformed request to the assembler worker',
    })
    return
  }
  const started = performance.now()
  try {
    const result = assemble(request.input)
    const debug =
      request.input.options?.debug === true && result.debug
        ? toDebugData(request.input.main, result.debug)
        : undefined
    const elapsedMs = performance.now() - started
    post({
      type: 'result',
      id: request.id,
      result: withoutDebug(result),
      elapsedMs,
      ...(debug && { debug }),
    })
  } catch (error) {
    // assemble() never throws by contract; if it does, that is a bug, reported rather than lost.
    const message = error instanceof Error ? error.message : String(error)
    post({ type: 'failure', id: request.id, message: `Assembler crashed: ${message}` })
  }
})

post({ type: 'ready' })
