// Press → picture in frames, for both players, at simulated round trips (issue 25): two synthetic players
// (the real lockstep loop, a fake emulator) in a slot-cartridge room on the built server. A round trip R
// is the one between the two players (through the server): `even` puts each player R/2 from the server
// (R/4 each way), `uneven` puts the host next to it and the guest R away; each player holds every message
// to and from the server its one-way time. The players press in turn every 500 ms (held 100 ms); for each
// press it prints, on the presser's and the other's screen, how many frame times (16.64 ms) passed until
// a frame ran with it, the input delay the room chose, and the waits (a frame was due and the loop did
// not have both pads) over the run.
// Usage: npm run build && npx tsx bench/netplay/press-latency.ts [--rtts 0,50,100,200] [--seconds 60]
//   [--split even,uneven]
import { parseArgs } from 'node:util'
import { FRAME_MS } from '../../apps/client/src/netplay/lockstep'
import { startServer, tempDir } from '../library/lib/server-process'
import { machineLine, summarize } from '../library/lib/stats'
import {
  SyntheticPlayer,
  benchCartridge,
  driveAll,
  openCartridgeRoom,
} from './lib/synthetic-player'

const { values } = parseArgs({
  options: {
    rtts: { type: 'string', default: '0,50,100,200' },
    seconds: { type: 'string', default: '60' },
    split: { type: 'string', default: 'even,uneven' },
  },
})
const RTTS = values.rtts.split(',').map(Number)
const SPLITS = values.split.split(',') as ('even' | 'uneven')[]
const SECONDS = Math.min(600, Number(values.seconds))
const BUTTONS = [0x01, 0x02, 0x10, 0x20, 0x40, 0x80]

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Press {
  at: number
  pad: 0 | 1
  bits: number
  own?: number
  other?: number
}

async function runAt(rtt: number, split: 'even' | 'uneven') {
  const server = await startServer({ dataDir: tempDir('netplay') })
  const oneWay = split === 'even' ? [rtt / 4, rtt / 4] : [0, rtt / 2]
  const presses: Press[] = []
  const waits: number[] = []
  const seen = (who: 0 | 1) => (_frame: number, pads: readonly [number, number], now: number) => {
    for (const p of presses) {
      if ((pads[p.pad] & p.bits) === 0) continue
      const frames = (now - p.at) / FRAME_MS
      if (who === p.pad) p.own ??= frames
      else p.other ??= frames
    }
  }
  const cartridge = benchCartridge()
  const room = await openCartridgeRoom(server.url, cartridge.length)
  const host = new SyntheticPlayer(server.url, room.roomId, {
    hostKey: room.hostKey,
    cartridge,
    oneWayMs: oneWay[0],
    events: { padsChanged: seen(0), wait: (ms) => waits.push(ms) },
  })
  const guest = new SyntheticPlayer(server.url, room.roomId, {
    oneWayMs: oneWay[1],
    events: { padsChanged: seen(1), wait: (ms) => waits.push(ms) },
  })
  const players = [host, guest]
  const stop = driveAll(() => players)
  try {
    await host.join()
    await guest.join()
    await sleep(3000) // the room measures round trips and picks its delay
    waits.length = 0
    const end = performance.now() + SECONDS * 1000
    for (let i = 0; performance.now() < end; i++) {
      const pad = (i % 2) as 0 | 1
      const bits = BUTTONS[i % BUTTONS.length] ?? 1
      presses.push({ at: performance.now(), pad, bits })
      players[pad]?.core.press(bits, 100)
      await sleep(500)
      // Only the newest press is looked for on screen: an older one's bits may come back later.
      presses.splice(0, presses.length - 1)
      recorded.push(...presses.filter((p) => p.own !== undefined))
    }
    return {
      delays: [host.delay, guest.delay],
      resyncs: host.resyncs,
      frames: [host.loop?.frame ?? 0, guest.loop?.frame ?? 0],
      waits,
    }
  } finally {
    stop()
    for (const p of players) p.close()
    await server.stop()
  }
}

const recorded: Press[] = []

console.log(`netplay press → picture, ${SECONDS} s a round trip; ${machineLine()}`)
for (const rtt of RTTS) {
  for (const split of rtt === 0 ? ['even' as const] : SPLITS) {
    recorded.length = 0
    report(rtt, split, await runAt(rtt, split))
  }
}

function report(rtt: number, split: string, result: Awaited<ReturnType<typeof runAt>>): void {
  const own = summarize(recorded.map((p) => p.own ?? NaN).filter(Number.isFinite))
  const other = summarize(recorded.map((p) => p.other ?? NaN).filter(Number.isFinite))
  const long = result.waits.filter((ms) => ms > 100)
  console.log(
    `rtt ${String(rtt).padStart(3)} ms ${split.padEnd(6)}: delays ${result.delays.join('/')} frames; ` +
      `press → own screen median ` +
      `${own.p50.toFixed(1)} frames (p90 ${own.p90.toFixed(1)}), other screen median ` +
      `${other.p50.toFixed(1)} frames (p90 ${other.p90.toFixed(1)}), n=${own.count}; waits ` +
      `${result.waits.length} (longest ${Math.max(0, ...result.waits).toFixed(0)} ms, ${long.length} > 100 ms); ` +
      `frames run ${result.frames.join('/')}, re-syncs ${result.resyncs}`,
  )
}
