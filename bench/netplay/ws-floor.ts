// The floor of the relay's cost (issue 25): what ws, Node's streams and the kernel alone cost for a room
// frame of 2 messages in and 2 out, measured like server-load.ts measures the real server. A bare relay
// (lib/ws-floor-server.ts: the server's ws version and options, each message written verbatim to the
// partner socket, writes corked per event-loop turn like the real server's; --no-cork: not) runs on CPU 0;
// N pairs of players run on CPU 1 in this process, each the real lockstep loop (apps/client/src/netplay/
// lockstep.ts) with the fake emulator, sending its `input` exactly as the browser writes it. With no room
// in between, each player confirms every frame itself from its own pad and the other's relayed one, so a
// room frame is the server's 2 messages in (each player's input) and 2 out (each relayed verbatim), the
// message sizes of ours within 6 bytes (a relayed input carries no `"pad":1,`); no pings either way (the
// real server pings each socket once a second), and their `hash` every 60 frames is relayed too (1 in 60 more). Prints the relay's CPU (% of one core,
// user and system), its CPU per room frame, the players' CPU and frames/s, and the load average.
// --skip-utf8: the relay with ws's skipUTF8Validation; --node-args "…": flags for the relay's node
// (e.g. "--max-semi-space-size=16").
// --syscalls: also counts the relay's system calls over the window (perf stat, lib/syscall-count.ts).
// --node PATH: the node binary that runs the relay (the players stay on this process's node).
// Usage: npx tsx bench/netplay/ws-floor.ts [--rooms 200] [--seconds 10] [--delay 2] [--no-cork]
//   [--skip-utf8] [--node-args "…"] [--no-pin] [--prof DIR] [--syscalls] [--node PATH]
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import WebSocket from 'ws'
import { Lockstep } from '../../apps/client/src/netplay/lockstep'
import { REPO_ROOT, freePort, nodeVersion } from '../library/lib/server-process'
import { machineLine } from '../library/lib/stats'
import { cpuTimes } from './lib/proc-cpu'
import { FakeCore, driveAll } from './lib/synthetic-player'
import { countSyscalls, syscallLine } from './lib/syscall-count'

const { values } = parseArgs({
  options: {
    rooms: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    delay: { type: 'string', default: '2' },
    'no-cork': { type: 'boolean', default: false },
    'skip-utf8': { type: 'boolean', default: false },
    'node-args': { type: 'string', default: '' },
    'no-pin': { type: 'boolean', default: false },
    prof: { type: 'string' },
    syscalls: { type: 'boolean', default: false },
    node: { type: 'string' },
  },
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** On-CPU seconds of a process (all its threads, from schedstat) and its user/system split. */
function cpuOf(pid: number): { total: number; user: number; system: number } {
  let ns = 0
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
  }
  return { total: ns / 1e9, ...cpuTimes(pid) }
}

class FloorPlayer {
  readonly ws: WebSocket
  readonly core = new FakeCore(() => undefined)
  readonly loop: Lockstep
  readonly paired: Promise<void>

  constructor(
    url: string,
    private readonly pad: 1 | 2,
  ) {
    this.ws = new WebSocket(url)
    this.loop = new Lockstep(
      this.core,
      {
        sendInput: (f, p) => this.send(JSON.stringify({ t: 'input', f, p })),
        sendHash: (f, h) => this.send(JSON.stringify({ t: 'hash', f, h })),
        sendState: () => undefined,
        needState: () => undefined,
      },
      { hasState: true },
    )
    this.paired = new Promise((resolve, reject) => {
      this.ws.once('error', reject)
      this.ws.on('message', (data) => {
        // As the synthetic players do: JSON.parse, no schema.
        const msg = JSON.parse((data as Buffer).toString()) as { t: string; f: number; p: number[] }
        if (msg.t === 'input') this.loop.receiveInput(this.pad === 1 ? 2 : 1, msg.f, msg.p)
        else if (msg.t === 'paired') resolve()
      })
    })
  }

  private send(text: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text)
  }

  start(delay: number): void {
    this.loop.setDelay(delay)
    this.loop.setRole(this.pad, 1)
  }

  tick(now: number): void {
    this.loop.tick(now)
  }
}

async function startRelay(port: number): Promise<ReturnType<typeof spawn>> {
  const node = [
    values.node ?? process.execPath,
    ...(values.prof ? ['--cpu-prof', `--cpu-prof-dir=${values.prof}`] : []),
    ...values['node-args'].split(' ').filter(Boolean),
    '--import',
    'tsx',
    'bench/netplay/lib/ws-floor-server.ts',
    '--port',
    String(port),
    ...(values['no-cork'] ? ['--no-cork'] : []),
    ...(values['skip-utf8'] ? ['--skip-utf8'] : []),
  ]
  // taskset execs node in its own process, so the child's pid is the relay's.
  const [command, ...args] = values['no-pin'] ? node : ['taskset', '-c', '0', ...node]
  const child = spawn(command!, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`relay exited with ${code}`)))
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve()
    })
  })
  return child
}

async function openPairs(url: string, rooms: number, delay: number): Promise<FloorPlayer[]> {
  const players: FloorPlayer[] = []
  for (let i = 0; i < rooms; i++) {
    const pair = [new FloorPlayer(`${url}/floor/${i}`, 1), new FloorPlayer(`${url}/floor/${i}`, 2)]
    await Promise.all(pair.map((p) => p.paired))
    for (const p of pair) p.start(delay)
    players.push(...pair)
  }
  return players
}

async function main() {
  const rooms = Math.min(2000, Number(values.rooms))
  const seconds = Math.min(120, Number(values.seconds))
  const port = await freePort()
  const machine = machineLine() // before this process is pinned to one CPU
  const relay = await startRelay(port)
  const exited = new Promise((r) => relay.once('exit', r))
  try {
    if (!values['no-pin']) {
      execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' })
    }
    const players: FloorPlayer[] = []
    const stopDriving = driveAll(() => players)
    players.push(...(await openPairs(`ws://127.0.0.1:${port}`, rooms, Number(values.delay))))
    let pressed = 0
    const presser = setInterval(() => {
      // Someone presses something now and then, so inputs carry changing pads (as server-load.ts).
      players[pressed++ % players.length]?.core.press(0x01 << (pressed % 8), 100)
    }, 50)
    await sleep(3000)
    const syscalls = values.syscalls ? await countSyscalls(relay.pid!) : undefined
    const framesBefore = players.map((p) => p.loop.frame)
    const [relayBefore, selfBefore] = [cpuOf(relay.pid!), cpuOf(process.pid)]
    const t0 = performance.now()
    await sleep(seconds * 1000)
    const [relayAfter, selfAfter] = [cpuOf(relay.pid!), cpuOf(process.pid)]
    const elapsed = (performance.now() - t0) / 1000
    const calls = await syscalls?.stop()
    const rates = players
      .map((p, i) => (p.loop.frame - framesBefore[i]!) / elapsed)
      .sort((a, b) => a - b)
    clearInterval(presser)
    stopDriving()
    for (const p of players) p.ws.close(1000)
    const roomFrames = rates.reduce((sum, r) => sum + r * elapsed, 0) / 2
    const pct = (s: number) => `${((100 * s) / elapsed).toFixed(1)}%`
    const used = (k: 'total' | 'user' | 'system') => relayAfter[k] - relayBefore[k]
    console.log(`netplay ws floor; relay on node ${nodeVersion(values.node)}; ${machine}`)
    console.log(
      `${rooms} pairs on a bare ws relay (${values['no-cork'] ? 'not corked' : 'corked per turn'}` +
        `${values['skip-utf8'] ? ', skipUTF8Validation' : ''}` +
        `${values['node-args'] ? `, node ${values['node-args']}` : ''}, ` +
        `${values['no-pin'] ? 'not pinned' : 'relay on CPU 0, players on CPU 1'}): relay CPU ` +
        `${pct(used('total'))} of one core (user ${pct(used('user'))}, system ${pct(used('system'))}) ` +
        `over ${elapsed.toFixed(1)} s; players' CPU ${pct(selfAfter.total - selfBefore.total)}; ` +
        `frames/s per player median ${rates[rates.length >> 1]!.toFixed(1)}, slowest ` +
        `${rates[0]!.toFixed(1)}; relay CPU per room frame ` +
        `${((1e6 * used('total')) / Math.max(1, roomFrames)).toFixed(1)} µs; ` +
        (calls ? `${syscallLine(calls, roomFrames / elapsed)}; ` : '') +
        'load average ' +
        loadavg()
          .map((l) => l.toFixed(2))
          .join(' '),
    )
  } finally {
    relay.kill('SIGTERM')
    await exited
  }
}

await main()
process.exit(0)
