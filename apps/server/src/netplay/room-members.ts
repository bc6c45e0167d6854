// A room's members and the lists the room sends to: who is connected, who runs confirmed frames, whose round
// trip a pad's delay follows, and the roster as browsers see it (host, then player 2, then spectators).
import type { MemberRole, RoomMember } from '@nes-studio/shared/netplay-api'
import type { Pad } from './input-log'
import type { RoundTrips } from './room-pings'

export interface Member {
  id: string
  role: MemberRole
  pad: Pad | null
  connected: boolean
  hidden: boolean
  /** The round trip the room measured to this member's browser, ms (room-pings.ts). */
  rtt: number
  trips: RoundTrips
  /** The token a player gives back to take the seat again after a drop. */
  seat: string | null
  awayUntil: number | null
  /** Receives confirmed frames (it has a state to run them from). */
  synced: boolean
  hasRom: boolean
  /** The other pad's frames relayedFrom…relayedTo went to this socket (confirmed-frames.ts). */
  relayedFrom: number
  relayedTo: number
}

/** The ids of the members for which `keep` holds. */
export function idsWhere(members: Iterable<Member>, keep: (m: Member) => boolean): string[] {
  const ids: string[] = []
  for (const m of members) if (keep(m)) ids.push(m.id)
  return ids
}

/** The round trip of the connected player holding `pad` (undefined: nobody holds it now). */
export function padRtt(members: Iterable<Member>, pad: Pad): number | undefined {
  for (const m of members) if (m.pad === pad && m.connected) return m.rtt
  return undefined
}

const rosterOrder = (m: Member) => (m.role === 'host' ? 0 : m.pad === 2 ? 1 : 2)

/** The members as the roster lists them: host, player 2, then spectators. */
export function rosterMembers(members: Iterable<Member>): RoomMember[] {
  return [...members]
    .sort((a, b) => rosterOrder(a) - rosterOrder(b))
    .map((m) => ({
      id: m.id,
      role: m.role,
      pad: m.pad,
      connected: m.connected,
      hidden: m.hidden,
      rtt: m.rtt,
    }))
}
