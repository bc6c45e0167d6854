// Debugger latency in Chromium on the debug spec's program (a breakpoint on Bump's first line in sub.asm):
// F5 from idle -> stopped at the breakpoint (debug build with source map + worker load + run), and F5 while
// stopped -> stopped again (one loop iteration later: the round trip through the worker and the views).
// Needs a build: `npm run build -w @nes-studio/client`, then `npx tsx bench/studio/debug-latency.ts`.
import type { Page } from 'playwright-core'
import { DEBUG_MAIN, DEBUG_SUB, lineOf } from '../../e2e/support/debug-program'
import { setEditorText, tab } from '../../e2e/support/studio-page'
import { withStudioPage } from './studio-session'

const RUNS = Number(process.env.RUNS ?? 10)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Presses `key` in the page and resolves with the ms until the debugger reports "Stopped". */
function keyToStopped(page: Page, key: string, shift = false): Promise<number> {
  return page.evaluate(
    ({ key, shift }) =>
      new Promise<number>((resolve, reject) => {
        const panel = document.querySelector<HTMLElement>('.studio-debug')
        if (!panel) return reject(new Error('no debug panel'))
        const observer = new MutationObserver(() => {
          if (panel.dataset.status === 'stopped') {
            observer.disconnect()
            resolve(performance.now() - started)
          } else if (panel.dataset.status === 'error') {
            observer.disconnect()
            reject(new Error(panel.textContent ?? 'debug error'))
          }
        })
        observer.observe(panel, { attributes: true, attributeFilter: ['data-status'] })
        const started = performance.now()
        window.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: shift, bubbles: true }))
      }),
    { key, shift },
  )
}

const line = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`

async function main(): Promise<void> {
  await withStudioPage(async (page) => {
    await page.getByPlaceholder('New file name...').fill('sub.asm')
    await page.getByPlaceholder('New file name...').press('Enter')
    await tab(page, 'sub.asm').click()
    await setEditorText(page, DEBUG_SUB)
    await page
      .locator('.cm-line')
      .nth(lineOf(DEBUG_SUB, 'inc counter') - 1)
      .click()
    await page.keyboard.press('F9')
    await tab(page, 'main.asm').click()
    await setEditorText(page, DEBUG_MAIN)

    const cold = await keyToStopped(page, 'F5')
    const start: number[] = []
    const next: number[] = []
    for (let i = 0; i < RUNS; i++) {
      next.push(await keyToStopped(page, 'F5'))
      await page.keyboard.press('Shift+F5')
      start.push(await keyToStopped(page, 'F5'))
    }
    console.log(
      `studio debugger: ${RUNS} runs (first F5 of the page, cold workers: ${cold.toFixed(0)} ms)`,
    )
    console.log(`  F5 from idle -> stopped at the breakpoint: ${line(start)}`)
    console.log(`  F5 (continue) -> stopped at the next hit:  ${line(next)}`)
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
