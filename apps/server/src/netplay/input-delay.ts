// The input delay: how many frames after a press the press takes effect. A browser sends its pad for
// frame n + delay right after it runs frame n, runs a frame with its own pad as it sent it and the other
// player's as the room relayed it, so the delay must cover the time from one player's browser through
// the server to the other's: one way, not a round trip (docs/netplay.md, "Input delay").
import {
  NES_FRAMES_PER_SECOND,
  NETPLAY_MAX_DELAY_FRAMES,
  NETPLAY_MIN_DELAY_FRAMES,
} from '@nes-studio/shared/netplay-constants'

const FRAME_MS = 1000 / NES_FRAMES_PER_SECOND

/**
 * Time on top of the network's: the server's own work, a browser running a due frame at its next
 * animation frame rather than at once, and jitter.
 */
export const DELAY_MARGIN_MS = 8

function framesFor(ms: number): number {
  const frames = Math.ceil((Math.max(0, ms) + DELAY_MARGIN_MS) / FRAME_MS)
  return Math.min(NETPLAY_MAX_DELAY_FRAMES, Math.max(NETPLAY_MIN_DELAY_FRAMES, frames))
}

/**
 * Each pad's delay (2-6 frames) from the round trips to the server (ms) of the players holding pads 1
 * and 2 (undefined: nobody holds it). Two players: a pad's input travels from its player to the server
 * and on to the other, rtt₁/2 + rtt₂/2 each way, so both pads get that one-way time. A player alone
 * gets its pad back only with the room's confirmed frames (the empty pad is filled in by the server), so
 * its delay covers its own round trip.
 */
export function chooseInputDelays(
  rtt1: number | undefined,
  rtt2: number | undefined,
): [number, number] {
  if (rtt1 !== undefined && rtt2 !== undefined) {
    const both = framesFor(rtt1 / 2 + rtt2 / 2)
    return [both, both]
  }
  return [framesFor(rtt1 ?? 0), framesFor(rtt2 ?? 0)]
}
