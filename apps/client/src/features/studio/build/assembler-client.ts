// Main-thread side of the assembler worker: starts the worker on first use, pairs answers with requests by id,
// and turns a worker that cannot load into one clear outcome instead of a hang.
import type { AssembleInput, AssembleResult } from '@nes-studio/assembler'
import type { DebugData } from './debug-data'
import { isFailureResponse, isReadyResponse, isResultResponse } from './worker-protocol'
import type { AssembleRequest } from './worker-protocol'

export const LOAD_FAILED_MESSAGE = 'Failed to load the NESASM compiler library'

export type AssembleOutcome =
  | { kind: 'result'; result: AssembleResult; elapsedMs: number; debug?: DebugData }
  | { kind: 'load-failed'; message: string }
  | { kind: 'failure'; message: string }

/** The part of Worker the client needs (lets tests pass a fake). */
export interface WorkerLike {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  addEventListener(type: 'error', listener: (event: Event) => void): void
  terminate(): void
}

export function createAssemblerWorker(): WorkerLike {
  return new Worker(new URL('./assembler.worker.ts', import.meta.url), {
    type: 'module',
    name: 'nesasm',
  })
}

/** How long to wait for the worker's 'ready' before declaring the compiler unavailable. */
const LOAD_TIMEOUT_MS = 20_000

export class AssemblerClient {
  private worker: WorkerLike | undefined
  private ready: Promise<boolean> | undefined
  private nextId = 1
  private readonly pending = new Map<number, (outcome: AssembleOutcome) => void>()

  constructor(private readonly createWorker: () => WorkerLike = createAssemblerWorker) {}

  /** Starts loading the worker (idempotent); resolves true once the assembler is ready, false if it cannot load. */
  load(): Promise<boolean> {
    this.ready ??= new Promise<boolean>((resolve) => {
      let worker: WorkerLike
      try {
        worker = this.createWorker()
      } catch {
        resolve(false)
        return
      }
      this.worker = worker
      const timer = setTimeout(() => this.fail(resolve), LOAD_TIMEOUT_MS)
      worker.addEventListener('error', () => {
        clearTimeout(timer)
        this.fail(resolve)
      })
      worker.addEventListener('message', (event: MessageEvent) => {
        const data: unknown = event.data
        if (isReadyResponse(data)) {
          clearTimeout(timer)
          resolve(true)
        } else if (isResultResponse(data)) {
          const { result, elapsedMs, debug } = data
          this.settle(data.id, { kind: 'result', result, elapsedMs, ...(debug && { debug }) })
        } else if (isFailureResponse(data)) {
          this.settle(data.id, { kind: 'failure', message: data.message })
        }
      })
    })
    return this.ready
  }

  /** Assembles in the worker. Always resolves; never rejects. */
  async assemble(input: AssembleInput): Promise<AssembleOutcome> {
    if (!(await this.load()) || !this.worker)
      return { kind: 'load-failed', message: LOAD_FAILED_MESSAGE }
    const id = this.nextId
    this.nextId += 1
    return new Promise<AssembleOutcome>((resolve) => {
      this.pending.set(id, resolve)
      const request: AssembleRequest = { type: 'assemble', id, input }
      this.worker?.postMessage(request)
    })
  }

  dispose(): void {
    this.worker?.terminate()
    this.worker = undefined
    this.failPending()
    this.ready = Promise.resolve(false)
  }

  private settle(id: number, outcome: AssembleOutcome): void {
    const resolve = this.pending.get(id)
    if (!resolve) return
    this.pending.delete(id)
    resolve(outcome)
  }

  private fail(resolve: (ok: boolean) => void): void {
    // A worker that failed to load (or died) is dropped; the next compile tries to load it again.
    this.worker?.terminate()
    this.worker = undefined
    this.ready = undefined
    this.failPending()
    resolve(false)
  }

  private failPending(): void {
    for (const resolve of this.pending.values())
      resolve({ kind: 'load-failed', message: LOAD_FAILED_MESSAGE })
    this.pending.clear()
  }
}
