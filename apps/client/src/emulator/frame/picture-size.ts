// The core draws the game at its own size and the browser scales it up. RetroArch sizes its canvas's
// backing store to the canvas's box (its ResizeObserver, PlatformEmscriptenWatchCanvasSizeAndDpr in the
// core's JS) and draws the 256×224 picture scaled to it, nearest-neighbour (video_smooth = false). In
// software WebGL (SwiftShader: no GPU, or a blocked one) every pixel of that backing store is drawn, copied
// and composited every frame: at 1280×900 the box is 457×400, 3.2 times the picture's pixels. Told that its
// canvas is 256×224, the core draws one canvas pixel per NES pixel and the compositor scales the canvas to
// its box with `image-rendering: pixelated` (frame.css), which is the same nearest-neighbour picture.
// Only a box of the picture's own shape gets this: in the 4:3 shape, or a full screen of another shape,
// RetroArch itself stretches or centres the picture inside the canvas, so it still gets the box's size.

/** The core's picture in NES pixels (overscan rows cropped), as the player's picture box assumes. */
export const CORE_PICTURE_WIDTH = 256
export const CORE_PICTURE_HEIGHT = 224

/** How far (relative) a box's shape may be from the picture's and still count as the same shape. */
const SHAPE_TOLERANCE = 0.01

interface BoxSize {
  inlineSize: number
  blockSize: number
}

/** The fields of a ResizeObserverEntry the core reads. */
export interface CanvasResizeEntry {
  target: unknown
  contentRect: { width: number; height: number }
  devicePixelContentBoxSize?: readonly BoxSize[]
}

type ResizeCallback = (entries: CanvasResizeEntry[], observer: unknown) => void
type ResizeObserverClass = new (callback: ResizeCallback) => object

export interface PictureSizeWindow {
  ResizeObserver?: ResizeObserverClass
  devicePixelRatio: number
}

/** Whether a box of `width`×`height` has the picture's shape (square NES pixels). */
export function hasPictureShape(width: number, height: number): boolean {
  if (width <= 0 || height <= 0) return false
  const ratio = width / height / (CORE_PICTURE_WIDTH / CORE_PICTURE_HEIGHT)
  return Math.abs(ratio - 1) <= SHAPE_TOLERANCE
}

/**
 * The entry the core hears for `entry`: a box of the picture's size when `entry` is a canvas of the
 * picture's shape and the picture has square pixels, else `entry` itself. The core sizes its backing store
 * to the device pixels it hears (or, in a browser without them, the CSS box times the device pixel ratio).
 */
export function entryAtPictureSize(
  entry: CanvasResizeEntry,
  devicePixelRatio: number,
  isSquarePixels: boolean,
): CanvasResizeEntry {
  const { width, height } = entry.contentRect
  if (!isSquarePixels || !hasPictureShape(width, height)) return entry
  return {
    target: entry.target,
    contentRect: {
      width: CORE_PICTURE_WIDTH / devicePixelRatio,
      height: CORE_PICTURE_HEIGHT / devicePixelRatio,
    },
    devicePixelContentBoxSize: [{ inlineSize: CORE_PICTURE_WIDTH, blockSize: CORE_PICTURE_HEIGHT }],
  }
}

/**
 * Replaces the window's ResizeObserver (before the core makes its own) with one whose callbacks hear a
 * canvas of the picture's shape at the picture's size while `isSquarePixels()`.
 */
export function drawAtPictureSize(win: PictureSizeWindow, isSquarePixels: () => boolean): void {
  const Original = win.ResizeObserver
  if (!Original) return
  win.ResizeObserver = class extends Original {
    constructor(callback: ResizeCallback) {
      super((entries, observer) => {
        const square = isSquarePixels()
        const heard = entries.map((entry) =>
          isCanvas(entry.target) ? entryAtPictureSize(entry, win.devicePixelRatio, square) : entry,
        )
        callback(heard, observer)
      })
    }
  }
}

function isCanvas(target: unknown): boolean {
  return (
    typeof target === 'object' &&
    target !== null &&
    (target as { nodeName?: unknown }).nodeName === 'CANVAS'
  )
}
