import { describe, expect, it } from 'vitest'
import { AssemblerClient, LOAD_FAILED_MESSAGE } from './assembler-client'
import type { WorkerLike } from './assembler-client'
import { isAssembleRequest } from './worker-protocol'

/** A fake worker that answers like assembler.worker.ts, or fails to load. */
class FakeWorker implements WorkerLike {
  private readonly listeners: {
    message: ((e: MessageEvent) => void)[]
    error: ((e: Event) => void)[]
  } = {
    message: [],
    error: [],
  }
  terminated = false
  constructor(private readonly mode: 'ok' | 'broken' | 'crash') {
    queueMicrotask(() => (mode === 'broken' ? this.emitError() : this.emit({ type: 'ready' })))
  }
  addEventListener(type: 'message' | 'error', listener: (e: never) => void): void {
    this.listeners[type].push(listener as never)
  }
  postMessage(message: unknown): void {
    if (!isAssembleRequest(message)) throw new Error('bad request')
    const { id } = message
    queueMicrotask(() =>
      this.emit(
        this.mode === 'crash'
          ? { type: 'failure', id, message: 'Assembler crashed: x' }
          : {
              type: 'result',
              id,
              elapsedMs: 2,
              result: {
                ok: true,
                rom: Uint8Array.of(id),
                stdout: '',
                diagnostics: [],
                assembledBytes: 1,
              },
            },
      ),
    )
  }
  terminate(): void {
    this.terminated = true
  }
  private emit(data: unknown) {
    for (const l of this.listeners.message) l(new MessageEvent('message', { data }))
  }
  private emitError() {
    for (const l of this.listeners.error) l(new Event('error'))
  }
}

const input = { files: { 'main.asm': Uint8Array.of(0x20) }, main: 'main.asm' }

describe('AssemblerClient', () => {
  it('pairs concurrent answers with their requests and loads the worker once', async () => {
    let created = 0
    const client = new AssemblerClient(() => {
      created += 1
      return new FakeWorker('ok')
    })
    const [a, b] = await Promise.all([client.assemble(input), client.assemble(input)])
    expect(created).toBe(1)
    expect(a.kind === 'result' && [...(a.result.ok ? a.result.rom : [])]).toEqual([1])
    expect(b.kind === 'result' && [...(b.result.ok ? b.result.rom : [])]).toEqual([2])
  })

  it('reports a worker that cannot load, and retries on the next compile', async () => {
    const modes: ('broken' | 'ok')[] = ['broken', 'ok']
    const client = new AssemblerClient(() => new FakeWorker(modes.shift() ?? 'ok'))
    expect(await client.assemble(input)).toEqual({
      kind: 'load-failed',
      message: LOAD_FAILED_MESSAGE,
    })
    expect((await client.assemble(input)).kind).toBe('result')
  })

  it('reports a worker whose constructor throws', async () => {
    const client = new AssemblerClient(() => {
      throw new Error('no workers here')
    })
    expect((await client.assemble(input)).kind).toBe('load-failed')
  })

  it('passes a worker-side failure through', async () => {
    const client = new AssemblerClient(() => new FakeWorker('crash'))
    expect(await client.assemble(input)).toEqual({
      kind: 'failure',
      message: 'Assembler crashed: x',
    })
  })
})
