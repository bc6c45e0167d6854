// An init script (every frame of a page, before its own scripts) that notes when a WebGL canvas first
// shows a picture: right after each animation-frame callback (the emulator draws in one), it reads the
// centre pixel of every WebGL canvas's drawing buffer, before the buffer is presented and cleared. It
// notes the first lit frame (EmulatorJS's grey power-on picture is lit too) and the first frame whose
// centre is the game's own colour. Times are epoch ms (performance.timeOrigin + now), comparable across
// the page and its iframes. The same script runs on our page and the stock one.

export interface PictureTimes {
  /** First frame whose centre is not black (power-on grey or the game). */
  firstLit: number
  /** First frame whose centre is the game's colour. */
  picture: number
}

declare global {
  interface Window {
    __pictureTimes?: PictureTimes
  }
}

/** Runs in the browser: `rgb` is the game's colour, matched within `tolerance` per channel. */
export function installPictureProbe({
  rgb,
  tolerance,
}: {
  rgb: readonly number[]
  tolerance: number
}): void {
  const times: PictureTimes = { firstLit: 0, picture: 0 }
  window.__pictureTimes = times
  const contexts: (WebGLRenderingContext | WebGL2RenderingContext)[] = []
  const getContext = HTMLCanvasElement.prototype.getContext
  HTMLCanvasElement.prototype.getContext = function (
    this: HTMLCanvasElement,
    ...args: Parameters<HTMLCanvasElement['getContext']>
  ) {
    const context = (getContext as (...a: unknown[]) => RenderingContext | null).apply(this, args)
    const isGl =
      context instanceof WebGLRenderingContext ||
      (typeof WebGL2RenderingContext !== 'undefined' && context instanceof WebGL2RenderingContext)
    if (isGl && !contexts.includes(context)) contexts.push(context)
    return context
  } as HTMLCanvasElement['getContext']
  const pixel = new Uint8Array(4)
  const readCentre = (gl: WebGLRenderingContext | WebGL2RenderingContext) => {
    const isGl2 =
      typeof WebGL2RenderingContext !== 'undefined' && gl instanceof WebGL2RenderingContext
    const target = isGl2 ? gl.READ_FRAMEBUFFER : gl.FRAMEBUFFER
    const binding = isGl2 ? gl.READ_FRAMEBUFFER_BINDING : gl.FRAMEBUFFER_BINDING
    const previous = gl.getParameter(binding) as WebGLFramebuffer | null
    if (previous) gl.bindFramebuffer(target, null)
    gl.readPixels(
      gl.drawingBufferWidth >> 1,
      gl.drawingBufferHeight >> 1,
      1,
      1,
      gl.RGBA,
      gl.UNSIGNED_BYTE,
      pixel,
    )
    if (previous) gl.bindFramebuffer(target, previous)
  }
  const check = () => {
    for (const gl of contexts) {
      if (gl.isContextLost() || gl.drawingBufferWidth < 2 || gl.drawingBufferHeight < 2) continue
      readCentre(gl)
      const now = performance.timeOrigin + performance.now()
      const [r = 0, g = 0, b = 0] = pixel
      if (!times.firstLit && r + g + b > 90) times.firstLit = now
      const isGame =
        Math.abs(r - (rgb[0] ?? 0)) <= tolerance &&
        Math.abs(g - (rgb[1] ?? 0)) <= tolerance &&
        Math.abs(b - (rgb[2] ?? 0)) <= tolerance
      if (isGame) {
        times.picture = now
        if (!times.firstLit) times.firstLit = now
      }
    }
  }
  const requestFrame = window.requestAnimationFrame.bind(window)
  window.requestAnimationFrame = (callback: FrameRequestCallback) =>
    requestFrame((time) => {
      callback(time)
      if (!times.picture && contexts.length) check()
    })
}
