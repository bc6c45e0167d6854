// Player vs a stock EmulatorJS 4.2.3 page, side by side in one run (issue 14, "playable sooner from a
// cold page"). Each round opens both in fresh browser contexts (cold cache), in alternating order:
//  - ours: the built server (startServer), `/`; the ROM is chosen as soon as the slot's file input
//    exists, then PRESS START is clicked as soon as it can be;
//  - stock: stock-server.ts on loopback (the npm packages' loader.js, EJS_* globals, its start button
//    clicked as soon as it can be; the same 427×400 game area and ROM).
// It reports, from navigation: the click, the first lit frame (EmulatorJS's grey power-on picture) and
// the game's own first picture (the solid-colour ROM's colour at the canvas centre, picture-probe.ts),
// plus click → picture, bytes received, and for ours the bytes received before any intent to play.
// Usage: npm run build && npx tsx bench/player/vs-stock.ts   (RUNS=5 by default)
// BASELINE_CLIENT_DIR=<another client build> adds that build (served by a second server) as a third
// arm of every round, to measure a change against the build before it in the same run.
// SERVICE_WORKERS=block opens every page without service workers (ours registers one that precaches the
// whole app shell, ~1.3 MB, during a first visit).
import { loadavg } from 'node:os'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/global-setup'
import { NES_COLOR, NES_RGB } from '../../e2e/support/nes-colors'
import { chooseRom } from '../../e2e/support/player-page'
import { buildSolidColorRom } from '../../e2e/support/roms'
import { installPictureProbe } from './picture-probe'
import type { PictureTimes } from './picture-probe'
import { startStockServer } from './stock-server'
import { recordContextTransfers } from './transfers'

const RUNS = Number(process.env.RUNS ?? 5)
const ROM_NAME = 'first.nes'
const ROM = buildSolidColorRom(NES_COLOR.red)
const PICTURE_TIMEOUT_MS = 30_000

interface Sample {
  /** Navigation → the page's load event. */
  load: number
  /** Navigation → the click on PRESS START / the start button. */
  click: number
  /** Navigation → the file chosen in the slot (ours: the intent that starts the emulator's loading). */
  chosen: number
  /** Navigation → the first lit frame (power-on grey or the game). */
  firstLit: number
  /** Navigation → the game's own first picture. */
  picture: number
  /** Bytes received from the page's origin until the picture (encoded, headers included). */
  bytes: number
  /** Origins other than the page's that were asked for (must stay empty). */
  foreign: string[]
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

const SERVICE_WORKERS = process.env.SERVICE_WORKERS === 'block' ? 'block' : 'allow'

async function freshContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: SERVICE_WORKERS,
  })
  // tsx keeps function names with a __name helper that the browser does not have.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f' })
  const [r, g, b] = NES_RGB.red
  await context.addInitScript(installPictureProbe, { rgb: [r, g, b], tolerance: 40 })
  await context.addInitScript(() => {
    const w = window as unknown as { __clickAt?: number; __chosenAt?: number }
    window.addEventListener(
      'click',
      () => (w.__clickAt ??= performance.timeOrigin + performance.now()),
      true,
    )
    window.addEventListener(
      'change',
      () => (w.__chosenAt ??= performance.timeOrigin + performance.now()),
      true,
    )
  })
  return context
}

/** Polls every frame of the page until one has drawn the game's picture; returns its times. */
async function pictureTimes(page: Page): Promise<PictureTimes> {
  const deadline = Date.now() + PICTURE_TIMEOUT_MS
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      const times = await frame.evaluate(() => window.__pictureTimes).catch(() => undefined)
      if (times?.picture) return times
    }
    await page.waitForTimeout(100)
  }
  throw new Error('No game picture within 30 s')
}

async function measure(
  browser: Browser,
  baseUrl: string,
  play: (page: Page) => Promise<void>,
): Promise<Sample> {
  const context = await freshContext(browser)
  const transfers = recordContextTransfers(context, baseUrl)
  const foreign = new Set<string>()
  context.on('request', (request) => {
    const url = request.url()
    if (!/^(data|blob):/.test(url) && new URL(url).origin !== baseUrl) foreign.add(url)
  })
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' })
    await play(page)
    const times = await pictureTimes(page)
    const top = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      clickAt: (window as unknown as { __clickAt?: number }).__clickAt ?? NaN,
      chosenAt: (window as unknown as { __chosenAt?: number }).__chosenAt ?? NaN,
      load:
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
          ?.loadEventEnd ?? NaN,
    }))
    return {
      load: top.load,
      click: top.clickAt - top.origin,
      chosen: top.chosenAt - top.origin,
      firstLit: times.firstLit - top.origin,
      picture: times.picture - top.origin,
      bytes: await transfers.total(),
      foreign: [...foreign],
    }
  } finally {
    await context.close()
  }
}

const playOurs = async (page: Page) => {
  await page.locator('[data-testid=cartridge-input]').waitFor({ state: 'attached' })
  await chooseRom(page, ROM_NAME, ROM)
  await page.getByRole('button', { name: 'PRESS START' }).click()
}

const playStock = async (page: Page) => {
  await page.locator('.ejs_start_button').click()
}

/** Bytes `/` received before any intent to play: 1.5 s after load, no pointer over the page. */
async function bytesBeforeIntent(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: SERVICE_WORKERS,
  })
  const transfers = recordContextTransfers(context, baseUrl)
  try {
    const page = await context.newPage()
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
    await page.waitForTimeout(1500)
    return await transfers.total()
  } finally {
    await context.close()
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8)
const describe = (s: Sample) =>
  `load ${ms(s.load)}, click ${ms(s.click)}, lit ${ms(s.firstLit)}, picture ${ms(s.picture)}` +
  ` (click→picture ${ms(s.picture - s.click)}, lit→picture ${ms(s.picture - s.firstLit)})`

/** Whether a server sends `/` rendered (an older build's renderer may not load from a copy). */
async function isPrerendered(baseUrl: string): Promise<boolean> {
  return (await (await fetch(`${baseUrl}/`)).text()).includes('data-prerendered')
}

const server = await startServer()
const baselineDir = process.env.BASELINE_CLIENT_DIR
const baseline = baselineDir ? await startServer({ CLIENT_DIR: baselineDir }) : undefined
console.log(
  `pages rendered on the server: ours ${await isPrerendered(server.baseUrl)}` +
    (baseline ? `, baseline ${await isPrerendered(baseline.baseUrl)}` : ''),
)
const stock = await startStockServer(ROM_NAME, ROM)
const browser = await launchBrowser()
const loadBefore = loadavg()
try {
  const ours: Sample[] = []
  const stocks: Sample[] = []
  const baselines: Sample[] = []
  const beforeIntent: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const arms = [
      async () => ours.push(await measure(browser, server.baseUrl, playOurs)),
      async () => stocks.push(await measure(browser, stock.baseUrl, playStock)),
    ]
    if (baseline)
      arms.push(async () => baselines.push(await measure(browser, baseline.baseUrl, playOurs)))
    // Each round starts with another arm, so no arm always runs first (or last).
    for (let k = 0; k < arms.length; k++) await arms[(i + k) % arms.length]?.()
    beforeIntent.push(await bytesBeforeIntent(browser, server.baseUrl))
    console.log(`run ${i + 1} ours:     ${describe(ours[i] as Sample)}`)
    if (baseline) console.log(`run ${i + 1} baseline: ${describe(baselines[i] as Sample)}`)
    console.log(`run ${i + 1} stock:    ${describe(stocks[i] as Sample)}`)
  }
  const foreign = [...ours, ...stocks, ...baselines].flatMap((s) => s.foreign)
  if (foreign.length) console.log(`\nREQUESTS TO OTHER HOSTS: ${[...new Set(foreign)].join(', ')}`)
  const row = (label: string, pick: (s: Sample) => number) => {
    const a = median(ours.map(pick))
    const b = median(stocks.map(pick))
    const base = baseline ? median(baselines.map(pick)) : NaN
    const baseText = baseline ? `   baseline ${ms(base)} (${(base / b).toFixed(2)}×)` : ''
    const stockText = Number.isNaN(b)
      ? `${'–'.padStart(8)}        `
      : `${ms(b)}   ${(a / b).toFixed(2)}×`
    console.log(`${label.padEnd(40)} ${ms(a)}  ${stockText}${baseText}`)
  }
  console.log(
    `\nmedians of ${RUNS} interleaved cold runs       ours     stock   ours/stock` +
      `   (service workers: ${SERVICE_WORKERS})`,
  )
  row('navigation → page load event', (s) => s.load)
  row('navigation → file chosen (ours)', (s) => s.chosen)
  row('navigation → start clicked', (s) => s.click)
  row('navigation → first lit (power-on) frame', (s) => s.firstLit)
  row('navigation → game’s first picture', (s) => s.picture)
  row('click → game’s first picture', (s) => s.picture - s.click)
  row('power-on frame → game’s picture', (s) => s.picture - s.firstLit)
  row('file chosen → game’s first picture', (s) => s.picture - s.chosen)
  if (baseline) {
    // Steadier than a ratio of medians: each round's two arms ran back to back.
    const paired = median(ours.map((s, k) => s.picture / (baselines[k]?.picture ?? NaN)))
    console.log(
      `ours/baseline, navigation → picture, median of the rounds' ratios: ${paired.toFixed(3)}`,
    )
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`
  console.log(
    `bytes until the picture:                 ${mb(median(ours.map((s) => s.bytes)))}  ${mb(median(stocks.map((s) => s.bytes)))}`,
  )
  console.log(
    `ours, bytes before an intent to play:    ${(median(beforeIntent) / 1024).toFixed(1)} KB`,
  )
  const loadAfter = loadavg()
  console.log(
    `load average (1 min) before / after:     ${loadBefore[0]?.toFixed(2)} / ${loadAfter[0]?.toFixed(2)}`,
  )
} finally {
  await browser.close()
  await stock.stop()
  await baseline?.stop()
  await server.stop()
}
