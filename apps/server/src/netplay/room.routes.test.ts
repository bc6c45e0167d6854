// Online rooms through the real server: HTTP, the WebSocket upgrade's checks, a host and a guest
// playing in lockstep over sockets, and the limits on rooms and spectators.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NETPLAY_CLOSE, NETPLAY_PROTOCOL_VERSION } from '@nes-studio/shared/netplay-constants'
import { buildRom, uploadForm } from '../test/rom-builder'
import { listen } from '../test/room-socket'
import type { ListeningApp, RoomSocket } from '../test/room-socket'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import type { AppDeps } from '../app'

let opened: TestApp | undefined

async function start(overrides: Partial<AppDeps> = {}): Promise<ListeningApp> {
  opened = await createTestApp(overrides)
  return listen(opened.app)
}

afterEach(async () => {
  await opened?.close()
  opened = undefined
})

const CARTRIDGE = { kind: 'cartridge', fileName: 'mine.nes', size: 24_592 }

/** A host whose game is held, and a guest seated from the host's state after frame 0. */
async function hostAndGuest(server: ListeningApp) {
  const room = await server.openRoom(CARTRIDGE)
  const host = server.socket(room.roomId, { name: 'host' })
  await host.opened
  host.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION, hostKey: room.hostKey })
  await host.first('welcome')
  host.send({ t: 'ready' })
  host.sendBulk({ kind: 1, frame: 0, id: 0, bytes: buildRom() })
  const guest = server.socket(room.roomId, { name: 'guest' })
  await guest.opened
  guest.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION })
  await guest.until(() => guest.bulks.find((b) => b.kind === 1), 'cartridge')
  guest.send({ t: 'ready' })
  const request = await host.first('state-request')
  host.sendBulk({ kind: 2, frame: 0, id: request.id, bytes: new Uint8Array([7, 7, 7]) })
  const role = await guest.first('role')
  return { room, host, guest, inputFrom: role.inputFrom ?? 0 }
}

function framesOf(socket: RoomSocket): number[][] {
  return socket.of('frames').flatMap((m) => m.p)
}

describe('opening a room (POST /api/netplay/rooms)', () => {
  it('opens a room for a library game or a slot cartridge, with an unguessable id and an invite path', async () => {
    const server = await start()
    const upload = uploadForm(buildRom(), 'Space Race.nes')
    const added = await server.app.inject({ method: 'POST', url: '/api/roms', ...upload })
    const romId = (added.json() as { rom: { id: string } }).rom.id
    const room = await server.openRoom({ kind: 'library', romId })
    expect(room.roomId).toMatch(/^[0-9a-f]{12}[A-Za-z0-9_-]{22}$/)
    expect(room.invitePath).toBe(`/room/${room.roomId}`)
    // The invite link is a page of the app.
    const page = await fetch(`${server.baseUrl}${room.invitePath}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const host = server.socket(room.roomId)
    await host.opened
    host.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION, hostKey: room.hostKey })
    expect((await host.first('welcome')).game).toEqual({
      kind: 'library',
      romId,
      fileName: 'Space Race.nes',
    })
    await expect(server.openRoom({ kind: 'library', romId: 'nope' })).rejects.toThrow(
      'That game is not in the library.',
    )
    await expect(server.openRoom({ ...CARTRIDGE, size: 9_000_000 })).rejects.toThrow(
      /MAX_ROM_BYTES/,
    )
  })

  it('answers 503 with a clear message past the room cap (NETPLAY_MAX_ROOMS)', async () => {
    const server = await start({ netplay: { maxRooms: 1 } })
    await server.openRoom(CARTRIDGE)
    const refused = (await server.openRoom(CARTRIDGE).catch((error: unknown) => error)) as Error & {
      res: Response
    }
    expect(refused.res.status).toBe(503)
    expect(refused.res.headers.get('retry-after')).toBe('60')
    expect(refused.message).toMatch(/already runs 1 online rooms, the most it allows/)
  })

  it('needs the unlock with LIBRARY_TOKEN set to open a room, but not to join one', async () => {
    const token = 'library-token-123'
    const server = await start({ libraryToken: token })
    await expect(server.openRoom(CARTRIDGE)).rejects.toThrow(/write-protected/)
    const room = await server.openRoom(CARTRIDGE, { authorization: `Bearer ${token}` })
    const guest = server.socket(room.roomId)
    await guest.opened
    guest.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION })
    expect((await guest.first('welcome')).role).toBe('player')
  })
})

describe('the room WebSocket upgrade', () => {
  it('refuses another site, a host name not allowed and a room that does not exist', async () => {
    const server = await start()
    const room = await server.openRoom(CARTRIDGE)
    const crossSite = server.socket(room.roomId, { origin: 'http://evil.example' })
    await expect(crossSite.opened).rejects.toThrow('upgrade refused: 403')
    const rebound = server.socket(room.roomId, { headers: { host: 'evil.example' } })
    await expect(rebound.opened).rejects.toThrow('upgrade refused: 403')
    const serverId = room.roomId.slice(0, 12)
    await expect(server.socket(`${serverId}${'x'.repeat(22)}`).opened).rejects.toThrow(
      'upgrade refused: 404',
    )
    // A room id of another app server passes the upgrade; that server's answer decides (none here).
    const elsewhere = server.socket(`000000000000${'x'.repeat(22)}`)
    await elsewhere.opened
    elsewhere.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION })
    expect(await elsewhere.closedWith()).toEqual({
      code: NETPLAY_CLOSE.notFound,
      reason: 'This room has ended, or the link is wrong.',
    })
    const plain = await fetch(`${server.baseUrl}/api/netplay/rooms/${room.roomId}/socket`)
    expect(plain.status).toBe(400)
  })
})

describe('playing through sockets', () => {
  it('sends every browser the confirmed frames of both pads', async () => {
    const server = await start()
    const { host, guest, inputFrom } = await hostAndGuest(server)
    expect(guest.bulks.find((b) => b.kind === 2)).toMatchObject({ frame: 0 })
    host.send({ t: 'input', f: 1, p: [0x10, 0x10, 0x10] })
    guest.send({ t: 'input', f: inputFrom, p: [0x01, 0x01, 0x01] })
    // Each frame goes as `frames` to one of them; the other holds both pads already (docs/netplay.md).
    await host.until(() => host.held(1).length >= 3, '3 frames')
    await guest.until(() => guest.held(2).length >= 3, '3 frames')
    expect(host.held(1)).toEqual(guest.held(2))
    expect(host.held(1).slice(0, 3)).toEqual([
      [0x10, 0x01],
      [0x10, 0x01],
      [0x10, 0x01],
    ])
  })

  it("times each socket's round trip with WebSocket pings, through the test relay delay", async () => {
    // 40 ms held by the server (the test relay delay) and 30 ms by this browser before its pong.
    const server = await start({ netplay: { testDelay: { delayMs: 40, jitterMs: 0 } } })
    const room = await server.openRoom(CARTRIDGE)
    const host = server.socket(room.roomId, { autoPong: false })
    let pings = 0
    host.ws.on('ping', (data) => {
      pings++
      setTimeout(() => host.ws.pong(data), 30)
    })
    await host.opened
    // A pong for a ping the room did not send is not timed.
    host.ws.pong('1')
    host.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION, hostKey: room.hostKey })
    await host.first('welcome')
    // The room sends a few pings back to back at join, and the roster carries the round trip.
    const roster = await host.until(
      () => host.of('roster').find((r) => (r.members[0]?.rtt ?? 0) > 0),
      'a measured round trip',
    )
    expect(roster.members[0]!.rtt).toBeGreaterThanOrEqual(65)
    await vi.waitFor(() => expect(pings).toBeGreaterThanOrEqual(3))
  })

  it('holds the seat of a guest whose connection dropped and gives it back on reconnect', async () => {
    const server = await start()
    const { room, host, guest } = await hostAndGuest(server)
    const seat = guest.of('welcome')[0]!.seat!
    guest.ws.terminate()
    await host.until(() => host.of('roster').at(-1)?.waitingFor.includes(2), 'waiting for 2')
    const back = server.socket(room.roomId, { name: 'back' })
    await back.opened
    back.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION, seat, at: 0 })
    expect(await back.first('welcome')).toMatchObject({ pad: 2, resumed: true })
    await host.until(() => host.of('roster').at(-1)?.waitingFor.length === 0, 'no wait')
  })

  it('tells every socket why when the server shuts down', async () => {
    const server = await start()
    const { host, guest } = await hostAndGuest(server)
    await opened?.close()
    opened = undefined
    for (const socket of [host, guest]) {
      expect((await socket.first('ended')).reason).toBe(
        'The server is shutting down, so the room has ended.',
      )
      expect((await socket.closedWith()).code).toBe(NETPLAY_CLOSE.ended)
    }
  })

  it('drops a socket that stops answering pings', async () => {
    const server = await start({ netplay: { heartbeatMs: 100 } })
    const { host, guest } = await hostAndGuest(server)
    guest.ws.pause() // reads nothing, so answers no ping
    await host.until(() => host.of('roster').at(-1)?.waitingFor.includes(2), 'waiting for 2')
  })
})

describe('hostile and broken clients', () => {
  it('closes a socket sending garbage, with a reason, and the room plays on', async () => {
    const server = await start()
    const { room, host } = await hostAndGuest(server)
    const cases: { send: (s: RoomSocket) => void; code: number; reason: RegExp }[] = [
      { send: (s) => s.ws.send('not json'), code: NETPLAY_CLOSE.badMessage, reason: /not JSON/ },
      {
        send: (s) => s.send({ t: 'launch' }),
        code: NETPLAY_CLOSE.badMessage,
        reason: /understands/,
      },
      {
        send: (s) => s.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION, seat: 'x'.repeat(3000) }),
        code: NETPLAY_CLOSE.tooLarge,
        reason: /too large/,
      },
      {
        send: (s) => s.ws.send(new Uint8Array([9, 0, 0])),
        code: NETPLAY_CLOSE.badMessage,
        reason: /hello first/,
      },
      // A page cached from before a protocol change (version 1 sent JSON pings) is told to reload; a page
      // newer than its server (one not yet updated behind the same address) to try again.
      {
        send: (s) => s.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION - 1 }),
        code: NETPLAY_CLOSE.badMessage,
        reason: /^This page is older than the server: reload the page to play online\.$/,
      },
      {
        send: (s) => s.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION + 1, hostKey: room.hostKey }),
        code: NETPLAY_CLOSE.badMessage,
        reason: /^The server is older than this page .*try again in a minute\.$/,
      },
    ]
    for (const { send, code, reason } of cases) {
      const socket = server.socket(room.roomId)
      await socket.opened
      send(socket)
      const closed = await socket.closedWith()
      expect(closed.code).toBe(code)
      expect(closed.reason).toMatch(reason)
    }
    host.send({ t: 'input', f: 1, p: [1] })
    await host.until(() => framesOf(host).length === 0 || host.closed === undefined, 'alive')
    expect(host.closed).toBeUndefined()
  })

  it('closes a socket flooding more than 120 messages a second', async () => {
    const server = await start()
    const { guest, host } = await hostAndGuest(server)
    for (let i = 0; i < 200; i++) guest.send({ t: 'hidden', on: false })
    const closed = await guest.closedWith()
    expect(closed).toEqual({
      code: NETPLAY_CLOSE.flood,
      reason: 'More than 120 messages in a second: this connection was closed.',
    })
    expect(host.closed).toBeUndefined()
  })

  it('closes a socket sending input far out of range, or a cartridge over MAX_ROM_BYTES', async () => {
    const server = await start({ maxRomBytes: 30_000 })
    const { room, guest } = await hostAndGuest(server)
    guest.send({ t: 'input', f: 100_000, p: [0] })
    expect((await guest.closedWith()).code).toBe(NETPLAY_CLOSE.outOfRange)
    const other = await server.openRoom({ ...CARTRIDGE, size: 24_592 })
    const host2 = server.socket(other.roomId)
    await host2.opened
    host2.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION, hostKey: other.hostKey })
    await host2.first('welcome')
    host2.sendBulk({ kind: 1, frame: 0, id: 0, bytes: new Uint8Array(31_000) })
    expect(await host2.closedWith()).toEqual({
      code: NETPLAY_CLOSE.tooLarge,
      reason: 'That cartridge is larger than this server takes (30000 bytes).',
    })
    expect(room.roomId).not.toBe(other.roomId)
  })
})
