// Who is sent which confirmed frames. A player that was relayed the other pad of a frame (the room's
// `input`) and sent its own pad for it holds both: it confirms that frame itself, so `frames` skips it
// for that player (docs/netplay.md, "Wire protocol"). That is one message fewer per room frame: only
// the player whose input arrived first, and spectators, are sent each frame.
import type { FramePads, Pad } from './input-log'
import type { RoomOutput } from './room'
import type { Member } from './room-members'

/** A relay range on a member: the other pad's frames `relayedFrom`…`relayedTo` went to its socket. */
export type RelayedRange = Pick<Member, 'relayedFrom' | 'relayedTo'>

/** The member's socket has been relayed nothing yet (a new socket, or a new role). */
export function forgetRelayed(member: RelayedRange): void {
  member.relayedFrom = 0
  member.relayedTo = -1
}

/**
 * Relays `pad`'s input for frames `from`, `from + 1`, … (not confirmed yet) to the other player, which
 * runs a frame as soon as it has this pad (it knows its own), and notes what went to its socket.
 */
export function relayToOther(
  output: RoomOutput,
  members: Iterable<Member>,
  pad: Pad,
  from: number,
  values: number[],
): void {
  for (const m of members) {
    if (m.pad === null || m.pad === pad) continue
    if (!m.synced || !m.connected) {
      forgetRelayed(m)
      continue
    }
    output.send([m.id], { t: 'input', pad, f: from, p: values })
    noteRelayed(m, from, from + values.length - 1)
  }
}

/** The other pad's frames `from`…`last` were relayed to `member`. */
function noteRelayed(member: RelayedRange, from: number, last: number): void {
  // Relays follow on from each other unless frames were confirmed between them: those are all
  // confirmed, so the range can start again.
  if (member.relayedTo !== from - 1) member.relayedFrom = from
  member.relayedTo = last
}

/** Sends confirmed frames `first`, `first + 1`, … to `members`, less what each confirms itself. */
export function sendConfirmed(
  output: RoomOutput,
  members: Iterable<Member>,
  first: number,
  pads: FramePads[],
): void {
  const last = first + pads.length - 1
  const whole: string[] = []
  for (const m of members) {
    if (!m.synced || !m.connected) continue
    const from = Math.max(first, m.relayedFrom)
    const to = Math.min(last, m.relayedTo)
    if (m.pad === null || from > to) {
      whole.push(m.id)
      continue
    }
    if (from > first) {
      output.send([m.id], { t: 'frames', f: first, p: pads.slice(0, from - first) })
    }
    if (to < last) output.send([m.id], { t: 'frames', f: to + 1, p: pads.slice(to + 1 - first) })
  }
  if (whole.length > 0) output.send(whole, { t: 'frames', f: first, p: pads })
}
