import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmulatorError } from '../types'
import { DebugClient } from './debug-client'
import type { DebugWorkerLike } from './debug-client'
import type { DebugRequest } from './debug-protocol'
import { DebugSession } from './debug-session'
import { buildTestProgram } from './test-program'

/** A worker that runs the real DebugSession in this thread, with messages delivered asynchronously. */
function inThreadWorker(): DebugWorkerLike & { received: unknown[] } {
  const listeners: ((event: MessageEvent) => void)[] = []
  const received: unknown[] = []
  const session = new DebugSession((message) => {
    setTimeout(() => listeners.forEach((l) => l({ data: message } as MessageEvent)), 0)
  })
  return {
    received,
    postMessage(message: DebugRequest) {
      received.push(message)
      setTimeout(() => session.handle(structuredClone(message)), 0)
    },
    addEventListener(type: string, listener: (event: MessageEvent) => void) {
      if (type === 'message') listeners.push(listener)
    },
    terminate() {},
  }
}

describe('DebugClient + DebugSession', () => {
  it('loads, stops on a breakpoint, reads memory and the PPU, and draws frames', async () => {
    const program = buildTestProgram()
    const frames: number[] = []
    const client = new DebugClient((_, frame) => frames.push(frame), inThreadWorker)
    const loaded = await client.load(program.rom)
    expect(loaded.registers.pc).toBe(program.labels.get('RESET'))
    client.setLineMap(program.lineMap)
    client.setBreakpoints([program.labels.get('Bump')!])
    expect((await client.continue()).registers.pc).toBe(program.labels.get('Bump'))
    expect((await client.stepLine(true)).registers.pc).toBe(program.lineAddress('sub.asm', 4))
    const out = await client.stepOut()
    expect(program.lineAt(out.registers.pc)).toBe('main.asm:20')
    await client.writeMemory(0x0200, new Uint8Array([7]))
    expect(await client.readMemory(0x0200, 1)).toEqual(new Uint8Array([7]))
    client.setBreakpoints([])
    expect((await client.runFrames(2)).reason.kind).toBe('frames')
    expect(frames.length).toBeGreaterThan(0)
    expect((await client.ppuState()).palette.length).toBe(32)
    const { registers } = await client.runFrames(1)
    const picture = await client.picture()
    expect(picture.frame).toBe(registers.frame)
    expect(picture.pixels.length).toBe(256 * 240 * 4)
    client.dispose()
  })

  it('pauses a program that never reaches its breakpoint', async () => {
    const program = buildTestProgram()
    const client = new DebugClient(() => {}, inThreadWorker)
    await client.load(program.rom)
    client.setBreakpoints([0x8000]) // no code there
    const running = client.continue()
    await new Promise((r) => setTimeout(r, 50))
    client.pause()
    const stop = await running
    expect(stop.reason.kind).toBe('pause')
    expect(stop.registers.frame).toBeGreaterThan(0)
    client.dispose()
  })

  it('rejects an unsupported mapper with its message and code', async () => {
    const client = new DebugClient(() => {}, inThreadWorker)
    const error = await client.load(buildTestProgram(30).rom).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmulatorError)
    expect((error as EmulatorError).code).toBe('UnsupportedMapper')
    expect((error as EmulatorError).message).toBe(
      'Debugging is not available for mapper 30; Run still works',
    )
    await expect(client.continue()).rejects.toThrow('No ROM is loaded for debugging')
    client.dispose()
    await expect(client.readMemory(0, 1)).rejects.toThrow('Debugging stopped')
  })

  it('answers a malformed request with a failure, not an exception', () => {
    const posted: unknown[] = []
    const session = new DebugSession((m) => posted.push(m))
    session.handle({ type: 'run', id: 4, mode: { kind: 'fly' } })
    session.handle({ type: 'nonsense' })
    expect(posted).toEqual([
      { type: 'failure', id: 4, code: 'Failed', message: 'Malformed request to the debug worker' },
    ])
  })

  describe('a worker whose script fails to load', () => {
    afterEach(() => vi.restoreAllMocks())

    function failingWorker(): DebugWorkerLike {
      const onError: ((event: Event) => void)[] = []
      return {
        postMessage: () => setTimeout(() => onError.forEach((l) => l(new Event('error'))), 0),
        addEventListener(type: string, listener: (event: never) => void) {
          if (type === 'error') onError.push(listener as (event: Event) => void)
        },
        terminate() {},
      }
    }

    it('says the debugger is not available offline when offline', async () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
      const client = new DebugClient(() => {}, failingWorker)
      await expect(client.load(buildTestProgram().rom)).rejects.toThrow(
        /not available offline.*Run still works/,
      )
    })

    it('says the engine stopped working when online', async () => {
      const client = new DebugClient(() => {}, failingWorker)
      await expect(client.load(buildTestProgram().rom)).rejects.toThrow(
        'The debug engine stopped working',
      )
    })
  })
})
