import { describe, expect, it } from 'vitest'
import { createFrameStepper } from './frame-step'
import type { EjsGameManager } from './ejs-globals'

const GL_RGB = 0x1907
const GL_UNSIGNED_SHORT_5_6_5 = 0x8363

/** A window with Emscripten's main loop as fceumm's build has it: a runner named MainLoop_runner that runs one frame. */
function fakeCore(framesPerIteration = 1) {
  const scheduled: (() => void)[] = []
  class FakeGl {
    uploads = 0
    texSubImage2D(..._args: unknown[]) {
      this.uploads += 1
    }
  }
  const win = {
    requestAnimationFrame: (callback: () => void) => scheduled.push(callback),
    setTimeout: (callback: () => void) => scheduled.push(callback),
    WebGL2RenderingContext: FakeGl,
  }
  let frame = 0
  const gl = new FakeGl()
  const manager = { getFrameNum: () => frame } as unknown as EjsGameManager
  const MainLoop = {
    runner: function MainLoop_runner() {
      for (let i = 0; i < framesPerIteration; i++) {
        frame += 1
        const pixels = new Uint16Array(256 * 224 * 3).fill(frame) // Emscripten's oversized view
        gl.texSubImage2D(0x0de1, 0, 0, 0, 256, 224, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, pixels)
      }
      win.requestAnimationFrame(MainLoop.runner)
    },
  }
  return { win, manager, scheduled, start: () => win.requestAnimationFrame(MainLoop.runner), gl }
}

describe('frame stepper', () => {
  it('leaves the main loop alone until held, then runs exactly one frame per step', async () => {
    const core = fakeCore()
    const stepper = createFrameStepper(core.win, () => core.manager)
    core.start()
    expect(core.scheduled).toHaveLength(1) // not holding: scheduled as usual
    const held = stepper.hold()
    core.scheduled.shift()!() // the browser runs the scheduled iteration; the next one is held
    await held
    expect(core.scheduled).toHaveLength(0)
    expect(core.manager.getFrameNum()).toBe(1)
    const picture = stepper.step()
    expect(picture).toMatchObject({ width: 256, height: 224, frame: 2 })
    expect(picture.rgb565.length).toBe(256 * 224)
    expect(picture.rgb565[0]).toBe(2)
    expect(stepper.step().frame).toBe(3)
    expect(core.scheduled).toHaveLength(0)
    expect(core.gl.uploads).toBe(3) // the hook passes every upload through
  })

  it('refuses an iteration that ran more than one frame, and a step with nothing held', () => {
    const core = fakeCore(2)
    const stepper = createFrameStepper(core.win, () => core.manager)
    expect(() => stepper.step()).toThrow('not held')
    void stepper.hold()
    core.start()
    expect(() => stepper.step()).toThrow('fceumm ran 2 frames in one step instead of 1')
  })

  it('holds a running game for online play, steps it without keeping pictures, and lets it run again', async () => {
    const core = fakeCore()
    const stepper = createFrameStepper(core.win, () => core.manager)
    core.start()
    const held = stepper.hold()
    core.scheduled.shift()!()
    await held
    stepper.stepOnly()
    stepper.stepOnly()
    expect(core.manager.getFrameNum()).toBe(3)
    expect(core.scheduled).toHaveLength(0)
    stepper.release()
    expect(stepper.isHeld()).toBe(false)
    // The held iteration is scheduled as the browser would, and the loop goes on by itself.
    expect(core.scheduled).toHaveLength(1)
    core.scheduled.shift()!()
    expect(core.manager.getFrameNum()).toBe(4)
    expect(core.scheduled).toHaveLength(1)
  })

  it("tells the core of its canvas's new size only before the next frame while the game is held", async () => {
    // The core's ResizeObserver sets the canvas's size, which clears the picture: held, nothing would draw it again.
    const heard: string[] = []
    let observe: ((entries: unknown[], observer: unknown) => void) | undefined
    class BrowserResizeObserver {
      constructor(callback: (entries: unknown[], observer: unknown) => void) {
        observe = (entries) => callback(entries, this)
      }
    }
    const core = fakeCore()
    const win = Object.assign(core.win, { ResizeObserver: BrowserResizeObserver })
    const stepper = createFrameStepper(win, () => core.manager)
    const Made = win.ResizeObserver as unknown as new (cb: (entries: unknown[]) => void) => object
    new Made((entries) =>
      heard.push(`${String(entries[0])} at frame ${core.manager.getFrameNum()}`),
    )
    core.start()
    observe!(['375x667'], undefined) // running: at once
    const held = stepper.hold()
    core.scheduled.shift()!()
    await held
    observe!(['600x300'], undefined)
    observe!(['844x390'], undefined)
    expect(heard).toEqual(['375x667 at frame 0'])
    stepper.stepOnly()
    expect(heard).toEqual(['375x667 at frame 0', '844x390 at frame 1'])
    observe!(['375x667'], undefined)
    stepper.release()
    expect(heard.at(-1)).toBe('375x667 at frame 2')
  })
})
