// The assembler's Web Worker: runs assemble() off the main thread. Loaded on demand by assembler-client.ts.
import { assemble } from '@nes-studio/assembler'
import { isAssembleRequest, requestIdOf } from './worker-protocol'
import type { WorkerResponse } from './worker-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

function post(message: WorkerResponse): void {
  // The ROM buffer is transferred, not copied; the worker does not keep it.
  const transfer =
    message.type === 'result' && message.result.ok ? [message.result.rom.buffer as ArrayBuffer] : []
  scope.postMessage(message, transfer)
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
    post({ type: 'result', id: request.id, result, elapsedMs: performance.now() - started })
  } catch (error) {
    // assemble() never throws by contract; if it does, that is a bug, reported rather than lost.
    const message = error instanceof Error ? error.message : String(error)
    post({ type: 'failure', id: request.id, message: `Assembler crashed: ${message}` })
  }
})

post({ type: 'ready' })
