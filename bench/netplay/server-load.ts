// Server cost of online play (issue 25): N slot-cartridge rooms of two synthetic players each (the real
// lockstep loop with a fake emulator, 60 frames/s, not browsers), spread over client processes, against
// the built server; prints the CPU the server process(es) used (from /proc, % of one core) while every
// room plays, and the frames/s the rooms reached (60.1 when the server keeps up).
// --pg: two app servers on one PostgreSQL (TEST_DATABASE_URL, a schema of its own), each room's host on
// the first and its guest on the second, so every input crosses LISTEN/NOTIFY; the CPU is both servers'.
// Usage: npm run build && npx tsx bench/netplay/server-load.ts [--rooms 200] [--seconds 10]
//   [--clients 2] [--pg]
import { fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { benchSchema, createSchema } from '../library/lib/pg-schema'
import { startServer, tempDir } from '../library/lib/server-process'
import type { ServerHandle } from '../library/lib/server-process'
import { machineLine } from '../library/lib/stats'
import {
  SyntheticPlayer,
  benchCartridge,
  driveAll,
  openCartridgeRoom,
} from './lib/synthetic-player'

const { values } = parseArgs({
  options: {
    rooms: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '2' },
    pg: { type: 'boolean', default: false },
    // Internal: this process is a client of the servers given.
    child: { type: 'string' },
  },
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100 // utime, stime in clock ticks (100 Hz)
}

/** A client process: opens `rooms` rooms, plays them, answers "frames" with the frames run so far. */
async function runClient(spec: { hostUrl: string; guestUrl: string; rooms: number }) {
  const players: SyntheticPlayer[] = []
  const stop = driveAll(() => players)
  const cartridge = benchCartridge()
  for (let i = 0; i < spec.rooms; i++) {
    const room = await openCartridgeRoom(spec.hostUrl, cartridge.length)
    const host = new SyntheticPlayer(spec.hostUrl, room.roomId, {
      hostKey: room.hostKey,
      cartridge,
    })
    await host.join()
    const guest = new SyntheticPlayer(spec.guestUrl, room.roomId, {})
    await guest.join()
    players.push(host, guest)
  }
  let pressed = 0
  const presser = setInterval(() => {
    // Someone presses something now and then, so frames carry changing pads.
    players[pressed++ % players.length]?.core.press(0x01 << (pressed % 8), 100)
  }, 50)
  process.send?.({ ready: true })
  process.on('message', (msg: { t: string }) => {
    if (msg.t === 'frames') {
      process.send?.({
        frames: players.map((p) => p.loop?.frame ?? 0),
        rtts: players.map((p) => p.rtt()),
        delays: players.map((p) => p.delay),
      })
    } else if (msg.t === 'stop') {
      clearInterval(presser)
      stop()
      for (const p of players) p.close()
      setTimeout(() => process.exit(0), 200)
    }
  })
}

function ask<T>(child: ReturnType<typeof fork>, t: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (msg: Record<string, unknown>) => {
      if (!(key in msg)) return
      child.off('message', on)
      resolve(msg[key] as T)
    }
    child.on('message', on)
    if (t) child.send({ t })
  })
}

async function main() {
  const rooms = Math.min(2000, Number(values.rooms))
  const seconds = Math.min(120, Number(values.seconds))
  const clients = Math.max(1, Math.min(8, Number(values.clients)))
  const pgUrl = values.pg ? process.env.TEST_DATABASE_URL : undefined
  if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL')
  const schema = pgUrl ? benchSchema(pgUrl, 'netplay_bench') : undefined
  if (schema) await createSchema(schema)
  const env = { NETPLAY_MAX_ROOMS: String(rooms + 10), LOG_LEVEL: 'error' }
  const servers: ServerHandle[] = []
  try {
    for (let i = 0; i < (schema ? 2 : 1); i++) {
      servers.push(
        await startServer({ dataDir: tempDir('netplay'), databaseUrl: schema?.databaseUrl, env }),
      )
    }
    const [a, b] = [servers[0]!, servers.at(-1)!]
    const self = fileURLToPath(import.meta.url)
    const children = Array.from({ length: clients }, (_, i) => {
      const share = Math.floor(rooms / clients) + (i < rooms % clients ? 1 : 0)
      const spec = JSON.stringify({ hostUrl: a.url, guestUrl: b.url, rooms: share })
      return fork(self, ['--child', spec], { execArgv: ['--import', 'tsx'] })
    })
    await Promise.all(children.map((c) => ask(c, '', 'ready')))
    await sleep(3000) // every room past its start (states sent, delay chosen)
    const framesNow = async () =>
      (await Promise.all(children.map((c) => ask<number[]>(c, 'frames', 'frames')))).flat()
    const rttsNow = async () =>
      (await Promise.all(children.map((c) => ask<number[]>(c, 'frames', 'rtts')))).flat()
    const delaysNow = async () =>
      (await Promise.all(children.map((c) => ask<number[]>(c, 'frames', 'delays')))).flat()
    const before = await framesNow()
    const cpuBefore = servers.map((s) => cpuSeconds(s.child.pid!))
    const t0 = performance.now()
    await sleep(seconds * 1000)
    const cpuAfter = servers.map((s) => cpuSeconds(s.child.pid!))
    const elapsed = (performance.now() - t0) / 1000
    const after = await framesNow()
    const rtts = (await rttsNow()).sort((x, y) => x - y)
    const delays = (await delaysNow()).sort((x, y) => x - y)
    const rates = after.map((f, i) => (f - (before[i] ?? 0)) / elapsed).sort((x, y) => x - y)
    const cpu = cpuAfter.map((c, i) => (100 * (c - (cpuBefore[i] ?? 0))) / elapsed)
    for (const c of children) c.send({ t: 'stop' })
    console.log(`netplay server load; ${machineLine()}`)
    console.log(
      `${rooms} rooms × 2 players on ${schema ? 'two app servers, PostgreSQL relay' : 'one app server'}: ` +
        `server CPU ${cpu.map((c) => `${c.toFixed(1)}%`).join(' + ')} of one core over ${elapsed.toFixed(1)} s; ` +
        `frames/s per player median ${(rates[Math.floor(rates.length / 2)] ?? 0).toFixed(1)}, ` +
        `slowest ${(rates[0] ?? 0).toFixed(1)}; round trip to the room median ` +
        `${rtts[rtts.length >> 1] ?? 0} ms (max ${rtts.at(-1) ?? 0}), input delay median ` +
        `${delays[delays.length >> 1] ?? 0} frames`,
    )
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await schema?.drop()
  }
}

if (values.child) await runClient(JSON.parse(values.child) as Parameters<typeof runClient>[0])
else await main()
