// What bench/netplay/press-picture.ts records in each Chromium page of a room: every emulated frame with the
// time it ran and the colour of one pixel in each half of the picture the core drew in it (the two-pad ROM
// paints the left half by controller 1's last button, the right half by controller 2's), the keys pressed,
// and the page's animation frames (to tell a frame the room held back from a page too busy to draw).
// Times are performance.timeOrigin + performance.now(), one clock for every page of the browser.
import type { Page } from 'playwright-core'

/**
 * One emulated frame: when it ran (ms), a pixel (RGB565) of the left and of the right half of its picture,
 * and the buttons of controllers 1 and 2 the core had for it (one bit per libretro button id).
 */
export type StepRecord = [at: number, left: number, right: number, pad1: number, pad2: number]

export interface PageRecord {
  steps: StepRecord[]
  /** When a key went down on the page (ms). */
  keys: number[]
  /** When the page's animation frames ran (ms). */
  ticks: number[]
  /** The page's pad as it sent it to the room: when (ms), and whether any button was down. */
  sends: [at: number, pressed: boolean][]
}

interface Probe {
  steps: StepRecord[]
  keys: number[]
  ticks: number[]
  sends: [number, boolean][]
}

/**
 * Installs the recorders: in the game's iframe, a wrap of the frame API's stepOnly (each frame online play
 * runs) and of WebGL's texSubImage2D (the core's picture of the frame, RGB565, as frame-step.ts reads it);
 * in the page, a keydown listener and an animation-frame loop. Recording starts empty.
 */
export async function installProbe(page: Page): Promise<void> {
  const frame = page
    .frames()
    .find((f) => f !== page.mainFrame() && f.url().includes('emulator-frame'))
  if (!frame) throw new Error('No game frame on the page')
  await frame.evaluate(() => {
    // (evaluated in the frame: its globals, WebGL included, are the frame's)
    type Api = { stepOnly(): void; setButton(id: number, down: boolean, player: number): void }
    const win = window as unknown as { nesProbe?: Probe; nesFrame?: Api }
    const api = win.nesFrame
    if (!api) throw new Error('The game frame has no API')
    const probe: Probe = { steps: [], keys: [], ticks: [], sends: [] }
    win.nesProbe = probe
    const pixels = [0, 0]
    const GL_RGB = 0x1907
    const GL_UNSIGNED_SHORT_5_6_5 = 0x8363
    for (const gl of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const proto = gl.prototype as unknown as { texSubImage2D: (...args: unknown[]) => void }
      const upload = proto.texSubImage2D
      proto.texSubImage2D = function (this: unknown, ...args: unknown[]) {
        const [, , , , width, height, format, type, data, offset] = args
        if (format === GL_RGB && type === GL_UNSIGNED_SHORT_5_6_5 && data instanceof Uint16Array) {
          const w = Number(width)
          const row = (typeof offset === 'number' ? offset : 0) + Math.floor(Number(height) / 2) * w
          pixels[0] = data[row + Math.floor(w / 4)] ?? 0
          pixels[1] = data[row + Math.floor((3 * w) / 4)] ?? 0
        }
        return upload.apply(this, args)
      }
    }
    const pads = [0, 0]
    const setButton = api.setButton.bind(api)
    api.setButton = (id, down, player) => {
      pads[player] = down ? pads[player]! | (1 << id) : pads[player]! & ~(1 << id)
      setButton(id, down, player)
    }
    const stepOnly = api.stepOnly.bind(api)
    api.stepOnly = () => {
      stepOnly()
      const at = performance.timeOrigin + performance.now()
      probe.steps.push([at, pixels[0]!, pixels[1]!, pads[0]!, pads[1]!])
    }
  })
  await page.evaluate(() => {
    const win = window as unknown as Window & { nesProbe?: Probe }
    const probe: Probe = { steps: [], keys: [], ticks: [], sends: [] }
    win.nesProbe = probe
    const now = () => performance.timeOrigin + performance.now()
    addEventListener(
      'keydown',
      (event) => {
        if (!event.repeat) probe.keys.push(now())
      },
      { capture: true },
    )
    // The room connection's `input` messages ({ t: 'input', f, p: [pad, …] }, JSON text).
    const send = WebSocket.prototype.send
    WebSocket.prototype.send = function (this: WebSocket, data) {
      if (typeof data === 'string' && data.startsWith('{"t":"input"')) {
        const pads = (JSON.parse(data) as { p: number[] }).p
        probe.sends.push([now(), pads.some((pad) => pad !== 0)])
      }
      send.call(this, data)
    }
    const tick = () => {
      probe.ticks.push(now())
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

/** Empties what the probe recorded so far (the run starts now). */
export async function clearProbe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    await frame.evaluate(() => {
      const probe = (window as unknown as { nesProbe?: Probe }).nesProbe
      if (probe) {
        for (const list of [probe.steps, probe.keys, probe.ticks, probe.sends]) list.length = 0
      }
    })
  }
}

/** What the probe recorded in the page and in its game frame. */
export async function readProbe(page: Page): Promise<PageRecord> {
  const record: PageRecord = { steps: [], keys: [], ticks: [], sends: [] }
  for (const frame of page.frames()) {
    const probe = await frame.evaluate(() => (window as unknown as { nesProbe?: Probe }).nesProbe)
    if (!probe) continue
    record.steps.push(...probe.steps)
    record.keys.push(...probe.keys)
    record.ticks.push(...probe.ticks)
    record.sends.push(...probe.sends)
  }
  return record
}
