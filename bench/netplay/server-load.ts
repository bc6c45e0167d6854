// Server cost of online play (issue 25): N slot-cartridge rooms of two synthetic players each (the real
// lockstep loop with a fake emulator, 60 frames/s, not browsers), spread over client processes, against
// the built server; prints the CPU the server process(es) used (from /proc, % of one core) while every
// room plays, and the frames/s the rooms reached (60.1 when the server keeps up).
// --pg: two app servers on one PostgreSQL (TEST_DATABASE_URL, a schema of its own), each room's host on
// the first and its guest on the second, so every input crosses LISTEN/NOTIFY; the CPU is both servers'.
// Pinning: the app server(s) run on CPU 0 (`taskset -c 0`) and the synthetic players on CPU 1, so the
// server's figure is its own and not a share of a core the players also want (--no-pin turns it off);
// the players' own CPU is printed too. CPU is the on-CPU time the kernel counted for each process
// (/proc/<pid>/schedstat, nanoseconds: what process.cpuUsage() reports, read from outside) over the
// measured window, after a warm-up, as a share of one core.
// --prof DIR: the server(s) write a V8 CPU profile (node --cpu-prof) there when they stop.
// --syscalls: also counts the (first) server's system calls over the window (perf stat, lib/syscall-count.ts).
// --node-args "…": flags for the server's node (e.g. "--max-semi-space-size=16").
// --node PATH: the node binary that runs the server(s) (the players stay on this process's node); the
// checkout's better-sqlite3 must have been built for it (`npm ci` under that node).
// --own-pg CPU (implies --pg): instead of TEST_DATABASE_URL's cluster, a throw-away PostgreSQL cluster of
// the run's own, every process of it pinned to CPU (lib/own-postgres.ts), whose CPU is printed too, with
// the servers' user/system split.
// Usage: npm run build && npx tsx bench/netplay/server-load.ts [--rooms 200] [--seconds 10]
//   [--clients 1] [--pg] [--own-pg CPU] [--no-pin] [--prof DIR] [--syscalls] [--node PATH]
//   [--node-args "…"]
import { execFileSync, fork } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { benchSchema, createSchema } from '../library/lib/pg-schema'
import { nodeVersion, startServer, tempDir } from '../library/lib/server-process'
import type { ServerHandle } from '../library/lib/server-process'
import { machineLine } from '../library/lib/stats'
import { startOwnPostgres } from './lib/own-postgres'
import type { OwnPostgres } from './lib/own-postgres'
import { snapshot, used, withChildren } from './lib/proc-cpu'
import type { CpuTimes } from './lib/proc-cpu'
import {
  SyntheticPlayer,
  benchCartridge,
  driveAll,
  openCartridgeRoom,
} from './lib/synthetic-player'
import { countSyscalls, syscallLine } from './lib/syscall-count'

const { values } = parseArgs({
  options: {
    rooms: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '1' },
    pg: { type: 'boolean', default: false },
    'no-pin': { type: 'boolean', default: false },
    prof: { type: 'string' },
    'own-pg': { type: 'string' },
    syscalls: { type: 'boolean', default: false },
    node: { type: 'string' },
    'node-args': { type: 'string', default: '' },
    // Internal: this process is a client of the servers given.
    child: { type: 'string' },
  },
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** CPU seconds a process has run so far (all its threads: /proc/<pid>/schedstat is the main one's). */
function cpuSeconds(pid: number): number {
  let ns = 0
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
  }
  return ns / 1e9
}

/** Pins a running process and its threads to `cpus` (taskset -a -p -c). */
function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' })
}

const median = (sorted: readonly number[]) => sorted[sorted.length >> 1] ?? 0

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

/** Each server's user/system CPU, and PostgreSQL's (postmaster and backends) when it is our own. */
function splitNow(servers: readonly ServerHandle[], pg: OwnPostgres | undefined) {
  return {
    servers: servers.map((s) => snapshot([s.child.pid!])),
    pg: pg ? snapshot(withChildren(pg.pid())) : undefined,
  }
}

function splitLine(
  before: ReturnType<typeof splitNow>,
  after: ReturnType<typeof splitNow>,
  seconds: number,
  pgCpu: string | undefined,
): string {
  const pct = (t: CpuTimes) =>
    `${((100 * (t.user + t.system)) / seconds).toFixed(1)}% ` +
    `(user ${((100 * t.user) / seconds).toFixed(1)}, system ${((100 * t.system) / seconds).toFixed(1)})`
  const servers = after.servers.map((a, i) => pct(used(before.servers[i]!, a))).join(' + ')
  const pg =
    before.pg && after.pg
      ? `; PostgreSQL (own, CPU ${pgCpu}) ${pct(used(before.pg, after.pg))}`
      : ''
  return `servers user/system ${servers}${pg}; `
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
  const ownPg =
    values['own-pg'] === undefined ? undefined : await startOwnPostgres(values['own-pg'])
  const pgUrl = ownPg?.url ?? (values.pg ? process.env.TEST_DATABASE_URL : undefined)
  if (values.pg && !pgUrl) throw new Error('--pg needs TEST_DATABASE_URL (or --own-pg CPU)')
  const schema = pgUrl ? benchSchema(pgUrl, 'netplay_bench') : undefined
  if (schema) await createSchema(schema)
  const env = { NETPLAY_MAX_ROOMS: String(rooms + 10), LOG_LEVEL: 'error' }
  const pinned = !values['no-pin']
  const nodeArgs = [
    ...(values.prof ? ['--cpu-prof', `--cpu-prof-dir=${values.prof}`] : []),
    ...values['node-args'].split(' ').filter(Boolean),
  ]
  const servers: ServerHandle[] = []
  try {
    for (let i = 0; i < (schema ? 2 : 1); i++) {
      servers.push(
        await startServer({
          dataDir: tempDir('netplay'),
          databaseUrl: schema?.databaseUrl,
          env,
          nodeArgs,
          node: values.node,
          cpus: pinned ? '0' : undefined,
        }),
      )
    }
    const [a, b] = [servers[0]!, servers.at(-1)!]
    const self = fileURLToPath(import.meta.url)
    const children = Array.from({ length: clients }, (_, i) => {
      const share = Math.floor(rooms / clients) + (i < rooms % clients ? 1 : 0)
      const spec = JSON.stringify({ hostUrl: a.url, guestUrl: b.url, rooms: share })
      return fork(self, ['--child', spec], { execArgv: ['--import', 'tsx'] })
    })
    if (pinned) for (const c of children) pin(c.pid!, '1')
    await Promise.all(children.map((c) => ask(c, '', 'ready')))
    await sleep(3000) // every room past its start (states sent, delay chosen)
    const framesNow = async () =>
      (await Promise.all(children.map((c) => ask<number[]>(c, 'frames', 'frames')))).flat()
    const rttsNow = async () =>
      (await Promise.all(children.map((c) => ask<number[]>(c, 'frames', 'rtts')))).flat()
    const delaysNow = async () =>
      (await Promise.all(children.map((c) => ask<number[]>(c, 'frames', 'delays')))).flat()
    const pids = [...servers.map((s) => s.child.pid!), ...children.map((c) => c.pid!)]
    const syscalls = values.syscalls ? await countSyscalls(pids[0]!) : undefined
    const before = await framesNow()
    const cpuBefore = pids.map(cpuSeconds)
    const splitBefore = splitNow(servers, ownPg)
    const commitsBefore = await ownPg?.commits()
    const t0 = performance.now()
    await sleep(seconds * 1000)
    const cpuAfter = pids.map(cpuSeconds)
    const splitAfter = splitNow(servers, ownPg)
    const commitsAfter = await ownPg?.commits()
    const elapsed = (performance.now() - t0) / 1000
    const after = await framesNow()
    const calls = await syscalls?.stop()
    const rtts = (await rttsNow()).sort((x, y) => x - y)
    const delays = (await delaysNow()).sort((x, y) => x - y)
    const rates = after.map((f, i) => (f - (before[i] ?? 0)) / elapsed).sort((x, y) => x - y)
    const cpu = cpuAfter.map((c, i) => (100 * (c - (cpuBefore[i] ?? 0))) / elapsed)
    const serverCpu = cpu.slice(0, servers.length)
    // The server's cost per frame of a room, whatever frames/s the players reached (both players run
    // every frame of their room, so a room's frames are half the players' sum).
    const roomFrames = after.reduce((sum, f, i) => sum + f - (before[i] ?? 0), 0) / 2
    const cpuSum = cpuAfter
      .slice(0, servers.length)
      .reduce((sum, c, i) => sum + c - cpuBefore[i]!, 0)
    const perRoomFrame = (1e6 * cpuSum) / Math.max(1, roomFrames)
    const playersCpu = cpu.slice(servers.length)
    for (const c of children) c.send({ t: 'stop' })
    const fmt = (xs: number[]) => xs.map((c) => `${c.toFixed(1)}%`).join(' + ')
    console.log(`netplay server load; server on node ${nodeVersion(values.node)}; ${machineLine()}`)
    console.log(
      `${rooms} rooms × 2 players on ${schema ? 'two app servers, PostgreSQL relay' : 'one app server'}: ` +
        `server CPU ${fmt(serverCpu)} of one core over ${elapsed.toFixed(1)} s` +
        `${pinned ? ' (servers on CPU 0, players on CPU 1)' : ' (not pinned)'}; ` +
        `players' CPU ${fmt(playersCpu)}; frames/s per player median ${median(rates).toFixed(1)}, ` +
        `slowest ${(rates[0] ?? 0).toFixed(1)}; round trip to the room median ${median(rtts)} ms ` +
        `(max ${rtts.at(-1) ?? 0}), input delay median ${median(delays)} frames; ` +
        `server CPU per room frame ${perRoomFrame.toFixed(1)} µs (all servers); ` +
        splitLine(splitBefore, splitAfter, elapsed, values['own-pg']) +
        (ownPg
          ? `NOTIFY statements ≈ ${(((commitsAfter ?? 0) - (commitsBefore ?? 0)) / elapsed).toFixed(0)}/s ` +
            `for ${(roomFrames / elapsed / 1000).toFixed(1)}k room frames/s; `
          : '') +
        (calls ? `first server's ${syscallLine(calls, roomFrames / elapsed)}; ` : '') +
        `load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    )
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
    await schema?.drop()
    ownPg?.stop()
  }
}

if (values.child) await runClient(JSON.parse(values.child) as Parameters<typeof runClient>[0])
else await main()
