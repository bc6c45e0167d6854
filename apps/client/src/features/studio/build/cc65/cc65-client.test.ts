import { describe, expect, it } from 'vitest'
import type { WorkerLike } from '../assembler-client'
import { Cc65Client, TIMEOUT_MESSAGE } from './cc65-client'
import { isCc65BuildRequest } from './cc65-protocol'

/** Answers like cc65.worker.ts: ready (or a load failure), then a result per build unless told to hang. */
class FakeWorker implements WorkerLike {
  private readonly listeners = {
    message: [] as ((e: MessageEvent) => void)[],
    error: [] as ((e: Event) => void)[],
  }
  terminated = false
  constructor(private readonly mode: 'ok' | 'hang' | 'load-failed') {
    queueMicrotask(() =>
      this.emit(
        mode === 'load-failed'
          ? { type: 'load-failed', message: 'share.zip: HTTP 404' }
          : { type: 'ready' },
      ),
    )
  }
  addEventListener(type: 'message' | 'error', listener: (e: never) => void): void {
    this.listeners[type].push(listener as never)
  }
  postMessage(message: unknown): void {
    if (!isCc65BuildRequest(message)) throw new Error('bad request')
    if (this.mode === 'hang') return
    const { id } = message
    queueMicrotask(() =>
      this.emit({
        type: 'result',
        id,
        ok: true,
        rom: Uint8Array.of(id),
        log: '',
        diagnostics: [],
        elapsedMs: 1,
        reused: 0,
        ran: 3,
      }),
    )
  }
  terminate(): void {
    this.terminated = true
  }
  private emit(data: unknown) {
    for (const l of this.listeners.message) l(new MessageEvent('message', { data }))
  }
}

const request = { files: {}, folders: [], debug: false }

describe('Cc65Client', () => {
  it('pairs each build with its answer', async () => {
    const client = new Cc65Client(() => new FakeWorker('ok'))
    const [a, b] = await Promise.all([client.build(request), client.build(request)])
    expect(a.kind === 'result' && [...a.result.rom!]).toEqual([1])
    expect(b.kind === 'result' && [...b.result.rom!]).toEqual([2])
  })

  it('stops a build past the limit by terminating the worker; the next build starts a new one', async () => {
    const workers: FakeWorker[] = []
    const modes: ('hang' | 'ok')[] = ['hang', 'ok']
    const client = new Cc65Client(() => {
      const worker = new FakeWorker(modes.shift() ?? 'ok')
      workers.push(worker)
      return worker
    }, 50)
    expect(await client.build(request)).toEqual({ kind: 'timeout', message: TIMEOUT_MESSAGE })
    expect(workers[0]!.terminated).toBe(true)
    const next = await client.build(request)
    expect(next.kind).toBe('result')
    expect(workers).toHaveLength(2)
  })

  it('says why the toolchain did not load', async () => {
    const client = new Cc65Client(() => new FakeWorker('load-failed'))
    expect(await client.load()).toBe('share.zip: HTTP 404')
    expect(await client.build(request)).toEqual({
      kind: 'load-failed',
      message: 'share.zip: HTTP 404',
    })
  })
})
