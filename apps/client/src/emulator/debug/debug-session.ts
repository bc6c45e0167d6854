// The worker side of debugging: owns one DebugEngine, answers requests, and runs the engine in slices of a few
// milliseconds so a Pause (or any request) is read between them. Continue runs at the console's speed
// (60.1 frames/s); steps and frame runs go as fast as they can. DOM-free, so Node tests drive it directly.
import { EmulatorError } from '../types'
import type { DebugStop } from '../types'
import { DebugEngine } from './debug-engine'
import type { RunMode } from './debug-engine'
import { isDebugRequest, requestIdOf } from './debug-protocol'
import type { DebugRequest, DebugResponse } from './debug-protocol'

const SLICE_MS = 8
const INSTRUCTIONS_PER_CHECK = 2_000
const FRAME_MS = 1000 / 60.0988
const PICTURE_MS = 16

export type Post = (message: DebugResponse, transfer?: Transferable[]) => void

export class DebugSession {
  private engine: DebugEngine | null = null
  private runId = -1
  private paced = false
  private runStartedAt = 0
  private runStartFrame = 0
  private lastPictureAt = 0
  private lastPictureFrame = -1
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly post: Post,
    private readonly now: () => number = () => performance.now(),
  ) {}

  handle(message: unknown): void {
    if (!isDebugRequest(message)) {
      const id = requestIdOf(message)
      if (id >= 0)
        this.post({
          type: 'failure',
          id,
          code: 'Failed',
          message: 'Malformed request to the debug worker',
        })
      return
    }
    try {
      this.dispatch(message)
    } catch (error) {
      const id = requestIdOf(message)
      const code = error instanceof EmulatorError ? error.code : 'Failed'
      const text = error instanceof Error ? error.message : String(error)
      if (id >= 0) this.post({ type: 'failure', id, code, message: text })
    }
  }

  private dispatch(request: DebugRequest): void {
    if (request.type === 'load') {
      this.finishRun(null)
      this.engine = null
      const engine = new DebugEngine(request.rom)
      this.engine = engine
      this.post({ type: 'loaded', id: request.id, stop: engine.pause() })
      return
    }
    const engine = this.engine
    if (engine === null) {
      const id = requestIdOf(request)
      if (id >= 0)
        this.post({
          type: 'failure',
          id,
          code: 'NotRunning',
          message: 'No ROM is loaded for debugging',
        })
      return
    }
    switch (request.type) {
      case 'run':
        return this.startRun(engine, request.id, request.mode)
      case 'pause':
        if (engine.isRunning()) this.finishRun(engine.pause())
        return
      case 'breakpoints':
        return engine.setBreakpoints(request.breakpoints)
      case 'watchpoints':
        return engine.setWatchpoints(request.watchpoints)
      case 'lines':
        return engine.setLineMap(request.lines)
      case 'button':
        return engine.setButton(request.button, request.down)
      case 'read':
        return this.post({
          type: 'memory',
          id: request.id,
          bytes: engine.readMemory(request.address, request.length),
        })
      case 'write':
        engine.writeMemory(request.address, request.bytes)
        return this.post({ type: 'done', id: request.id })
      case 'ppu':
        return this.post({ type: 'ppu', id: request.id, state: engine.ppuState() })
      case 'picture': {
        const pixels = engine.pictureRgba() ?? new Uint8ClampedArray(256 * 240 * 4)
        const answer = { type: 'picture', id: request.id, pixels, frame: engine.frames } as const
        return this.post(answer, [pixels.buffer])
      }
    }
  }

  private startRun(engine: DebugEngine, id: number, mode: RunMode): void {
    if (engine.isRunning()) this.finishRun(engine.pause())
    this.runId = id
    this.paced = mode.kind === 'continue'
    this.runStartedAt = this.now()
    this.runStartFrame = engine.frames
    engine.start(mode)
    this.schedule(0)
  }

  private schedule(delayMs: number): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      this.runSlice()
    }, delayMs)
  }

  private runSlice(): void {
    const engine = this.engine
    if (engine === null || !engine.isRunning()) return
    const started = this.now()
    while (this.now() - started < SLICE_MS) {
      if (this.paced && this.aheadOfTime(engine)) break
      const stop = engine.slice(INSTRUCTIONS_PER_CHECK)
      if (stop !== null) {
        this.finishRun(stop)
        return
      }
    }
    this.postPicture(engine, false)
    this.schedule(this.paced && this.aheadOfTime(engine) ? 4 : 0)
  }

  private aheadOfTime(engine: DebugEngine): boolean {
    return (engine.frames - this.runStartFrame) * FRAME_MS > this.now() - this.runStartedAt
  }

  private finishRun(stop: DebugStop | null): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
    if (this.runId >= 0 && stop !== null) this.post({ type: 'stopped', id: this.runId, stop })
    this.runId = -1
    if (this.engine) this.postPicture(this.engine, true)
  }

  private postPicture(engine: DebugEngine, always: boolean): void {
    const now = this.now()
    if (engine.frames === this.lastPictureFrame) return
    if (!always && now - this.lastPictureAt < PICTURE_MS) return
    const pixels = engine.pictureRgba()
    if (pixels === null) return
    this.lastPictureAt = now
    this.lastPictureFrame = engine.frames
    this.post({ type: 'frame', pixels, frame: engine.frames }, [pixels.buffer])
  }
}
