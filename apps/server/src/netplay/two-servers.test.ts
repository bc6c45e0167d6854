// Two app servers on one PostgreSQL (TEST_DATABASE_URL): a host on one and a guest and a spectator on the
// other play in one room, the cartridge and states crossing through LISTEN/NOTIFY.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NETPLAY_CLOSE, NETPLAY_PROTOCOL_VERSION } from '@nes-studio/shared/netplay-constants'
import { newServerId } from './room-relay'
import { PostgresRoomRelay } from '../storage/postgres/postgres-room-relay'
import { buildRom } from '../test/rom-builder'
import { listen } from '../test/room-socket'
import type { ListeningApp, RoomSocket } from '../test/room-socket'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

const apps: TestApp[] = []
const relays = new Map<ListeningApp, PostgresRoomRelay>()

async function appServer(url: string): Promise<ListeningApp> {
  const relay = new PostgresRoomRelay({ connectionString: url, serverId: newServerId() })
  const opened = await createTestApp({ netplay: { relay } })
  apps.push(opened)
  const listening = await listen(opened.app)
  relays.set(listening, relay)
  return listening
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()))
})

async function hello(socket: RoomSocket, extra: Record<string, unknown> = {}) {
  await socket.opened
  socket.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION, ...extra })
  return socket.first('welcome')
}

if (!TEST_DATABASE_URL) {
  describe('two app servers on one PostgreSQL', () => {
    it('not run: TEST_DATABASE_URL not set', () => {
      console.warn('Two-server relay test not run: TEST_DATABASE_URL not set')
      expect(process.env.TEST_DATABASE_URL).toBeUndefined()
    })
  })
} else {
  const url = TEST_DATABASE_URL
  describe('two app servers on one PostgreSQL', () => {
    it('relays one room: cartridge, state, both pads, a re-sync, a spectator and the end', async () => {
      const [a, b] = [await appServer(url), await appServer(url)]
      const rom = buildRom({ prgBanks: 2, chrBanks: 1, seed: 3 })
      const room = await a.openRoom({ kind: 'cartridge', fileName: 'mine.nes', size: rom.length })
      const host = a.socket(room.roomId, { name: 'host on A' })
      await hello(host, { hostKey: room.hostKey })
      host.send({ t: 'ready' })
      host.sendBulk({ kind: 1, frame: 0, id: 0, bytes: rom })

      // The guest reached server B with the invite link.
      const guest = b.socket(room.roomId, { name: 'guest on B' })
      expect((await hello(guest)).role).toBe('player')
      const cartridge = await guest.until(() => guest.bulks.find((x) => x.kind === 1), 'cartridge')
      expect(Buffer.compare(Buffer.from(cartridge.bytes), Buffer.from(rom))).toBe(0)
      guest.send({ t: 'ready' })
      const request = await host.first('state-request')
      const state = new Uint8Array(14_000).map((_, i) => i & 0xff)
      host.sendBulk({ kind: 2, frame: 0, id: request.id, bytes: state })
      const role = await guest.first('role')
      const got = await guest.until(() => guest.bulks.find((x) => x.kind === 2), 'state')
      expect(Buffer.compare(Buffer.from(got.bytes), Buffer.from(state))).toBe(0)

      for (let f = 1; f <= 120; f += 20) {
        host.send({ t: 'input', f, p: new Array<number>(20).fill(0x10) })
      }
      // 32 messages of 2 frames in one turn on B, so they cross in one NOTIFY batch: a different pad per
      // frame, so an input the batching lost or reordered shows (or is refused, closing the guest).
      const pad2 = Array.from({ length: 64 }, (_, i) => (i * 37 + 1) & 0xff)
      for (let i = 0; i < 64; i += 2) {
        guest.send({ t: 'input', f: role.inputFrom! + i, p: pad2.slice(i, i + 2) })
      }
      await host.until(() => host.held(1).length >= 64, '64 frames on A')
      await guest.until(() => guest.held(2).length >= 64, '64 frames on B')
      expect(guest.held(2).slice(0, 64)).toEqual(host.held(1).slice(0, 64))
      expect(role.inputFrom).toBe(1)
      expect(host.held(1).slice(0, 64)).toEqual(pad2.map((p) => [0x10, p]))

      // The room on A times the guest's round trip: its ping goes A → B → browser and the pong back
      // B → A, so the round trip includes the hop through PostgreSQL its input and frames make. Here
      // B's relay holds each pong 60 ms on its way to A (the guest's own network answers at once).
      const toHome = relays.get(b)!.toHome.bind(relays.get(b)!)
      vi.spyOn(relays.get(b)!, 'toHome').mockImplementation((home, envelope) => {
        if (envelope.k === 'pong') setTimeout(() => toHome(home, envelope), 60)
        else toHome(home, envelope)
      })
      const guestRtt = (r: { members: { pad: number | null; rtt: number }[] }) =>
        r.members.find((m) => m.pad === 2)?.rtt ?? 0
      const slow = await host.until(
        () => host.of('roster').find((r) => guestRtt(r) >= 55),
        "the guest's round trip through the slow hop",
      )
      expect(guestRtt(slow)).toBeLessThan(1000)

      // A spectator on B, and a hash on B that differs from the host's on A.
      const watcher = b.socket(room.roomId, { name: 'spectator on B' })
      expect((await hello(watcher)).role).toBe('spectator')
      guest.send({ t: 'hash', f: 60, h: '1'.repeat(16) })
      host.send({ t: 'hash', f: 60, h: '2'.repeat(16) })
      expect(await guest.first('resynced')).toEqual({ t: 'resynced', count: 1, pads: [2] })
      const again = await host.until(() => host.of('state-request')[1], 'second state request')
      host.sendBulk({ kind: 2, frame: 40, id: again.id, bytes: state })
      await guest.until(() => guest.bulks.filter((x) => x.kind === 2).length === 2, 'state again')

      host.send({ t: 'leave' })
      for (const socket of [guest, watcher]) {
        expect((await socket.first('ended')).reason).toBe('The host left, so the room has ended.')
        expect((await socket.closedWith()).code).toBe(NETPLAY_CLOSE.ended)
      }
    })

    it('says "not found" to a browser on another server asking for a room that ended', async () => {
      const [a, b] = [await appServer(url), await appServer(url)]
      const room = await a.openRoom({ kind: 'cartridge', fileName: 'mine.nes', size: 24_592 })
      const host = a.socket(room.roomId)
      await hello(host, { hostKey: room.hostKey })
      host.send({ t: 'leave' })
      await host.closedWith()
      const late = b.socket(room.roomId)
      await late.opened
      late.send({ t: 'hello', v: NETPLAY_PROTOCOL_VERSION })
      expect(await late.closedWith()).toEqual({
        code: NETPLAY_CLOSE.notFound,
        reason: 'This room has ended, or the link is wrong.',
      })
    })
  })
}
