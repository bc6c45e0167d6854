// A library of 10,000 entries (issue 11): first render of the ROM Library panel in Chromium, and the
// download p99 of other clients while one client keeps changing the library and re-reading the list.
// Usage: npm run build && npx tsx bench/library/list-10k.ts [--entries 10000] [--runs 3]
//   [--downloads 400 (0: first render only)] [--client-dir <serve this client build instead>]
//   [--baseline-dir <a second client build>: a second server on the same library serves it, and the
//    cold pages alternate between the two (each first in every other pair), so both see the same
//    machine load; prints the ratio]
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openSqliteRomStore } from '../../apps/server/src/storage/sqlite/sqlite-rom-store'
import { launchBrowser } from '../../e2e/support/browser'
import { createClient } from './lib/http-client'
import { makeRom, uploadBody } from './lib/rom-files'
import { seedRom } from './lib/seed-rom'
import { startServer, tempDir } from './lib/server-process'
import { describeSummary, machineLine, summarize } from './lib/stats'

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    downloads: { type: 'string', default: '400' },
    'client-dir': { type: 'string' },
    'baseline-dir': { type: 'string' },
  },
})
const ENTRIES = Math.min(50_000, Number(values.entries))
const RUNS = Math.min(20, Number(values.runs))
const DOWNLOADS = Math.min(5000, Number(values.downloads))

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

interface FirstRender {
  /** Milliseconds from navigation start (performance.now()'s origin) until the first row is in the DOM. */
  ms: number
  /**
   * ... until it is on screen: the first animation frame after it entered the DOM, and not before the
   * page's first contentful paint (a server-rendered row is in the DOM while the styles still load).
   */
  paintMs: number
  /** ... until the app runs the page (hydrated, or rendered by the browser): its buttons work. */
  readyMs: number
  /** The page's first contentful paint, and when its stylesheet had arrived. */
  fcpMs: number
  cssMs: number
  /** The app's script: response complete; and DOMContentLoaded (the script has run). */
  scriptMs: number
  domContentLoadedMs: number
  /** The first /api/roms request (the preload, when index.html has one): sent and answered. */
  listStartMs: number
  listMs: number
  /** /api/roms requests the page made before its first row (0 when the page carries the first page). */
  listRequests: number
  rows: number
}

interface Marks {
  firstRowMs?: number
  firstRowFrameMs?: number
  readyMs?: number
}

/**
 * Milliseconds from navigation start until the first library row is in the DOM, on screen, and run by
 * the app, and what came before it; each run launches a new browser, so nothing is cached.
 */
async function firstRender(url: string): Promise<FirstRender> {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    await page.addInitScript(() => {
      const marks: Marks = {}
      ;(window as unknown as { __marks: Marks }).__marks = marks
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('[data-testid="rom-item"]')) return
        if (marks.firstRowMs === undefined) {
          marks.firstRowMs = performance.now()
          requestAnimationFrame((time) => (marks.firstRowFrameMs = time))
        }
        if (!document.querySelector('#root[data-prerendered]')) {
          marks.readyMs = performance.now()
          observer.disconnect()
        }
      }).observe(document, { childList: true, subtree: true, attributes: true })
    })
    await page.goto(`${url}/`)
    await page.waitForFunction(
      () => {
        const marks = (window as unknown as { __marks: Marks }).__marks
        return marks.readyMs !== undefined && marks.firstRowFrameMs !== undefined
      },
      undefined,
      { timeout: 60_000 },
    )
    return await page.evaluate(() => {
      const marks = (window as unknown as { __marks: Required<Marks> }).__marks
      const ms = marks.firstRowMs
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const lists = resources.filter(
        (e) => new URL(e.name).pathname === '/api/roms' && e.startTime < ms,
      )
      const script = resources.find((e) => /\/assets\/main-[^/]*\.js$/.test(e.name))
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      return {
        ms,
        paintMs: Math.max(marks.firstRowFrameMs, fcp),
        readyMs: marks.readyMs,
        fcpMs: fcp,
        cssMs: resources.find((e) => /\/assets\/main-[^/]*\.css$/.test(e.name))?.responseEnd ?? NaN,
        scriptMs: script?.responseEnd ?? NaN,
        domContentLoadedMs: nav.domContentLoadedEventEnd,
        listStartMs: lists[0]?.startTime ?? NaN,
        listMs: lists[0]?.responseEnd ?? NaN,
        listRequests: lists.length,
        rows: document.querySelectorAll('[data-testid="rom-item"]').length,
      }
    })
  } finally {
    await browser.close()
  }
}

async function downloadP99(url: string, id: string, churn?: () => Promise<void>): Promise<string> {
  const client = createClient(url, 4)
  let churning = churn !== undefined
  const churner = (async () => {
    while (churning && churn) await churn()
  })()
  const samples: number[] = []
  try {
    for (let i = 0; i < DOWNLOADS / 4; i++) {
      const batch = await Promise.all(
        Array.from({ length: 4 }, () => client.request(`/api/roms/${id}`)),
      )
      for (const res of batch) {
        if (res.status !== 200) throw new Error(`download status ${res.status}`)
        samples.push(res.ms)
      }
    }
  } finally {
    churning = false
    await churner
    client.close()
  }
  return describeSummary(summarize(samples))
}

async function measureDownloads(
  url: string,
  client: ReturnType<typeof createClient>,
): Promise<void> {
  const big = uploadBody(makeRom(16, 0, 777), 'big.nes', 'Download target')
  const stored = await client.request('/api/roms', {
    method: 'POST',
    body: big.body,
    headers: big.headers,
  })
  const id = (JSON.parse(stored.body.toString()) as { rom: { id: string } }).rom.id
  let seed = 0
  const churnThen = (listPath: string) => async () => {
    const up = uploadBody(makeRom(1, 0, 500_000 + seed++), 'churn.nes', `Churn ${seed}`)
    const res = await client.request('/api/roms', {
      method: 'POST',
      body: up.body,
      headers: up.headers,
    })
    const rom = (JSON.parse(res.body.toString()) as { rom: { id: string } }).rom
    await client.request(listPath, { headers: { 'accept-encoding': 'br, gzip' } })
    await client.request(`/api/roms/${rom.id}`, { method: 'DELETE' })
    await client.request(listPath, { headers: { 'accept-encoding': 'br, gzip' } })
  }
  console.log(`# ${DOWNLOADS} downloads of a 256 KiB ROM, 4 at a time`)
  console.log(`quiet library                          ${await downloadP99(url, id)}`)
  console.log(
    `one client churning, re-reading a page ${await downloadP99(url, id, churnThen('/api/roms?limit=100'))}`,
  )
  console.log(
    `one client churning, re-reading all    ${await downloadP99(url, id, churnThen('/api/roms'))}`,
  )
}

const dataDir = tempDir('list-10k')
const store = await openSqliteRomStore({ file: path.join(dataDir, 'library.db') })
const seedStart = performance.now()
for (let i = 0; i < ENTRIES; i++) await store.insert(seedRom(i))
await store.close()
console.log(
  `# ${ENTRIES} entries seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${machineLine()}`,
)

function describeRenders(label: string, renders: FirstRender[]): void {
  const at = (pick: (r: FirstRender) => number) => median(renders.map(pick)).toFixed(0)
  console.log(
    `${label}ROM Library panel, first row on screen: median ${at((r) => r.paintMs)} ms after ` +
      `navigation of ${renders.length} cold browsers (${renders.map((r) => r.paintMs.toFixed(0)).join(', ')}); ` +
      `medians: in the DOM ${at((r) => r.ms)} ms, run by the app (hydrated or rendered) ` +
      `${at((r) => r.readyMs)} ms, first contentful paint ${at((r) => r.fcpMs)} ms, styles loaded ` +
      `${at((r) => r.cssMs)} ms, app script loaded ${at((r) => r.scriptMs)} ms, DOMContentLoaded ` +
      `${at((r) => r.domContentLoadedMs)} ms, first list request sent ${at((r) => r.listStartMs)} ms ` +
      `and answered ${at((r) => r.listMs)} ms; ` +
      `list requests before the first row: ${renders.map((r) => r.listRequests).join(', ')}; ` +
      `${renders[0]?.rows ?? 0} of ${ENTRIES} rows in the DOM`,
  )
}

const clientDir = values['client-dir']
const baselineDir = values['baseline-dir']
const server = await startServer({
  dataDir,
  env: clientDir ? { CLIENT_DIR: path.resolve(clientDir) } : {},
})
const baseline = baselineDir
  ? await startServer({ dataDir, env: { CLIENT_DIR: path.resolve(baselineDir) } })
  : undefined
const client = createClient(server.url, 2)
try {
  const renders: FirstRender[] = []
  const baseRenders: FirstRender[] = []
  for (let run = 0; run < RUNS; run++) {
    // With a baseline, each goes first in every other pair (a pair's first page can be slower).
    if (baseline && run % 2 === 1) baseRenders.push(await firstRender(baseline.url))
    renders.push(await firstRender(server.url))
    if (baseline && run % 2 === 0) baseRenders.push(await firstRender(baseline.url))
  }
  describeRenders(baseline ? 'this build: ' : '', renders)
  if (baseline) {
    describeRenders('baseline:   ', baseRenders)
    const ratio = (pick: (r: FirstRender) => number) =>
      (median(renders.map(pick)) / median(baseRenders.map(pick))).toFixed(2)
    console.log(
      `this build / baseline (medians, alternating runs): first row on screen ` +
        `${ratio((r) => r.paintMs)}, run by the app ${ratio((r) => r.readyMs)}`,
    )
  }

  if (DOWNLOADS > 0) await measureDownloads(server.url, client)
} finally {
  client.close()
  await server.stop()
  await baseline?.stop()
}
