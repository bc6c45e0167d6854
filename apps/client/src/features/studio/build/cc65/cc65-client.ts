// Main-thread side of the cc65 worker: starts it on first use, pairs answers with requests, and stops a build
// that runs past BUILD_LIMIT_MS by terminating the worker (a tool runs synchronously in it: nothing else can stop
// it), so the studio stays usable; the next build starts a fresh worker.
import { isCc65Response } from './cc65-protocol'
import type { Cc65BuildRequest, Cc65ResultResponse } from './cc65-protocol'
import type { WorkerLike } from '../assembler-client'

/** The longest a build may run. */
export const BUILD_LIMIT_MS = 20_000
/** How long the toolchain (about 2 MB) may take to download and compile. */
const LOAD_LIMIT_MS = 60_000

export const TIMEOUT_MESSAGE =
  'The build ran for more than 20 s and was stopped (is a tool stuck?). The cc65 worker was restarted: build again to retry.'
export const LOAD_FAILED_MESSAGE = 'The cc65 toolchain did not load'

export type Cc65Outcome =
  | { kind: 'result'; result: Cc65ResultResponse }
  | { kind: 'load-failed' | 'timeout' | 'failure'; message: string }

export function createCc65Worker(): WorkerLike {
  return new Worker(new URL('./cc65.worker.ts', import.meta.url), { type: 'module', name: 'cc65' })
}

type Pending = (outcome: Cc65Outcome) => void

export class Cc65Client {
  private worker: WorkerLike | undefined
  private ready: Promise<true | string> | undefined
  private nextId = 1
  private readonly pending = new Map<number, Pending>()

  constructor(
    private readonly createWorker: () => WorkerLike = createCc65Worker,
    private readonly limitMs = BUILD_LIMIT_MS,
  ) {}

  /** Starts the worker (idempotent): true once the toolchain runs, or why it cannot load. */
  load(): Promise<true | string> {
    this.ready ??= new Promise((resolve) => {
      let worker: WorkerLike
      try {
        worker = this.createWorker()
      } catch (error) {
        resolve(`${LOAD_FAILED_MESSAGE}: ${String(error)}`)
        return
      }
      this.worker = worker
      const timer = setTimeout(
        () => this.drop(`${LOAD_FAILED_MESSAGE} in time`, resolve),
        LOAD_LIMIT_MS,
      )
      worker.addEventListener('error', () => {
        clearTimeout(timer)
        this.drop(`${LOAD_FAILED_MESSAGE}: its worker stopped`, resolve)
      })
      worker.addEventListener('message', (event: MessageEvent) => {
        const data: unknown = event.data
        if (!isCc65Response(data)) return
        if (data.type === 'ready') {
          clearTimeout(timer)
          resolve(true)
        } else if (data.type === 'load-failed') {
          clearTimeout(timer)
          this.drop(data.message, resolve)
        } else if (data.type === 'result') this.settle(data.id, { kind: 'result', result: data })
        else this.settle(data.id, { kind: 'failure', message: data.message })
      })
    })
    return this.ready
  }

  /** Builds in the worker. Always resolves; a build past the limit comes back as 'timeout'. */
  async build(request: Omit<Cc65BuildRequest, 'type' | 'id'>): Promise<Cc65Outcome> {
    const loaded = await this.load()
    if (loaded !== true || !this.worker)
      return { kind: 'load-failed', message: loaded === true ? LOAD_FAILED_MESSAGE : loaded }
    const id = this.nextId
    this.nextId += 1
    const worker = this.worker
    return new Promise<Cc65Outcome>((resolve) => {
      const timer = setTimeout(() => {
        if (this.worker === worker) this.drop(TIMEOUT_MESSAGE, undefined, 'timeout')
      }, this.limitMs)
      this.pending.set(id, (outcome) => {
        clearTimeout(timer)
        resolve(outcome)
      })
      worker.postMessage({ type: 'build', id, ...request } satisfies Cc65BuildRequest)
    })
  }

  dispose(): void {
    this.drop(LOAD_FAILED_MESSAGE, undefined, 'load-failed')
  }

  private settle(id: number, outcome: Cc65Outcome): void {
    const resolve = this.pending.get(id)
    if (!resolve) return
    this.pending.delete(id)
    resolve(outcome)
  }

  /** Stops the worker and answers every pending build; the next build starts a new worker. */
  private drop(
    message: string,
    resolveLoad?: (result: string) => void,
    kind: 'load-failed' | 'timeout' = 'load-failed',
  ): void {
    this.worker?.terminate()
    this.worker = undefined
    this.ready = undefined
    for (const resolve of this.pending.values()) resolve({ kind, message })
    this.pending.clear()
    resolveLoad?.(message)
  }
}
