import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RoomService } from './room.service'
import { NETPLAY_PROTOCOL_VERSION } from '@nes-studio/shared/netplay-constants'
import type { RoomRelay, ToGateway, ToHome } from './room-relay'

const SERVER = 'a'.repeat(12)

/** A relay that keeps what the rooms send to gateways, in order. */
function recordingRelay(sent: ToGateway[]): RoomRelay {
  return {
    serverId: SERVER,
    start: async () => undefined,
    toHome: () => undefined,
    toGateway: (_server, envelope) => void sent.push(envelope),
    close: async () => undefined,
  }
}

describe('RoomService', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it("spreads the rooms' once-a-second pings over the second instead of sending them in one burst", async () => {
    const sent: ToGateway[] = []
    const service = new RoomService(recordingRelay(sent), {
      maxRooms: 100,
      maxSpectators: 8,
      maxRomBytes: 1 << 20,
      libraryFileName: async () => 'game.nes',
    })
    const rooms = 40
    for (let i = 0; i < rooms; i++) {
      const { roomId, hostKey } = await service.create({ kind: 'library', romId: `rom${i}` })
      const join: ToHome = {
        k: 'join',
        room: roomId,
        member: `${SERVER}.${i}`,
        hello: { t: 'hello', v: NETPLAY_PROTOCOL_VERSION, hostKey },
      }
      service.toHome(join)
    }
    // Each host got its first (quick) ping at join; nobody answers, so only the steady ones follow.
    const pings = () => sent.filter((e) => e.k === 'ping').length
    expect(pings()).toBe(rooms)
    const perStep: number[] = []
    for (let step = 0; step < 20; step++) {
      const before = pings()
      await vi.advanceTimersByTimeAsync(100)
      perStep.push(pings() - before)
    }
    // Two seconds: every room pinged its host once a second, a tenth of the rooms in each 100 ms.
    expect(perStep.reduce((a, b) => a + b, 0)).toBe(2 * rooms)
    expect(Math.max(...perStep)).toBe(rooms / 10)
  })
})
