// Player benchmark (headless Chromium, the built server): prints medians of RUNS runs of
//  - PRESS START → first game frame, cold page (fresh browser context; a pointer on the cartridge slot is
//    the intent that starts loading the core, the file is chosen 1 s later, then PRESS START),
//  - bytes received for / before any intent to play (the core loads on intent: use-play-intent.ts),
//  - the same for a second game in the same page (EJECT, new cartridge, PRESS START),
//  - both again on a touch phone (375×667, hasTouch + isMobile, PRESS START tapped), interleaved with
//    the mouse runs, and the touch/mouse ratio of the medians,
//  - steady emulated FPS of a running game,
//  - bytes transferred for / (as the browser received them, i.e. gzip where the server compresses),
//    split into our own code and the emulator's files.
// Usage: npm run build && npx tsx bench/player/bench.ts   (RUNS=5 by default)
import type {} from '../../e2e/support/globals'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/global-setup'
import { chooseRom, waitForGame } from '../../e2e/support/player-page'
import { buildButtonColorRom, buildSolidColorRom } from '../../e2e/support/roms'
import { recordTransfers } from './transfers'
import type { TransferSummary } from './transfers'

const RUNS = Number(process.env.RUNS ?? 5)
const FPS_WINDOW_MS = 5000
/** Time between the intent (pointer on the slot) and the chosen file, as a person picking a file. */
const FILE_PICK_MS = 1000

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** Clicks (or taps) PRESS START and returns ms from the click to the frame's "first game frame" mark. */
async function pressStartAndTime(page: Page, isTouch: boolean): Promise<number> {
  await page.evaluate(() => {
    const button = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent === 'PRESS START',
    )
    button?.addEventListener(
      'click',
      () =>
        ((window as unknown as { __clickAt: number }).__clickAt =
          performance.timeOrigin + performance.now()),
      { capture: true, once: true },
    )
  })
  const button = page.getByRole('button', { name: 'PRESS START' })
  await (isTouch ? button.tap() : button.click())
  await waitForGame(page)
  return page.evaluate(() => {
    const frame = document.querySelector<HTMLIFrameElement>(
      'iframe.emulator-frame:not(.emulator-frame--idle)',
    )
    const win = frame?.contentWindow
    const mark = win?.performance.getEntriesByName('nes-frame:first-frame')[0]
    if (!win || !mark) throw new Error('No first-frame mark')
    return (
      win.performance.timeOrigin +
      mark.startTime -
      (window as unknown as { __clickAt: number }).__clickAt
    )
  })
}

async function measureFps(page: Page): Promise<number> {
  const frames = () =>
    page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>(
        'iframe.emulator-frame:not(.emulator-frame--idle)',
      )
      return { frames: frame?.contentWindow?.nesFrame?.frameCount() ?? 0, at: performance.now() }
    })
  const first = await frames()
  await page.waitForTimeout(FPS_WINDOW_MS)
  const last = await frames()
  return ((last.frames - first.frames) * 1000) / (last.at - first.at)
}

interface Run {
  /** Bytes received for / before any intent to play (1.5 s after load, no pointer over the page). */
  beforeIntent: number
  cold: number
  warm: number
  fps: number
  transfers: TransferSummary
}

const MOUSE = { viewport: { width: 1280, height: 900 } }
const PHONE = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true }

async function oneRun(browser: Browser, baseUrl: string, isTouch = false): Promise<Run> {
  const context = await browser.newContext(isTouch ? PHONE : MOUSE)
  const page = await context.newPage()
  const transfers = recordTransfers(page, baseUrl)
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
    await page.waitForTimeout(1500)
    const beforeIntent = (await transfers.summary()).total
    // The intent: a pointer on the cartridge slot (opening the file dialog); a person then takes about a
    // second to pick the file, while the core loads.
    await page.locator('.slot').dispatchEvent('pointerover')
    await page.waitForTimeout(FILE_PICK_MS)
    await chooseRom(page, 'first.nes', buildSolidColorRom(0x16))
    const cold = await pressStartAndTime(page, isTouch)
    // Let the page settle (the idle frame for the next game loads meanwhile), as a player would.
    await page.waitForTimeout(3000)
    const fps = await measureFps(page)
    const summary = await transfers.summary()
    const eject = page.getByRole('button', { name: 'EJECT' })
    await (isTouch ? eject.tap() : eject.click())
    await chooseRom(page, 'second.nes', buildButtonColorRom(0x1a))
    const warm = await pressStartAndTime(page, isTouch)
    return { beforeIntent, cold, warm, fps, transfers: summary }
  } finally {
    await context.close()
  }
}

/** JS heap (after a forced GC) after the 1st and after the `games`-th game started and ejected in one page. */
async function heapAcrossGames(browser: Browser, baseUrl: string, games: number) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    return (await cdp.send('Runtime.getHeapUsage')).usedSize
  }
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' })
    const sizes: number[] = []
    for (let i = 0; i < games; i++) {
      await chooseRom(page, `game${i}.nes`, buildSolidColorRom(0x12 + i))
      await page.getByRole('button', { name: 'PRESS START' }).click()
      await waitForGame(page)
      await page.waitForTimeout(2000)
      await page.getByRole('button', { name: 'EJECT' }).click()
      await page.waitForTimeout(500)
      sizes.push(await heap())
    }
    return { first: sizes[0] ?? 0, last: sizes[sizes.length - 1] ?? 0 }
  } finally {
    await context.close()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

const server = await startServer()
const browser = await launchBrowser()
try {
  const runs: Run[] = []
  const touchRuns: Run[] = []
  for (let i = 0; i < RUNS; i++) {
    const run = await oneRun(browser, server.baseUrl)
    runs.push(run)
    const touch = await oneRun(browser, server.baseUrl, true)
    touchRuns.push(touch)
    console.log(
      `run ${i + 1}: cold ${run.cold.toFixed(0)} ms, warm ${run.warm.toFixed(0)} ms, ${run.fps.toFixed(1)} fps` +
        ` | touch phone: cold ${touch.cold.toFixed(0)} ms, warm ${touch.warm.toFixed(0)} ms, ${touch.fps.toFixed(1)} fps`,
    )
  }
  const t = runs[0]?.transfers
  console.log(
    `\nmedians of ${RUNS} (headless Chromium, ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'})`,
  )
  console.log(
    `PRESS START → first frame, cold page:      ${median(runs.map((r) => r.cold)).toFixed(0)} ms`,
  )
  console.log(
    `PRESS START → first frame, 2nd game (warm): ${median(runs.map((r) => r.warm)).toFixed(0)} ms`,
  )
  console.log(
    `steady FPS:                                 ${median(runs.map((r) => r.fps)).toFixed(1)}`,
  )
  const ratio = (key: 'cold' | 'warm') =>
    (median(touchRuns.map((r) => r[key])) / median(runs.map((r) => r[key]))).toFixed(2)
  console.log(
    `touch phone (375×667), cold / warm:         ${median(touchRuns.map((r) => r.cold)).toFixed(0)} ms / ${median(touchRuns.map((r) => r.warm)).toFixed(0)} ms` +
      `  (touch/mouse ${ratio('cold')}× / ${ratio('warm')}×), ${median(touchRuns.map((r) => r.fps)).toFixed(1)} fps`,
  )
  const heap = await heapAcrossGames(browser, server.baseUrl, 6)
  console.log(
    `JS heap after game 1 / game 6 (start + eject, same page): ${kb(heap.first)} / ${kb(heap.last)}`,
  )
  console.log(
    `bytes for / before an intent to play:      ${kb(median(runs.map((r) => r.beforeIntent)))}`,
  )
  if (t) {
    console.log(`\nbytes transferred for / (first run, as received):`)
    console.log(`  our JS:            ${kb(t.ourJs)}   (${t.ourJsFiles.join(', ')})`)
    console.log(`  our other files:   ${kb(t.ourOther)}   (html, css, font, icon)`)
    console.log(
      `  emulator files:    ${kb(t.emulator)}   (EmulatorJS scripts + css, pre-extracted fceumm core)`,
    )
    console.log(`  API:               ${kb(t.api)}`)
    console.log(`  total:             ${kb(t.total)}`)
  }
} finally {
  await browser.close()
  await server.stop()
}
