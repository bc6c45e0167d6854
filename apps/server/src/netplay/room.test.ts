import { describe, expect, it } from 'vitest'
import { NETPLAY_CLOSE } from '@nes-studio/shared/netplay-constants'
import { HOST_KEY, ROLES, RoomHarness, roomWithGuest } from '../test/room-harness'

const { HOST, GUEST } = ROLES

describe('Room: players and seats', () => {
  it('takes the host by its key, and refuses a wrong key', () => {
    const h = new RoomHarness()
    h.hello('s.x', { hostKey: 'x'.repeat(22) })
    expect(h.box('s.x').closed?.code).toBe(NETPLAY_CLOSE.forbidden)
    h.hello(HOST, { hostKey: HOST_KEY })
    expect(h.last(HOST, 'welcome')).toMatchObject({ role: 'host', pad: 1, inputFrom: 1 })
  })

  it('runs the host alone with pad 2 released until someone joins', () => {
    const h = new RoomHarness()
    h.startHost(HOST)
    h.input(HOST, 1, [0x01, 0x81])
    expect([...h.frames(HOST).entries()]).toEqual([
      [1, [0x01, 0]],
      [2, [0x81, 0]],
    ])
  })

  it('seats the first guest as player 2 from the host state, then waits for its input', () => {
    const h = roomWithGuest(10, 4)
    const welcome = h.last(GUEST, 'welcome')
    expect(welcome).toMatchObject({ role: 'player', pad: 2, inputFrom: null })
    expect(welcome.seat).toMatch(/^seat/)
    // The guest gets its first input frame, then the host's state, then the frames after that state.
    expect(h.last(GUEST, 'role')).toMatchObject({ pad: 2, inputFrom: 11 })
    expect(h.box(GUEST).bulks).toEqual([expect.objectContaining({ kind: 2, frame: 4 })])
    expect([...h.frames(GUEST).keys()]).toEqual([5, 6, 7, 8, 9, 10])
    // From frame 11 on the room needs player 2.
    h.input(HOST, 11, [1, 1])
    expect(h.frames(HOST).has(11)).toBe(false)
    h.input(GUEST, 11, [2])
    expect(h.frames(HOST).get(11)).toEqual([1, 2])
    // The guest holds both pads of frame 11 (its own, and the host's relayed): it is sent no frames.
    expect(h.frames(GUEST).has(11)).toBe(false)
    expect(h.held(GUEST, 2).get(11)).toEqual([1, 2])
    expect(h.frames(HOST).has(12)).toBe(false)
  })

  it('makes later joiners spectators, up to the cap, and closes the one past it', () => {
    const h = roomWithGuest()
    h.hello('s.w1')
    h.hello('s.w2')
    h.hello('s.w3')
    expect(h.last('s.w1', 'welcome')).toMatchObject({ role: 'spectator', pad: null, seat: null })
    expect(h.last('s.w2', 'welcome').role).toBe('spectator')
    expect(h.box('s.w3').closed).toEqual({
      code: NETPLAY_CLOSE.full,
      reason: 'This room already has 2 spectators, the most it takes.',
    })
    expect(h.last(HOST, 'roster').members.map((m) => m.role)).toEqual([
      'host',
      'player',
      'spectator',
      'spectator',
    ])
  })

  it('lets the host hand pad 2 to a spectator; the player becomes a spectator', () => {
    const h = roomWithGuest(10, 4)
    h.hello('s.w1')
    h.room.message('s.w1', { t: 'ready' })
    h.answerState(HOST, 8)
    h.input(GUEST, 11, [4, 4])
    h.room.message(HOST, { t: 'give-pad', to: 's.w1' })
    expect(h.last(GUEST, 'role')).toMatchObject({ role: 'spectator', pad: null })
    // The new player continues pad 2's stream where the old one stopped.
    expect(h.last('s.w1', 'role')).toMatchObject({ role: 'player', pad: 2, inputFrom: 13 })
    h.room.message(GUEST, { t: 'give-pad', to: GUEST })
    expect(h.box(GUEST).closed?.code).toBe(NETPLAY_CLOSE.forbidden)
  })
})

describe('Room: drops, leaving and the end', () => {
  it('holds a dropped player 2 seat and resumes it from the frame its game is at', () => {
    const h = roomWithGuest(10, 4)
    h.input(GUEST, 11, [3])
    h.room.gone(GUEST, false)
    expect(h.last(HOST, 'roster').waitingFor).toEqual([2])
    const seat = h.last(GUEST, 'welcome').seat!
    h.hello('s.back', { seat, at: 9 })
    expect(h.last('s.back', 'welcome')).toMatchObject({ pad: 2, resumed: true, inputFrom: 12 })
    expect([...h.frames('s.back').keys()]).toEqual([10])
    expect(h.last(HOST, 'roster').waitingFor).toEqual([])
  })

  it('resumes a player whose game ran past the confirmed frames on the pad relayed to it', () => {
    const h = roomWithGuest(10, 4)
    h.input(GUEST, 11, [3, 3, 3, 3])
    h.input(HOST, 11, [1])
    // The host ran 12-14 with its own pad (lost in the drop) and the guest's, relayed: it goes on.
    h.room.gone(HOST, false)
    h.hello('s.host2', { hostKey: HOST_KEY, at: 14 })
    expect(h.room.isEnded).toBe(false)
    expect(h.last('s.host2', 'welcome')).toMatchObject({ pad: 1, resumed: true, inputFrom: 12 })
    h.input('s.host2', 12, [1, 1, 1])
    expect(h.frames(GUEST).get(14)).toEqual([1, 3])
    // A frame the other pad's input has not reached cannot have run: that player gets a state.
    h.room.gone(GUEST, false)
    h.hello('s.back', { seat: h.last(GUEST, 'welcome').seat!, at: 16 })
    expect(h.last('s.back', 'welcome')).toMatchObject({ pad: 2, resumed: false })
  })

  it('hands a player who comes back without its game a state, keeping the seat', () => {
    const h = roomWithGuest(10, 4)
    h.room.gone(GUEST, false)
    h.hello('s.back', { seat: h.last(GUEST, 'welcome').seat! })
    expect(h.last('s.back', 'welcome')).toMatchObject({ pad: 2, resumed: false, inputFrom: 11 })
    h.room.message('s.back', { t: 'ready' })
    h.answerState(HOST, 10)
    expect(h.box('s.back').bulks.at(-1)).toMatchObject({ kind: 2, frame: 10 })
  })

  it('releases pad 2 after 30 s without the player, and the host plays on', () => {
    const h = roomWithGuest(10, 4)
    h.room.gone(GUEST, false)
    h.input(HOST, 11, [1])
    expect(h.frames(HOST).has(11)).toBe(false)
    h.now += 30_000
    h.room.tick()
    expect(h.frames(HOST).get(11)).toEqual([1, 0])
    expect(h.last(HOST, 'roster').members.map((m) => m.role)).toEqual(['host'])
    expect(h.last(HOST, 'notice').message).toBe(
      'Player 2 did not come back within 30 seconds: pad 2 is free.',
    )
  })

  it('frees pad 2 at once when player 2 leaves on purpose', () => {
    const h = roomWithGuest(10, 4)
    h.input(HOST, 11, [1])
    h.hello('s.w1')
    h.room.message(GUEST, { t: 'leave' })
    expect(h.frames(HOST).get(11)).toEqual([1, 0])
    // The host (and anyone watching) is told, not left to notice the player count drop.
    for (const id of [HOST, 's.w1']) {
      expect(h.last(id, 'notice').message).toBe('Player 2 left the room.')
    }
  })

  it('ends the room for everyone when the host leaves', () => {
    const h = roomWithGuest()
    h.hello('s.w1')
    h.room.gone(HOST, true)
    for (const id of [GUEST, 's.w1']) {
      expect(h.last(id, 'ended').reason).toBe('The host left, so the room has ended.')
      expect(h.box(id).closed?.code).toBe(NETPLAY_CLOSE.ended)
    }
    expect(h.room.isEnded).toBe(true)
  })

  it('waits 30 s for a host whose connection dropped, then ends the room', () => {
    const h = roomWithGuest()
    h.room.gone(HOST, false)
    expect(h.last(GUEST, 'roster').waitingFor).toEqual([1])
    h.now += 29_000
    h.room.tick()
    expect(h.room.isEnded).toBe(false)
    h.now += 1_000
    h.room.tick()
    expect(h.last(GUEST, 'ended').reason).toMatch(/host lost the connection/)
  })

  it('ends a room nobody has been in for 10 minutes', () => {
    const h = new RoomHarness()
    h.now += 599_000
    h.room.tick()
    expect(h.room.isEnded).toBe(false)
    h.now += 1_000
    h.room.tick()
    expect(h.room.isEnded).toBe(true)
  })
})

describe('Room: one world', () => {
  it('re-syncs a browser whose state hash differs from the host’s, and counts it', () => {
    const h = roomWithGuest(120, 4)
    h.input(GUEST, 121, [0])
    h.room.message(GUEST, { t: 'hash', f: 60, h: 'b'.repeat(16) })
    h.room.message(HOST, { t: 'hash', f: 60, h: 'a'.repeat(16) })
    expect(h.last(GUEST, 'resynced')).toEqual({ t: 'resynced', count: 1, pads: [2] })
    h.answerState(HOST, 100)
    expect(h.box(GUEST).bulks.at(-1)).toMatchObject({ kind: 2, frame: 100 })
    expect(h.last(HOST, 'roster').resyncs).toBe(1)
    // Equal hashes change nothing.
    h.room.message(HOST, { t: 'hash', f: 120, h: 'c'.repeat(16) })
    h.room.message(GUEST, { t: 'hash', f: 120, h: 'c'.repeat(16) })
    expect(h.of(GUEST, 'resynced')).toHaveLength(1)
  })

  it("takes the host's state of a frame past the confirmed ones that the other pad's input reached", () => {
    const h = roomWithGuest(120, 4)
    h.input(GUEST, 121, [0, 0])
    h.room.message(GUEST, { t: 'need-state' })
    // The host ran 121 and 122 on the guest's relayed pad before its own input for them reached the room.
    h.answerState(HOST, 122)
    expect(h.box(HOST).closed).toBeUndefined()
    expect(h.box(GUEST).bulks.at(-1)).toMatchObject({ kind: 2, frame: 122 })
    // A frame no input of pad 2 has reached cannot have run.
    h.room.message(GUEST, { t: 'need-state' })
    h.answerState(HOST, 123)
    expect(h.box(HOST).closed?.code).toBe(NETPLAY_CLOSE.badMessage)
  })

  it('pauses the room for everyone while a player pauses or a player tab is hidden', () => {
    const h = roomWithGuest(10, 4)
    h.room.message(GUEST, { t: 'pause', on: true })
    expect(h.last(HOST, 'roster').paused).toEqual({ reason: 'pause', pad: 2 })
    h.input(HOST, 11, [1])
    h.input(GUEST, 11, [1])
    expect(h.room.log.confirmed).toBe(10)
    h.room.message(HOST, { t: 'pause', on: false })
    expect(h.room.log.confirmed).toBe(11)
    // Both players were relayed the other's pad of frame 11 while paused: each confirms it itself.
    expect(h.held(HOST, 1).get(11)).toEqual([1, 1])
    expect(h.held(GUEST, 2).get(11)).toEqual([1, 1])
    h.room.message(HOST, { t: 'hidden', on: true })
    expect(h.last(GUEST, 'roster').paused).toEqual({ reason: 'hidden', pad: 1 })
    h.hello('s.w1')
    h.room.message('s.w1', { t: 'pause', on: true })
    expect(h.last('s.w1', 'notice').message).toBe('Only players can pause the room.')
  })

  it('gives both pads the one-way time between the two players; a player alone its own round trip', () => {
    const h = roomWithGuest()
    h.answerPings(HOST, 40)
    h.answerPings(GUEST, 60)
    // ceil((40/2 + 60/2 + 8) / 16.64) = 4 for both (a pad from its own round trip gave pad 2 5).
    expect(h.last(HOST, 'roster')).toMatchObject({ delay: 4, delays: [4, 4] })
    h.answerPings(HOST, 100)
    h.answerPings(GUEST, 100)
    // 100 ms one way: ceil(108 / 16.64) = 7, capped at 6.
    expect(h.last(HOST, 'roster')).toMatchObject({ delay: 6, delays: [6, 6] })
    h.room.message(GUEST, { t: 'leave' })
    // Alone, the host's pad comes back with the confirmed frames: ceil((100 + 8) / 16.64) = 7, capped.
    expect(h.last(HOST, 'roster')).toMatchObject({ delay: 6, delays: [6, 2] })
  })

  it('times round trips with pings: a few back to back at join, then one a tick, from the pong', () => {
    const h = new RoomHarness()
    h.startHost(HOST)
    // The welcome's ping; each pong sends the next until 3 round trips are in.
    expect(h.box(HOST).pings).toHaveLength(1)
    h.answerPings(HOST, 30)
    expect(h.last(HOST, 'roster').members[0]!.rtt).toBe(30)
    h.answerPings(HOST, 24)
    h.answerPings(HOST, 36)
    expect(h.box(HOST).pings).toEqual([])
    h.room.tick()
    expect(h.box(HOST).pings).toHaveLength(1)
    // The 80th percentile of the round trips: 30, 24, 36 and 200 → 200; 4 more of 30 → 36.
    h.answerPings(HOST, 200)
    expect(h.last(HOST, 'roster').members[0]!.rtt).toBe(200)
    for (let i = 0; i < 4; i++) {
      h.room.tick()
      h.answerPings(HOST, 30)
    }
    expect(h.last(HOST, 'roster').members[0]!.rtt).toBe(36)
    // A pong the room never asked for, or one answered already, is not a round trip.
    h.room.tick()
    const [n] = h.box(HOST).pings
    h.answerPings(HOST, 30)
    h.now += 500
    h.room.pong(HOST, n!)
    h.room.pong(HOST, n! + 1)
    expect(h.last(HOST, 'roster').members[0]!.rtt).toBe(36)
    // The host's delay alone: ceil((36 + 8) / 16.64) = 3.
    expect(h.last(HOST, 'roster').delays).toEqual([3, 2])
  })

  it("measures a returning player's new socket again, from its first pong", () => {
    const h = roomWithGuest(10, 4)
    h.answerPings(GUEST, 90)
    h.room.gone(GUEST, false)
    h.hello('s.back', { seat: h.last(GUEST, 'welcome').seat!, at: 4 })
    expect(h.box('s.back').pings).toHaveLength(1)
    h.answerPings('s.back', 20)
    expect(h.last(HOST, 'roster').members[1]).toMatchObject({ id: 's.back', rtt: 20 })
  })

  it("relays a player's input to the other player the moment it takes it, not to spectators", () => {
    const h = roomWithGuest(10, 4)
    h.hello('s.w1')
    h.room.message('s.w1', { t: 'ready' })
    h.answerState(HOST, 8)
    h.input(HOST, 11, [0x01, 0x81])
    // Frames 11 and 12 are not confirmed (no pad 2 yet), but the guest has the host's pad for them.
    expect(h.frames(GUEST).has(11)).toBe(false)
    expect(h.of(GUEST, 'input')).toEqual([{ t: 'input', pad: 1, f: 11, p: [0x01, 0x81] }])
    // What the guest's input confirms goes to everyone as frames; only the rest is relayed.
    h.input(GUEST, 11, [0x02, 0x03, 0x04])
    expect(h.frames(HOST).get(12)).toEqual([0x81, 0x03])
    expect(h.of(HOST, 'input')).toEqual([{ t: 'input', pad: 2, f: 13, p: [0x04] }])
    expect(h.of('s.w1', 'input')).toEqual([])
    expect(h.frames('s.w1').get(12)).toEqual([0x81, 0x03])
    // Refused input is not relayed.
    h.input(GUEST, 20, [0x04])
    expect(h.of(HOST, 'input')).toHaveLength(1)
  })
})

describe('Room: bad input', () => {
  it('closes a socket sending input out of range or without a pad; the room goes on', () => {
    const h = roomWithGuest(10, 4)
    h.input(GUEST, 15, [0])
    expect(h.box(GUEST).closed).toEqual({
      code: NETPLAY_CLOSE.outOfRange,
      reason: 'Input for frame 15 came where frame 11 was expected.',
    })
    h.hello('s.w1')
    h.input('s.w1', 1, [0])
    expect(h.box('s.w1').closed?.code).toBe(NETPLAY_CLOSE.badMessage)
    h.input(HOST, 11, [1])
    expect(h.room.isEnded).toBe(false)
    expect(h.last(HOST, 'roster').waitingFor).toEqual([2])
  })

  it('takes a slot cartridge from the host once, the declared size, and hands it to who joins', () => {
    const h = new RoomHarness({ kind: 'cartridge', fileName: 'mine.nes', size: 16 })
    h.startHost(HOST)
    h.hello(GUEST)
    const rom = new Uint8Array(16)
    rom.set([0x4e, 0x45, 0x53, 0x1a])
    h.room.bulk(HOST, { kind: 1, frame: 0, id: 0, bytes: rom })
    expect(h.box(GUEST).bulks).toEqual([expect.objectContaining({ kind: 1, bytes: rom })])
    h.hello('s.w1')
    expect(h.box('s.w1').bulks).toEqual([expect.objectContaining({ kind: 1 })])
    h.room.bulk(GUEST, { kind: 1, frame: 0, id: 0, bytes: rom })
    expect(h.box(GUEST).closed?.code).toBe(NETPLAY_CLOSE.forbidden)
    h.room.bulk(HOST, { kind: 1, frame: 0, id: 0, bytes: rom })
    expect(h.box(HOST).closed?.reason).toBe('This room needs no cartridge from you.')
  })

  it('refuses a cartridge of another size than the room was opened with', () => {
    const h = new RoomHarness({ kind: 'cartridge', fileName: 'mine.nes', size: 16 })
    h.startHost(HOST)
    h.room.bulk(HOST, { kind: 1, frame: 0, id: 0, bytes: new Uint8Array(20) })
    expect(h.box(HOST).closed?.reason).toBe(
      'The cartridge is 20 bytes, not the 16 the room was opened with.',
    )
  })
})
