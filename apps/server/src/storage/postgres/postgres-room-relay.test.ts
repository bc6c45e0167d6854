// The PostgreSQL relay's batching (TEST_DATABASE_URL): what a server sends another in one turn of its
// event loop goes as one NOTIFY statement, split into payloads under PostgreSQL's 8000-byte limit, and
// arrives whole and in the order sent, also when turns queue up behind a statement still in flight.
import pg from 'pg'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ToGateway } from '../../netplay/room-relay'
import { newServerId } from '../../netplay/room-relay'
import { PostgresRoomRelay } from './postgres-room-relay'

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL
const relays: PostgresRoomRelay[] = []

afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(relays.splice(0).map((r) => r.close()))
})

/** A relay that collects what reaches its gateway. */
async function relay(url: string, got: ToGateway[] = []) {
  const r = new PostgresRoomRelay({ connectionString: url, serverId: newServerId() })
  relays.push(r)
  await r.start({ toHome: () => undefined, toGateway: (e) => got.push(e) })
  return { r, got }
}

/** Room `room`'s input for frame `f` as the home sends it to a gateway (pads differ per frame). */
function input(room: number, f: number): ToGateway {
  return {
    k: 'send',
    members: [`r${room}`],
    msg: { t: 'input', pad: 1, f, p: [(f * 37 + room) & 0xff] },
  }
}

/** The NOTIFY statements the relays send from now on. */
function countNotifies(): () => number {
  const query = vi.spyOn(pg.Client.prototype, 'query')
  return () =>
    query.mock.calls.filter(
      ([text]) => typeof text === 'string' && text.startsWith('SELECT pg_notify'),
    ).length
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  if (!check()) throw new Error(`timed out waiting for ${what}`)
}

if (!TEST_DATABASE_URL) {
  describe('PostgreSQL room relay batching', () => {
    it('not run: TEST_DATABASE_URL not set', () => {
      console.warn('PostgreSQL relay batching test not run: TEST_DATABASE_URL not set')
      expect(process.env.TEST_DATABASE_URL).toBeUndefined()
    })
  })
} else {
  const url = TEST_DATABASE_URL
  describe('PostgreSQL room relay batching', () => {
    it('sends one turn of 3,000 inputs as one NOTIFY statement of several payloads, all in order', async () => {
      const [a, b] = [await relay(url), await relay(url)]
      const notifies = countNotifies()
      const query = vi.mocked(pg.Client.prototype.query)
      const sent = Array.from({ length: 3000 }, (_, i) => input(i % 7, i + 1))
      for (const envelope of sent) a.r.toGateway(b.r.serverId, envelope)
      await until(() => b.got.length >= sent.length, '3,000 inputs')
      expect(b.got).toEqual(sent)
      expect(notifies()).toBe(1)
      // Two arguments (channel, payload) per payload: more than one payload, each under the limit.
      const args = query.mock.calls[0]![1] as string[]
      expect(args.length / 2).toBeGreaterThan(5)
      for (const payload of args.filter((_, i) => i % 2 === 1)) {
        expect(Buffer.byteLength(payload)).toBeLessThan(8000)
      }
    })

    it('keeps each room in order when turns queue behind a statement in flight', async () => {
      const [a, b] = [await relay(url), await relay(url)]
      const notifies = countNotifies()
      const sent: ToGateway[] = []
      for (let turn = 0; turn < 40; turn++) {
        for (let room = 0; room < 25; room++) {
          const envelope = input(room, turn + 1)
          sent.push(envelope)
          a.r.toGateway(b.r.serverId, envelope)
        }
        await new Promise((r) => setImmediate(r))
      }
      await until(() => b.got.length >= sent.length, '1,000 inputs')
      expect(b.got).toEqual(sent)
      // At most one statement per turn; turns sent while one was in flight went together.
      expect(notifies()).toBeGreaterThan(0)
      expect(notifies()).toBeLessThanOrEqual(40)
    })
  })
}
