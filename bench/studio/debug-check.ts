// "Check on both cores" in Chromium on the studio's sample program (no difference, so all 300 frames run): the time
// from the click to the result (debug build + both cores loaded from power-on + 300 frames stepped on each and
// compared), and the stepping alone (from the first progress report to the result), as frames per second.
// Needs a build: `npm run build -w @nes-studio/client`, then `npx tsx bench/studio/debug-check.ts` (RUNS=5).
import type { Page } from 'playwright-core'
import { withStudioPage } from './studio-session'

const RUNS = Number(process.env.RUNS ?? 5)
const FRAMES = 300

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Clicks the button; resolves with [ms to the result, ms from "Frame 1 / 300" to the result]. */
function timeCheck(page: Page): Promise<[number, number]> {
  return page.evaluate(
    () =>
      new Promise<[number, number]>((resolve, reject) => {
        const box = document.querySelector<HTMLElement>('.core-check')
        const button = Array.from(box?.querySelectorAll('button') ?? []).find(
          (b) => b.textContent === 'CHECK ON BOTH CORES',
        )
        if (!box || !button) return reject(new Error('no CHECK ON BOTH CORES button'))
        let firstFrameAt = 0
        const observer = new MutationObserver(() => {
          if (!firstFrameAt && box.dataset.status === 'running') firstFrameAt = performance.now()
          if (box.dataset.status === 'done' || box.dataset.status === 'error') {
            observer.disconnect()
            const text = box.querySelector('[data-testid="core-check-result"]')?.textContent ?? ''
            if (!text.startsWith('No difference')) return reject(new Error(text))
            const end = performance.now()
            resolve([end - started, end - firstFrameAt])
          }
        })
        observer.observe(box, { attributes: true, subtree: true, attributeFilter: ['data-status'] })
        const started = performance.now()
        button.click()
      }),
  )
}

async function main(): Promise<void> {
  await withStudioPage(async (page) => {
    const total: number[] = []
    const stepping: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const [all, steps] = await timeCheck(page)
      total.push(all)
      stepping.push(steps)
    }
    const fps = stepping.map((ms) => (FRAMES * 1000) / ms)
    console.log(`check on both cores, sample program, ${FRAMES} frames, ${RUNS} runs:`)
    console.log(`  click -> "No difference": median ${median(total).toFixed(0)} ms`)
    console.log(
      `  stepping both cores: median ${median(stepping).toFixed(0)} ms = ${median(fps).toFixed(0)} frames/s (each frame on both)`,
    )
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
