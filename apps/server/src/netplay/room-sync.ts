// Keeping a room's browsers in one world: the host's state handed to a browser that joins, comes back
// without its game, falls too far behind or whose state hash differed from the host's (a re-sync), and
// the comparison of those hashes. The host's game is the room's truth; one state request is out at a time
// and every browser waiting for a state when it arrives gets it.
import { NETPLAY_CLOSE, NETPLAY_MAX_STATE_BYTES } from '@nes-studio/shared/netplay-constants'
import type { NetplayBulk } from '@nes-studio/shared/netplay-api'
import type { Room } from './room'
import type { Member } from './room-members'

/** Host hashes kept to compare late ones with (32 × 60 frames ≈ 32 s). */
const HOST_HASHES_KEPT = 32
/** Other browsers' hashes kept while the host's for that frame has not come yet. */
const PENDING_HASHES_KEPT = 64

interface PendingHash {
  member: string
  frame: number
  hash: string
}

export class RoomSync {
  /** States re-sent after a hash mismatch since the room opened. */
  resyncs = 0
  private readonly waiters = new Set<string>()
  private outstanding: number | undefined
  private nextRequest = 1
  private readonly hostHashes = new Map<number, string>()
  private pending: PendingHash[] = []

  constructor(private readonly room: Room) {}

  /** `member` needs the host's state (it joined, came back without its game, or lost track). */
  requestState(member: Member): void {
    if (member.role === 'host') return
    this.waiters.add(member.id)
    this.ask()
  }

  /** The host is (again) connected and its game held: any lost request is asked again. */
  hostBack(member: Member): void {
    if (member.role !== 'host') return
    this.outstanding = undefined
    this.ask()
  }

  /** The host's connection dropped: its answer to the request out, if any, will not come. */
  hostAway(): void {
    this.outstanding = undefined
  }

  forget(id: string): void {
    this.waiters.delete(id)
    this.pending = this.pending.filter((p) => p.member !== id)
  }

  /** A new player 2 already in step (a spectator given the pad) starts sending input now. */
  seatPlayer2(member: Member): void {
    this.room.log.deactivate(2)
    if (member.synced) this.room.announceSeat(member)
    else this.requestState(member)
  }

  private ask(): void {
    if (this.outstanding !== undefined || this.waiters.size === 0) return
    const host = this.room.host()
    if (!host?.connected || !this.room.hostStarted) return
    this.outstanding = this.nextRequest++
    this.room.output.send([host.id], { t: 'state-request', id: this.outstanding })
  }

  /** The host's answer: its state after frame `bulk.frame`, for every browser waiting for one. */
  hostState(bulk: NetplayBulk): void {
    const host = this.room.host()
    if (bulk.id !== this.outstanding || !host) return // the answer to a request since replaced
    this.outstanding = undefined
    const log = this.room.log
    // The host may have run past the confirmed frames, on the other pad's relayed input.
    const ahead = bulk.frame > log.confirmed
    if ((ahead && !log.canResume(bulk.frame, 1)) || bulk.bytes.length > NETPLAY_MAX_STATE_BYTES) {
      this.room.violation(host, NETPLAY_CLOSE.badMessage, 'That state is not one the room can use.')
      return
    }
    if (!ahead && log.range(bulk.frame + 1) === undefined) return this.ask()
    const targets = [...this.waiters]
      .map((id) => this.room.members.get(id))
      .filter((m): m is Member => m?.connected === true)
    this.waiters.clear()
    for (const member of targets) {
      if (member.pad === 2 && !log.isActive(2)) this.room.announceSeat(member)
      this.room.output.sendBulk([member.id], {
        kind: 2,
        frame: bulk.frame,
        id: 0,
        bytes: bulk.bytes,
      })
      this.room.sendFrames([member.id], bulk.frame + 1)
      member.synced = true
    }
    this.room.broadcastRoster()
  }

  /** A browser's state hash after frame `frame`: the host's are kept, the others compared with them. */
  hash(member: Member, frame: number, hash: string): void {
    if (!member.synced) return
    if (member.role === 'host') {
      this.hostHashes.set(frame, hash)
      for (const old of this.hostHashes.keys()) {
        if (this.hostHashes.size <= HOST_HASHES_KEPT) break
        this.hostHashes.delete(old)
      }
      const due = this.pending.filter((p) => p.frame === frame)
      this.pending = this.pending.filter((p) => p.frame !== frame)
      for (const p of due) this.compare(p.member, hash, p.hash)
      return
    }
    const expected = this.hostHashes.get(frame)
    if (expected !== undefined) return this.compare(member.id, expected, hash)
    const oldest = this.hostHashes.keys().next().value
    if (oldest !== undefined && frame < oldest) return // the host's is no longer kept
    this.pending.push({ member: member.id, frame, hash })
    if (this.pending.length > PENDING_HASHES_KEPT) this.pending.shift()
  }

  private compare(id: string, expected: string, hash: string): void {
    if (expected === hash || this.waiters.has(id)) return
    const member = this.room.members.get(id)
    if (!member?.connected || !member.synced) return
    this.resyncs += 1
    this.requestState(member)
    this.room.output.send(this.room.connectedIds(), {
      t: 'resynced',
      count: this.resyncs,
      pads: [member.pad ?? 0],
    })
    this.room.broadcastRoster()
  }
}
