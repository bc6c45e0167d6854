// While the game is held between frames (online play, a paused step), the core must not hear that its
// canvas changed size: RetroArch's ResizeObserver (PlatformEmscriptenWatchCanvasSizeAndDpr in the core's
// JS) sets the canvas's size at once, which clears its picture, and nothing draws it again until a frame
// runs, so a phone turned while a room was paused showed a black screen until play resumed. Held, the
// canvas keeps its picture (scaled to the new box by CSS), and the core hears the newest size just before
// the next frame runs, which then draws at that size.

type ResizeCallback = (entries: unknown[], observer: unknown) => void
type ResizeObserverClass = new (callback: ResizeCallback) => object

export interface ResizeWindow {
  ResizeObserver?: ResizeObserverClass
}

/**
 * Replaces the window's ResizeObserver (before the core makes its own) with one that holds back
 * callbacks while `isHeld()`; `flush` delivers what was held back, the newest per observer.
 */
export function holdResizesWhileHeld(win: ResizeWindow, isHeld: () => boolean): { flush(): void } {
  const pending = new Map<unknown, () => void>()
  const Original = win.ResizeObserver
  if (Original) {
    win.ResizeObserver = class extends Original {
      constructor(callback: ResizeCallback) {
        super((entries, observer) => {
          if (!isHeld()) return callback(entries, observer)
          pending.set(observer, () => callback(entries, observer))
        })
      }
    }
  }
  return {
    flush() {
      const calls = [...pending.values()]
      pending.clear()
      for (const call of calls) call()
    },
  }
}
