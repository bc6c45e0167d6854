// Save-state benchmark (headless Chromium, the built server, a library game so states go to the server):
//  - F2 → stored: from the F2 keydown to the end of the POST /api/roms/:id/states response,
//  - F4 → shown: from the F4 keydown to the Saves panel's "Loaded Quick." (set once the state is applied
//    and two more frames have been emulated, so the loaded frame is on screen).
// Both timed inside the page (performance.now()), medians and p90 of RUNS rounds (20 by default).
// Usage: npm run build && npx tsx bench/player/states.ts
import type {} from '../../e2e/support/globals'
import { launchBrowser } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/global-setup'
import { buildBatteryRom } from '../../e2e/support/battery-rom'
import { waitForGame } from '../../e2e/support/player-page'

const RUNS = Number(process.env.RUNS ?? 20)

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN
}

const server = await startServer()
const browser = await launchBrowser()
try {
  const form = new FormData()
  form.set('romFile', new Blob([new Uint8Array(buildBatteryRom(77))]), 'bench.nes')
  const upload = await fetch(`${server.baseUrl}/api/roms`, {
    method: 'POST',
    body: form,
    headers: { Origin: server.baseUrl },
  })
  const { rom } = (await upload.json()) as { rom: { id: string } }
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${server.baseUrl}/play/${rom.id}`)
  await waitForGame(page)
  await page.evaluate(() => {
    const w = window as unknown as { __marks: Record<string, number> }
    w.__marks = {}
    window.addEventListener('keydown', (e) => (w.__marks[e.key] = performance.now()), true)
    const original = window.fetch.bind(window)
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const res = await original(...args)
      const init = args[1]
      if (init?.method === 'POST' && String(args[0]).includes('/states')) {
        await res.clone().arrayBuffer()
        w.__marks.posted = performance.now()
      }
      return res
    }
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Loaded Quick.'))
        w.__marks.loaded ??= performance.now()
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  const save: number[] = []
  const load: number[] = []
  for (let i = 0; i < RUNS; i++) {
    await page.evaluate(() => ((window as unknown as { __marks: object }).__marks = {}))
    await page.keyboard.press('F2')
    await page.getByText('Saved to Quick.').waitFor()
    await page.waitForTimeout(200)
    await page.keyboard.press('F4')
    await page.getByText('Loaded Quick.').waitFor()
    const m = await page.evaluate(
      () => (window as unknown as { __marks: Record<string, number> }).__marks,
    )
    save.push((m.posted ?? NaN) - (m.F2 ?? NaN))
    load.push((m.loaded ?? NaN) - (m.F4 ?? NaN))
    await page.waitForTimeout(300)
  }
  const show = (name: string, values: number[]) =>
    console.log(
      `${name}: median ${percentile(values, 0.5).toFixed(1)} ms, p90 ${percentile(values, 0.9).toFixed(1)} ms (n=${values.length})`,
    )
  console.log(`save states of a library game, headless Chromium, ${RUNS} rounds`)
  show('F2 → stored on the server', save)
  show('F4 → loaded frame shown  ', load)
} finally {
  await browser.close()
  await server.stop()
}
