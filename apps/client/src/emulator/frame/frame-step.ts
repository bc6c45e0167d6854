// Frame-exact stepping of fceumm inside EmulatorJS 4.2.3, and the picture of each step.
//
// Facts (checked against the core's Emscripten code, fceumm_libretro.js in the core bundle): the main loop is
// Emscripten's `MainLoop`, not exported; each iteration is `MainLoop.runner` (a function named
// `MainLoop_runner`), which runs one RetroArch iteration (one emulated frame) and then schedules itself again
// with requestAnimationFrame (or setTimeout in the timer mode). toggleMainLoop(0) can only stop it between
// frames, and a "resume, wait one animation frame, pause" step depends on callback order. Here the frame holds
// the runner instead of letting it be scheduled and calls it itself: one call = one iteration, synchronously, and
// the step checks the core's frame counter moved by exactly one.
//
// The picture: READ_CORE_MEMORY and screenshot() need the loop running, and the canvas is scaled. The core hands
// RetroArch each frame as 256x224 RGB565 (overscan rows cropped), uploaded with texSubImage2D: the upload made
// during the step is the frame's exact picture.
import type { EjsGameManager } from './ejs-globals'
import type { BaseFrameApi, FrameApi } from './frame-api'
import { holdResizesWhileHeld } from './held-resize'
import type { ResizeWindow } from './held-resize'

/** One emulated frame as the core drew it: `width` × `height` RGB565 pixels, row by row. */
export interface CorePicture {
  width: number
  height: number
  rgb565: Uint16Array
  /** The core's frame counter after this frame. */
  frame: number
}

const RUNNER_NAME = 'MainLoop_runner'
const GL_RGB = 0x1907
const GL_UNSIGNED_SHORT_5_6_5 = 0x8363

type Scheduler = (callback: (...args: never[]) => void, ...rest: unknown[]) => number

interface StepWindow extends ResizeWindow {
  requestAnimationFrame: Scheduler
  setTimeout: Scheduler
  WebGLRenderingContext?: { prototype: object }
  WebGL2RenderingContext?: { prototype: object }
}

interface Upload {
  width: number
  height: number
  pixels: Uint16Array
}

export interface FrameStepper {
  /** From now on the main loop's next iteration is held; resolves once it is (the game is then paused). */
  hold(): Promise<void>
  isHeld(): boolean
  /** Runs exactly one frame and returns its picture. Throws when nothing is held or the core did not advance one frame. */
  step(): CorePicture
  /** Runs exactly one frame without keeping its picture (online play: the canvas shows it). */
  stepOnly(): void
  /** Lets the main loop run by itself again (its held iteration is scheduled as the browser would). */
  release(): void
}

/**
 * Installs the hooks in the frame's window (once, at boot: they do nothing until `hold`). `manager` is the running
 * game's GameManager, for the frame counter.
 */
export function createFrameStepper(
  win: StepWindow,
  manager: () => EjsGameManager | undefined,
): FrameStepper {
  let holding = false
  let held: (() => void) | undefined
  let onHeld: (() => void) | undefined
  let upload: Upload | undefined
  let capture = false

  let resume: ((run: () => void) => void) | undefined
  const wrap = (name: 'requestAnimationFrame' | 'setTimeout') => {
    const original = win[name].bind(win) as Scheduler
    win[name] = ((callback: (...args: never[]) => void, ...rest: unknown[]) => {
      if (holding && typeof callback === 'function' && callback.name === RUNNER_NAME) {
        held = () => (callback as (time: number) => void)(performance.now())
        resume = (run) => original(run, ...rest)
        onHeld?.()
        return 0
      }
      return original(callback, ...rest)
    }) as Scheduler
  }
  wrap('requestAnimationFrame')
  wrap('setTimeout')
  const resizes = holdResizesWhileHeld(win, () => held !== undefined)

  /** Runs one held iteration that emulates exactly one frame (with `keepPicture`, keeps its upload). */
  const runOne = (keepPicture: boolean): number => {
    const game = manager()
    if (!held || !game) throw new Error('The game is not held at a frame boundary')
    const before = game.getFrameNum()
    resizes.flush()
    capture = keepPicture
    upload = undefined
    // An iteration that only runs Emscripten's queued blockers reschedules itself without a frame: try again.
    for (let tries = 0; tries < 8 && game.getFrameNum() === before && held; tries++) {
      const run = held
      held = undefined
      run()
    }
    capture = false
    const after = game.getFrameNum()
    if (after !== before + 1)
      throw new Error(`fceumm ran ${after - before} frames in one step instead of 1`)
    return after
  }

  for (const gl of [win.WebGLRenderingContext, win.WebGL2RenderingContext]) {
    if (!gl) continue
    const proto = gl.prototype as { texSubImage2D: (...args: unknown[]) => void }
    const original = proto.texSubImage2D
    proto.texSubImage2D = function (this: unknown, ...args: unknown[]) {
      if (capture && args.length >= 9) {
        const [, , , , width, height, format, type, data, offset] = args
        if (
          format === GL_RGB &&
          type === GL_UNSIGNED_SHORT_5_6_5 &&
          typeof width === 'number' &&
          typeof height === 'number' &&
          data instanceof Uint16Array
        ) {
          const start = typeof offset === 'number' ? offset : 0
          upload = { width, height, pixels: data.slice(start, start + width * height) }
        }
      }
      return original.apply(this, args)
    }
  }

  return {
    hold() {
      holding = true
      if (held) return Promise.resolve()
      return new Promise<void>((resolve) => {
        onHeld = () => {
          onHeld = undefined
          resolve()
        }
      })
    },
    isHeld: () => held !== undefined,
    step() {
      const after = runOne(true)
      // (set by the texSubImage2D hook during the iteration: TypeScript cannot see that)
      const picture = upload as Upload | undefined
      upload = undefined
      if (!picture) throw new Error('fceumm drew no picture for the frame')
      return { width: picture.width, height: picture.height, rgb565: picture.pixels, frame: after }
    },
    stepOnly() {
      runOne(false)
    },
    release() {
      holding = false
      onHeld = undefined
      const run = held
      held = undefined
      resizes.flush()
      if (run) resume?.(run)
    },
  }
}

/** The frame's API with startPaused and stepFrame added (one stepper for the frame's window). */
export function withFrameStepping(
  api: BaseFrameApi,
  manager: () => EjsGameManager | undefined,
): FrameApi {
  const stepper = createFrameStepper(window as unknown as StepWindow, manager)
  return {
    ...api,
    startPaused(bytes, fileName) {
      const held = stepper.hold()
      // start() settles once frames run; while held it can only fail (a bad ROM, a core that cannot load)
      const started = api.start(bytes, fileName, null)
      return Promise.race([held, started.then(() => held)])
    },
    stepFrame: () => stepper.step(),
    holdRunning: () => stepper.hold(),
    stepOnly: () => stepper.stepOnly(),
    release: () => stepper.release(),
  }
}
