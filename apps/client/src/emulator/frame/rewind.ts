// Rewind as a ring of save states: while the game plays, a state is kept every other emulated frame (the
// last 20 s); while rewinding, one is loaded per animation frame, newest first, so the game runs backwards
// at about real-time speed and stops at the oldest state kept. RetroArch's own rewind (rewind_granularity)
// jumps about six frames per shown frame in this build, far too fast to stop where you want.
import type { EjsGameManager } from './ejs-globals'

/** Emulated frames between two kept states. */
export const REWIND_EVERY_FRAMES = 2
/** States kept: 600 × 2 frames = 20 s at 60 frames/s (≈ 8 MB of 14 KB states). */
export const REWIND_STATES = 600

export interface Rewind {
  attach(manager: Pick<EjsGameManager, 'getFrameNum' | 'getState' | 'loadState'>): void
  setRewinding(on: boolean): void
  /** States kept now. */
  size(): number
}

export function createRewind(
  nextFrame: (callback: () => void) => void = (callback) => requestAnimationFrame(callback),
): Rewind {
  const ring: Uint8Array[] = []
  let isRewinding = false
  let lastKept = -Infinity

  return {
    attach(manager) {
      const tick = () => {
        try {
          const frame = manager.getFrameNum()
          if (isRewinding) {
            const state = ring.pop()
            if (state) manager.loadState(state)
            lastKept = frame
          } else if (frame - lastKept >= REWIND_EVERY_FRAMES || frame < lastKept) {
            ring.push(manager.getState())
            if (ring.length > REWIND_STATES) ring.shift()
            lastKept = frame
          }
        } catch {
          // The core cannot serialise yet (its first frames): try again on the next frame.
        }
        nextFrame(tick)
      }
      nextFrame(tick)
    },
    setRewinding(on) {
      isRewinding = on
    },
    size: () => ring.length,
  }
}
