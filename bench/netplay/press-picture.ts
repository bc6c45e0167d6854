// Press → picture in real browsers (issue 25): two headless Chromium pages (one browser, two contexts) in a
// room of the built server, playing the two-pad ROM (built by our assembler; it paints the left half of the
// picture by controller 1's last button, the right half by controller 2's) on the real emulator. The
// players press in turn every 500 ms (held 100 ms), each alternating A and B so every press changes its
// half's colour. For each press it times, in frame times (16.64 ms), from the key going down on the
// presser's page to the first emulated frame whose picture (the core's own upload, page-probe.ts) shows
// the new colour, on the presser's screen and on the other's: press → picture up to the display's own
// latency (the canvas is composited in the same animation frame).
//
// The round trip R between the two players is simulated with the server's test-only relay delay
// (NETPLAY_TEST_DELAY_MS = R/2): the server holds every message to a browser R/2, so each browser's round
// trip to the server is R/2 and a press travels R/2 to the other player: R there and back (the `even`
// split of press-latency.ts).
//
// Waits: a gap between two frames of a page longer than two frame times (at least one frame not shown),
// its length the gap less one frame time; "room" when the page's animation frames kept coming (the loop
// had no pads for the frame), "busy" when they did not (the browser itself was late).
// --trace: the server (NETPLAY_TEST_TRACE) and the pages (lib/page-trace.ts) record the room's messages
// and the pages' long tasks, and each wait over 100 ms is followed link by link (lib/wait-chain.ts).
// Usage: npm run build && npx tsx bench/netplay/press-picture.ts [--rtts 0,50,100,200] [--seconds N]
//   [--trace] [--chrome-trace file.json] (default 60 s at 100 ms, 15 s at the others)
import type {} from '../../e2e/support/globals'
import type { Browser, Page } from 'playwright-core'
import { readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { FRAME_MS } from '../../apps/client/src/netplay/lockstep'
import { launchBrowser, openPage } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/global-setup'
import { joinRoom, openRoom, statusLine, uploadTwoPadRom } from '../../e2e/support/netplay-room'
import { blurActiveElement, waitForGame } from '../../e2e/support/player-page'
import { machineLine, summarize } from '../library/lib/stats'
import { clearProbe, installProbe, readProbe } from './lib/page-probe'
import type { PageRecord, StepRecord } from './lib/page-probe'
import { readTrace, traceContext } from './lib/page-trace'
import { explainWaits } from './lib/wait-chain'
import type { ServerTraceLine, TracedPage } from './lib/wait-chain'

const { values } = parseArgs({
  options: {
    rtts: { type: 'string', default: '0,50,100,200' },
    seconds: { type: 'string' },
    // Opt-in: the server's and the pages' message trace, and the chain of each wait over 100 ms.
    trace: { type: 'boolean', default: false },
    // Opt-in: a Chromium performance trace of the run (tasks, GC) written to this file.
    'chrome-trace': { type: 'string' },
  },
})
const RTTS = values.rtts.split(',').map(Number)
const secondsAt = (rtt: number) => Math.min(600, Number(values.seconds ?? (rtt === 100 ? 60 : 15)))
const PRESS_EVERY_MS = 500
const HOLD_MS = 100

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits until the room's status line on `page` matches `pattern`; returns it. */
async function statusMatching(page: Page, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const line = await statusLine(page)
    if (pattern.test(line)) return line
    if (Date.now() > deadline) throw new Error(`Status "${line}" never matched ${pattern}`)
    await sleep(200)
  }
}

/** Frames from `at` until `steps` show a change of `half` (0 left, 1 right), looking until `until`. */
function framesToPicture(steps: StepRecord[], at: number, half: 0 | 1, until: number): number {
  const before = steps.filter((s) => s[0] < at).at(-1)
  if (!before) return NaN
  const changed = steps.find((s) => s[0] >= at && s[0] < until && s[1 + half] !== before[1 + half])
  return changed ? (changed[0] - at) / FRAME_MS : NaN
}

/** Frames from `at` until the first frame of `steps` the core ran with a button of `pad` down. */
function framesToInput(steps: StepRecord[], at: number, pad: 0 | 1, until: number): number {
  const pressed = steps.find((s) => s[0] >= at && s[0] < until && s[3 + pad] !== 0)
  return pressed ? (pressed[0] - at) / FRAME_MS : NaN
}

/** Frames from `at` until the page sent its pad with a button down. */
function framesToSend(sends: [number, boolean][], at: number, until: number): number {
  const sent = sends.find(([t, pressed]) => t >= at && t < until && pressed)
  return sent ? (sent[0] - at) / FRAME_MS : NaN
}

/** `record` up to `end` (ms, the probe's clock). */
function until(record: PageRecord, end: number): PageRecord {
  return {
    steps: record.steps.filter((s) => s[0] < end),
    keys: record.keys.filter((t) => t < end),
    ticks: record.ticks.filter((t) => t < end),
    sends: record.sends.filter(([t]) => t < end),
  }
}

interface Wait {
  ms: number
  room: boolean
}

/** The gaps between a page's frames that hid at least one frame (see the header). */
function waitsOf(record: PageRecord): Wait[] {
  const waits: Wait[] = []
  const steps = [...record.steps].sort((a, b) => a[0] - b[0])
  for (let i = 1; i < steps.length; i++) {
    const [from, to] = [steps[i - 1]![0], steps[i]![0]]
    if (to - from <= 2 * FRAME_MS) continue
    // An animation frame in between (not the ones that ran these frames) that ran no frame.
    const room = record.ticks.some((t) => t > from + 4 && t < to - 4)
    waits.push({ ms: to - from - FRAME_MS, room })
  }
  return waits
}

/** A page of its own context; tsx keeps function names with a __name helper the browser does not have. */
async function newPage(browser: Browser): Promise<Page> {
  const { context, page } = await openPage(browser)
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f' })
  if (values.trace) await traceContext(context)
  return page
}

async function openPlayers(baseUrl: string) {
  const browser = await launchBrowser()
  const romId = await uploadTwoPadRom(baseUrl, 'Press to picture')
  const host = await newPage(browser)
  await host.goto(`${baseUrl}/play/${romId}`)
  await waitForGame(host)
  const guest = await newPage(browser)
  await joinRoom(guest, await openRoom(host))
  return { browser, host, guest }
}

/** The players press in turn until `seconds` have passed; returns the key-down times per page. */
async function pressInTurn(pages: Page[], seconds: number): Promise<number> {
  const start = Date.now()
  let i = 0
  for (; Date.now() - start < seconds * 1000; i++) {
    const page = pages[i % 2]!
    const key = Math.floor(i / 2) % 2 === 0 ? 'x' : 'z'
    await page.keyboard.down(key)
    await sleep(HOLD_MS)
    await page.keyboard.up(key)
    await sleep(Math.max(0, start + (i + 1) * PRESS_EVERY_MS - Date.now()))
  }
  return i
}

async function runAt(rtt: number) {
  const traceFile = path.join(os.tmpdir(), `press-picture-trace-${process.pid}-${rtt}.jsonl`)
  const server = await startServer({
    NETPLAY_TEST_DELAY_MS: String(rtt / 2),
    NETPLAY_TEST_JITTER_MS: '0',
    ...(values.trace ? { NETPLAY_TEST_TRACE: traceFile } : {}),
  })
  const { browser, host, guest } = await openPlayers(server.baseUrl).catch(async (error) => {
    await server.stop()
    throw error
  })
  try {
    await statusMatching(host, /^2 players/, 20_000)
    await sleep(3000) // the room measures the round trips and chooses the delay
    const pages = [host, guest]
    for (const page of pages) {
      await installProbe(page)
      await blurActiveElement(page)
    }
    for (const page of pages) await clearProbe(page)
    const chromeTrace = values['chrome-trace']
    if (chromeTrace) {
      await browser.startTracing(undefined, {
        path: chromeTrace.replace(/(\.json)?$/, `-${rtt}.json`),
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.gc'],
      })
    }
    const presses = await pressInTurn(pages, secondsAt(rtt))
    if (chromeTrace) await browser.stopTracing()
    await sleep(1000) // the last press reaches both screens
    const status = await statusLine(host)
    // Reading one page's records holds that page's main thread (and so the other page waits): only
    // what happened before the first read counts.
    const end = await host.evaluate(() => performance.timeOrigin + performance.now())
    const [h, g] = [until(await readProbe(host), end), until(await readProbe(guest), end)]
    const m: Record<'own' | 'other' | 'ownInput' | 'otherInput' | 'sent', number[]> = {
      own: [],
      other: [],
      ownInput: [],
      otherInput: [],
      sent: [],
    }
    for (const [pad, mine, theirs] of [
      [0, h, g],
      [1, g, h],
    ] as const) {
      mine.keys.forEach((at, n) => {
        const until = mine.keys[n + 1] ?? Infinity
        m.own.push(framesToPicture(mine.steps, at, pad, until))
        m.other.push(framesToPicture(theirs.steps, at, pad, until))
        m.ownInput.push(framesToInput(mine.steps, at, pad, until))
        m.otherInput.push(framesToInput(theirs.steps, at, pad, until))
        m.sent.push(framesToSend(mine.sends, at, until))
      })
    }
    const waits = [...waitsOf(h), ...waitsOf(g)]
    const chains = values.trace ? await explain(traceFile, [host, h], [guest, g]) : []
    return { status, presses, m, waits, chains }
  } finally {
    await browser.close()
    await server.stop()
  }
}

/** The chains of the waits over 100 ms of both pages (--trace); the raw traces are kept beside the file. */
async function explain(
  traceFile: string,
  [hostPage, hostRecord]: [Page, PageRecord],
  [guestPage, guestRecord]: [Page, PageRecord],
): Promise<string[]> {
  await sleep(500) // the server flushes its trace every 200 ms
  const server = readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ServerTraceLine)
  const host: TracedPage = {
    name: 'host',
    pad: 1,
    record: hostRecord,
    trace: await readTrace(hostPage),
  }
  const guest: TracedPage = {
    name: 'guest',
    pad: 2,
    record: guestRecord,
    trace: await readTrace(guestPage),
  }
  const raw = traceFile.replace(/\.jsonl$/, '-pages.json')
  writeFileSync(raw, JSON.stringify({ host, guest }))
  return [
    `trace: ${traceFile}, ${raw}`,
    ...explainWaits(host, guest, server, 100),
    ...explainWaits(guest, host, server, 100),
  ]
}

const frames = (values: number[]) => {
  const s = summarize(values.filter(Number.isFinite))
  return `median ${s.p50.toFixed(1)} (p90 ${s.p90.toFixed(1)}, n=${s.count}/${values.length})`
}

console.log(`netplay press → picture in two Chromium pages; ${machineLine()}`)
for (const rtt of RTTS) {
  const load = os.loadavg()[0]!.toFixed(2)
  const { status, presses, m, waits, chains } = await runAt(rtt)
  const longest = (list: Wait[]) => Math.max(0, ...list.map((w) => w.ms)).toFixed(0)
  const room = waits.filter((w) => w.room)
  const delay = /delay (\d+) frames/.exec(status)?.[1] ?? '?'
  console.log(
    `round trip ${String(rtt).padStart(3)} ms (relay delay ${rtt / 2} ms), ${secondsAt(rtt)} s, ` +
      `${presses} presses, load ${load} at the start: delay ${delay} frames ("${status}")\n` +
      `  press → picture, frames: own screen ${frames(m.own)}; other screen ${frames(m.other)}\n` +
      `  press → first frame run with it: own ${frames(m.ownInput)}; other ${frames(m.otherInput)}\n` +
      `  press → sent to the room: ${frames(m.sent)}\n` +
      `  waits (both pages): ${waits.length}, longest ${longest(waits)} ms, ` +
      `${waits.filter((w) => w.ms > 100).length} over 100 ms; of them room ${room.length} ` +
      `(longest ${longest(room)} ms), busy ${waits.length - room.length}`,
  )
  for (const chain of chains) console.log(`  ${chain}`)
}
