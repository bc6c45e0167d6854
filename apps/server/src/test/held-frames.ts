// Test helper: the confirmed frames a browser holds after the messages it was sent, by the client's rule
// (apps/client/src/netplay/lockstep.ts): the `frames` it was sent, and those it confirms itself from its
// own pad as it sent it and the other pad as the room relayed it (since its last welcome or role).
import type { ServerMessage } from '@nes-studio/shared/netplay-api'

/** Both pads by frame; throws where the frames held would have a gap (the browser would stall). */
export function heldFrames(
  messages: readonly ServerMessage[],
  own: ReadonlyMap<number, number>,
  pad: 1 | 2,
): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>()
  let relayed = new Map<number, number>()
  for (const m of messages) {
    if (m.t === 'welcome' || m.t === 'role') relayed = new Map()
    if (m.t === 'frames') m.p.forEach((p, i) => out.set(m.f + i, p))
    if (m.t === 'input') m.p.forEach((p, i) => relayed.set(m.f + i, p))
  }
  for (const [frame, other] of relayed) {
    const mine = own.get(frame)
    if (mine === undefined || out.has(frame)) continue
    out.set(frame, pad === 1 ? [mine, other] : [other, mine])
  }
  const frames = [...out.keys()].sort((a, b) => a - b)
  frames.forEach((f, i) => {
    if (i > 0 && f !== frames[i - 1]! + 1) throw new Error(`frame ${f - 1} is missing`)
  })
  return new Map(frames.map((f) => [f, out.get(f)!]))
}
