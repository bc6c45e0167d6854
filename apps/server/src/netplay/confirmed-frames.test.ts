import { describe, expect, it } from 'vitest'
import { ROLES, roomWithGuest } from '../test/room-harness'
import type { RoomHarness } from '../test/room-harness'

const { HOST, GUEST } = ROLES
const WATCHER = 's.w1'

/** A room with host, guest (from the state after frame 4) and a spectator (after frame 8). */
function roomWithSpectator(): RoomHarness {
  const h = roomWithGuest(10, 4)
  h.hello(WATCHER)
  h.room.message(WATCHER, { t: 'ready' })
  h.answerState(HOST, 8)
  return h
}

describe('Room: who is sent which confirmed frames', () => {
  it('sends a frame to the player whose input came first and to spectators; the other confirms it itself', () => {
    const h = roomWithSpectator()
    h.input(HOST, 11, [0x01, 0x02]) // relayed to the guest
    h.input(GUEST, 11, [0x10, 0x20, 0x30]) // confirms 11 and 12; 13 is relayed to the host
    expect([...h.frames(HOST).keys()].filter((f) => f > 10)).toEqual([11, 12])
    expect([...h.frames(GUEST).keys()].filter((f) => f > 10)).toEqual([])
    expect(h.frames(WATCHER).get(12)).toEqual([0x02, 0x20])
    h.input(HOST, 13, [0x03]) // confirms 13 on the guest's pad relayed to the host
    expect(h.frames(HOST).has(13)).toBe(false)
    expect(h.frames(GUEST).get(13)).toEqual([0x03, 0x30])
    expect(h.frames(WATCHER).get(13)).toEqual([0x03, 0x30])
    for (const [id, pad] of [
      [HOST, 1],
      [GUEST, 2],
    ] as const) {
      expect(h.held(id, pad).get(11)).toEqual([0x01, 0x10])
      expect(h.held(id, pad).get(13)).toEqual([0x03, 0x30])
    }
  })

  it('sends a player the frames whose relayed pad went to the socket it had before a drop', () => {
    const h = roomWithGuest(10, 4)
    h.input(HOST, 11, [1, 1, 1]) // relayed to the guest's first socket, lost in the drop
    h.room.gone(GUEST, false)
    h.hello('s.back', { seat: h.last(GUEST, 'welcome').seat!, at: 10 })
    expect(h.last('s.back', 'welcome')).toMatchObject({ resumed: true, inputFrom: 11 })
    h.input(HOST, 14, [1]) // relayed to the new socket
    h.input('s.back', 11, [2, 2, 2, 2])
    expect([...h.frames('s.back').keys()]).toEqual([11, 12, 13])
    expect(h.held('s.back', 2).get(14)).toEqual([1, 2])
  })

  it('sends the host every frame while nobody holds pad 2 (the room fills it with no buttons)', () => {
    const h = roomWithGuest(10, 4)
    h.input(HOST, 11, [1])
    h.room.message(GUEST, { t: 'leave' })
    h.input(HOST, 12, [5, 5])
    expect(h.frames(HOST).get(11)).toEqual([1, 0])
    expect(h.frames(HOST).get(13)).toEqual([5, 0])
    expect(h.room.log.confirmed).toBe(13)
  })

  it('leaves every browser holding every confirmed frame in order, over random interleavings and pauses', () => {
    let seed = 7
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return (seed >>> 12) % n
    }
    const h = roomWithSpectator()
    const next = { [HOST]: 11, [GUEST]: 11 }
    for (let step = 0; step < 600; step++) {
      const choice = random(10)
      if (choice === 0) h.room.message(GUEST, { t: 'pause', on: random(2) === 0 })
      else {
        const id = choice % 2 === 0 ? HOST : GUEST
        if (next[id] - h.room.log.confirmed > 40) continue
        const count = 1 + random(4)
        h.input(
          id,
          next[id],
          Array.from({ length: count }, () => random(256)),
        )
        next[id] += count
      }
    }
    h.room.message(GUEST, { t: 'pause', on: false })
    const confirmed = h.room.log.confirmed
    expect(confirmed).toBeGreaterThan(500)
    const expected = (from: number) => h.room.log.range(from)
    const heldFrom = (held: Map<number, [number, number]>, from: number) =>
      Array.from({ length: confirmed - from + 1 }, (_, i) => held.get(from + i))
    expect(heldFrom(h.held(HOST, 1), 1)).toEqual(expected(1))
    expect(heldFrom(h.held(GUEST, 2), 5)).toEqual(expected(5))
    expect(heldFrom(h.frames(WATCHER), 9)).toEqual(expected(9))
    // Fewer messages: each frame went to one of the two players, not both.
    const sentTo = (id: string) => [...h.frames(id).keys()].filter((f) => f > 10).length
    expect(sentTo(HOST) + sentTo(GUEST)).toBeLessThan(confirmed - 10 + 50)
  })
})
