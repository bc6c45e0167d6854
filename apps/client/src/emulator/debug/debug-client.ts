// The page's side of the debug worker: implements Debuggable by pairing answers with requests by id. Pictures
// go to `onFrame`; a worker that dies rejects every pending request instead of leaving it hanging.
import { EmulatorError } from '../types'
import type { Breakpoint, Debuggable, DebugStop, NesButton, PpuState, Watchpoint } from '../types'
import type { RunMode } from './debug-engine'
import { isDebugResponse } from './debug-protocol'
import type { DebugRequest, DebugResponse } from './debug-protocol'

/** The part of Worker the client needs (tests pass a fake that runs DebugSession in the same thread). */
export interface DebugWorkerLike {
  postMessage(message: DebugRequest, transfer?: Transferable[]): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  addEventListener(type: 'error', listener: (event: Event) => void): void
  terminate(): void
}

export function createDebugWorker(): DebugWorkerLike {
  return new Worker(new URL('./debug.worker.ts', import.meta.url), {
    type: 'module',
    name: 'nes-debug',
  })
}

/** jsnes's controller numbering. */
const JSNES_BUTTON: Record<NesButton, number> = {
  a: 0,
  b: 1,
  select: 2,
  start: 3,
  up: 4,
  down: 5,
  left: 6,
  right: 7,
}

type Pending = { resolve: (answer: DebugResponse) => void; reject: (error: Error) => void }

export class DebugClient implements Debuggable {
  private readonly worker: DebugWorkerLike
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  private dead: Error | null = null

  constructor(
    private readonly onFrame: (pixels: Uint8ClampedArray, frame: number) => void,
    createWorker: () => DebugWorkerLike = createDebugWorker,
  ) {
    this.worker = createWorker()
    this.worker.addEventListener('message', (event: MessageEvent) => this.receive(event.data))
    this.worker.addEventListener('error', () =>
      this.fail(
        new EmulatorError(
          'WasmLoadFailed',
          // Offline, the worker's script most likely could not be fetched (not saved on this device yet).
          navigator.onLine
            ? 'The debug engine stopped working'
            : 'The debugger is not available offline on this device yet: use it once online, then it works offline; Run still works',
        ),
      ),
    )
  }

  async load(rom: Uint8Array): Promise<DebugStop> {
    const answer = await this.request({ type: 'load', id: this.id(), rom: rom.slice() })
    return this.stopOf(answer)
  }

  setBreakpoints(breakpoints: readonly (number | Breakpoint)[]): void {
    const list = breakpoints.map((b) =>
      typeof b === 'number'
        ? { address: b }
        : { address: b.address, ...(b.code ? { code: b.code.slice() } : {}) },
    )
    this.send({ type: 'breakpoints', breakpoints: list })
  }

  setWatchpoints(watchpoints: readonly Watchpoint[]): void {
    this.send({ type: 'watchpoints', watchpoints: watchpoints.map((w) => ({ ...w })) })
  }

  setLineMap(lines: Int32Array): void {
    this.send({ type: 'lines', lines: lines.slice() })
  }

  continue(): Promise<DebugStop> {
    return this.run({ kind: 'continue' })
  }

  stepInstruction(): Promise<DebugStop> {
    return this.run({ kind: 'instruction' })
  }

  stepLine(over: boolean): Promise<DebugStop> {
    return this.run({ kind: 'line', over })
  }

  stepOut(): Promise<DebugStop> {
    return this.run({ kind: 'out' })
  }

  runFrames(count: number): Promise<DebugStop> {
    if (!Number.isInteger(count) || count < 1)
      return Promise.reject(new RangeError('Frames to run must be a whole number ≥ 1'))
    return this.run({ kind: 'frames', count })
  }

  runTo(address: number): Promise<DebugStop> {
    if (!Number.isInteger(address) || address < 0 || address > 0xffff)
      return Promise.reject(new RangeError('An address is 0-$FFFF'))
    return this.run({ kind: 'to', address })
  }

  pause(): void {
    this.send({ type: 'pause' })
  }

  setButton(button: NesButton, down: boolean): void {
    this.send({ type: 'button', button: JSNES_BUTTON[button], down })
  }

  async readMemory(address: number, length: number): Promise<Uint8Array> {
    const answer = await this.request({ type: 'read', id: this.id(), address, length })
    if (answer.type !== 'memory') throw this.unexpected(answer)
    return answer.bytes
  }

  async writeMemory(address: number, bytes: Uint8Array): Promise<void> {
    const answer = await this.request({
      type: 'write',
      id: this.id(),
      address,
      bytes: bytes.slice(),
    })
    if (answer.type !== 'done') throw this.unexpected(answer)
  }

  async ppuState(): Promise<PpuState> {
    const answer = await this.request({ type: 'ppu', id: this.id() })
    if (answer.type !== 'ppu') throw this.unexpected(answer)
    return answer.state
  }

  async picture(): Promise<{ pixels: Uint8ClampedArray; frame: number }> {
    const answer = await this.request({ type: 'picture', id: this.id() })
    if (answer.type !== 'picture') throw this.unexpected(answer)
    return { pixels: answer.pixels, frame: answer.frame }
  }

  dispose(): void {
    this.worker.terminate()
    this.fail(new EmulatorError('Stopped', 'Debugging stopped'))
  }

  private async run(mode: RunMode): Promise<DebugStop> {
    return this.stopOf(await this.request({ type: 'run', id: this.id(), mode }))
  }

  private stopOf(answer: DebugResponse): DebugStop {
    if (answer.type === 'loaded' || answer.type === 'stopped') return answer.stop
    throw this.unexpected(answer)
  }

  private unexpected(answer: DebugResponse): Error {
    return new Error(`Unexpected answer from the debug worker: ${answer.type}`)
  }

  private id(): number {
    const id = this.nextId
    this.nextId += 1
    return id
  }

  private send(request: DebugRequest): void {
    if (this.dead === null) this.worker.postMessage(request)
  }

  private request(request: DebugRequest & { id: number }): Promise<DebugResponse> {
    if (this.dead !== null) return Promise.reject(this.dead)
    return new Promise<DebugResponse>((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject })
      this.worker.postMessage(request)
    })
  }

  private receive(data: unknown): void {
    if (!isDebugResponse(data)) return
    if (data.type === 'frame') {
      this.onFrame(data.pixels, data.frame)
      return
    }
    const entry = this.pending.get(data.id)
    if (!entry) return
    this.pending.delete(data.id)
    if (data.type === 'failure') {
      const code = data.code === 'Failed' ? null : data.code
      entry.reject(code ? new EmulatorError(code, data.message) : new Error(data.message))
    } else entry.resolve(data)
  }

  private fail(error: Error): void {
    this.dead = error
    for (const entry of this.pending.values()) entry.reject(error)
    this.pending.clear()
  }
}
