// Studio benchmark: key-to-paint latency while typing in a 57-file, 10,000-line project (issue 12: under 16 ms per
// key), and how fast the project tree and Ctrl+P quick open answer. Needs a build: `npm run build`, then
// `npx tsx bench/studio/typing-latency.ts` (KEYS=200 by default; E2E_BASE_URL to use a running server).
//
// Key-to-paint: from the keydown event's timestamp to the first moment after the next frame was painted (a
// requestAnimationFrame callback, then a message posted from it, which runs after the paint).
import { strToU8, zipSync } from 'fflate'
import type { CDPSession, Page } from 'playwright-core'
import { importZipFile } from '../../e2e/support/studio-page'
import { withStudioPage } from './studio-session'

const KEYS = Number(process.env.KEYS ?? 200)
const FILES = 57
const LINES = 10_000

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** main.asm includes 56 files in 6 folders; 10,000 lines in all. */
function bigProject(): Uint8Array {
  const perFile = Math.floor(LINES / FILES)
  const files: Record<string, Uint8Array> = {}
  const includes: string[] = []
  for (let f = 1; f < FILES; f += 1) {
    const name = `src/part${f % 6}/module${f}.asm`
    includes.push(`  .include "${name}"`)
    const lines = Array.from({ length: perFile }, (_, i) =>
      i % 10 === 0
        ? `m${f}_l${i}:`
        : `  lda #$${(i & 0xff).toString(16).padStart(2, '0')} ; line ${i}`,
    )
    files[`game/${name}`] = strToU8(`${lines.join('\n')}\n  rts\n`)
  }
  const mainLines = LINES - perFile * (FILES - 1)
  const main = [
    '  .inesprg 2',
    '  .ineschr 0',
    '  .inesmap 0',
    '  .bank 0',
    '  .org $8000',
    ...includes,
    ...Array.from(
      { length: Math.max(0, mainLines - includes.length - 12) },
      (_, i) => `  nop ; ${i}`,
    ),
    'RESET:',
    '  jmp RESET',
    '  .bank 3',
    '  .org $FFFA',
    '  .dw RESET, RESET, RESET',
  ]
  files['game/main.asm'] = strToU8(`${main.join('\n')}\n`)
  return zipSync(files)
}

/** Installs the keydown -> painted recorder in the page. */
function recordKeyToPaint(page: Page): Promise<void> {
  return page.evaluate(() => {
    const samples: number[] = []
    ;(window as unknown as { keyToPaint: number[] }).keyToPaint = samples
    window.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp
        requestAnimationFrame(() => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => samples.push(performance.now() - start)
          channel.port2.postMessage(null)
        })
      },
      true,
    )
  })
}

async function takeSamples(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { keyToPaint: number[] }
    return w.keyToPaint.splice(0)
  })
}

const metricSessions = new WeakMap<Page, CDPSession>()

/** Main-thread task time (CDP `Performance.getMetrics` TaskDuration, in ms) since the first call. */
async function taskMs(page: Page): Promise<number> {
  let cdp = metricSessions.get(page)
  if (!cdp) {
    cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    metricSessions.set(page, cdp)
  }
  const { metrics } = await cdp.send('Performance.getMetrics')
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000
}

/**
 * Runs `type` and returns the main thread's task time per key, less what the same page spends idle over the
 * same wall time (timers, the preview): the work each key causes, paint included, whatever the frame rate.
 */
async function workPerKey(page: Page, keys: number, type: () => Promise<void>): Promise<number> {
  const idleStart = await taskMs(page)
  const idleWall = Date.now()
  await page.waitForTimeout(1000)
  const idlePerMs = (await taskMs(page)) - idleStart
  const idleRate = idlePerMs / (Date.now() - idleWall)
  const before = await taskMs(page)
  const started = Date.now()
  await type()
  const busy = (await taskMs(page)) - before - idleRate * (Date.now() - started)
  return busy / keys
}

function report(label: string, samples: number[]): void {
  console.log(
    `  ${label.padEnd(44)} median ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms (${samples.length} keys)`,
  )
}

async function main(): Promise<void> {
  await withStudioPage(async (page, browser) => {
    page.on('dialog', (dialog) => void dialog.accept())
    const importStarted = Date.now()
    await importZipFile(page, 'big.zip', bigProject())
    await page.locator('.studio-tree__name[data-path="src/part5/module11.asm"]').waitFor()
    const treeMs = Date.now() - importStarted
    await recordKeyToPaint(page)

    // Typing at the end of the 10,000-line project's main file, 60 ms between keys (a fast typist).
    await page.locator('.cm-content').click()
    await page.keyboard.press('ControlOrMeta+End')
    await takeSamples(page)
    const editorWork = await workPerKey(page, KEYS, async () => {
      await page.keyboard.type('  lda #$10 ; typed\n'.repeat(Math.ceil(KEYS / 19)).slice(0, KEYS), {
        delay: 60,
      })
      await page.waitForTimeout(500)
    })
    const editor = await takeSamples(page)

    // Typing into a 175-line include opened from the tree.
    await page.locator('.studio-tree__name[data-path="src/part3/module9.asm"]').click()
    await page.locator('.cm-content').click()
    await takeSamples(page)
    const includeKeys = Math.min(KEYS, 100)
    const includeWork = await workPerKey(page, includeKeys, async () => {
      await page.keyboard.type('x'.repeat(includeKeys), { delay: 60 })
      await page.waitForTimeout(500)
    })
    const include = await takeSamples(page)

    // Quick open over 57 names.
    await page.keyboard.press('ControlOrMeta+P')
    await page.getByLabel('File name', { exact: true }).waitFor()
    await takeSamples(page)
    await page.keyboard.type('modu5', { delay: 60 })
    await page.waitForTimeout(300)
    const quick = await takeSamples(page)

    console.log(
      `studio typing: ${FILES} files, ${LINES} lines (import + tree shown in ${treeMs} ms), Chromium ${browser.version()}`,
    )
    report('main.asm (10,000-line project), key to paint', editor)
    report('include opened from the tree, key to paint', include)
    report('Ctrl+P quick open field, key to paint', quick)
    console.log(
      `  main-thread work per key (task time less idle): main.asm ${editorWork.toFixed(1)} ms, include ${includeWork.toFixed(1)} ms`,
    )
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
