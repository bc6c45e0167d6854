// The room's input delay: how many frames after a press the press takes effect, so that each player's
// input has reached the server and come back merged before any browser needs it. A browser sends its
// input for frame n + delay right after it runs frame n, so the delay must cover the slowest player's
// round trip to the server (docs/netplay.md, "Input delay").
import {
  NES_FRAMES_PER_SECOND,
  NETPLAY_MAX_DELAY_FRAMES,
  NETPLAY_MIN_DELAY_FRAMES,
} from '@nes-studio/shared/netplay-constants'

const FRAME_MS = 1000 / NES_FRAMES_PER_SECOND

/**
 * Time on top of the round trip: the server's own work and a browser running a due frame at its next
 * animation frame rather than at once.
 */
export const DELAY_MARGIN_MS = 8

/** The delay in frames (2-6) for players whose round trips to the server are `rtts` (ms). */
export function chooseInputDelay(rtts: readonly number[]): number {
  const worst = Math.max(0, ...rtts)
  const frames = Math.ceil((worst + DELAY_MARGIN_MS) / FRAME_MS)
  return Math.min(NETPLAY_MAX_DELAY_FRAMES, Math.max(NETPLAY_MIN_DELAY_FRAMES, frames))
}
