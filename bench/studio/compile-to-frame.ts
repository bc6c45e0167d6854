// Studio benchmark: time from clicking COMPILE & RUN to the first preview frame for the sample program (warm,
// median of RUNS), and the assembler's own time inside the worker. Needs a build: `npm run build`, then
// `npx tsx bench/studio/compile-to-frame.ts` (or set E2E_BASE_URL to use a running server). TEMPLATE=c or
// TEMPLATE=ca65 measures NEW PROJECT's cc65 template instead (the cold run then includes loading the toolchain;
// the warm runs rebuild an unchanged project, which the worker's run cache answers).
import type { Page } from 'playwright-core'
import { withStudioPage } from './studio-session'

const RUNS = Number(process.env.RUNS ?? 10)
/** Pause between runs, as a user would take; lets the emulator's next idle frame finish pre-loading. */
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3000)
const TEMPLATE = process.env.TEMPLATE
const TEMPLATE_BUTTON: Record<string, RegExp> = { c: /^C with cc65/, ca65: /^ca65 assembly/ }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Clicks COMPILE & RUN in the page and resolves with the ms until the preview reports its first frame. */
function compileToFirstFrame(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const panel = document.querySelector<HTMLElement>('.studio-preview')
        const button = Array.from(document.querySelectorAll('button')).find(
          (b) => b.textContent === 'COMPILE & RUN',
        )
        if (!panel || !button) return reject(new Error('studio not ready'))
        let sawLoading = false
        const observer = new MutationObserver(() => {
          const state = panel.dataset.state
          if (state === 'loading') sawLoading = true
          if (sawLoading && state === 'running') {
            observer.disconnect()
            resolve(performance.now() - started)
          }
          if (state === 'error' || document.querySelector('[data-testid="compile-error"]')) {
            observer.disconnect()
            reject(new Error(`compile or start failed: ${document.body.innerText.slice(0, 400)}`))
          }
        })
        observer.observe(panel, { attributes: true, attributeFilter: ['data-state'] })
        const started = performance.now()
        button.click()
      }),
  )
}

async function assemblyMs(page: Page): Promise<number> {
  const text = (await page.getByTestId('assembly-time').textContent()) ?? ''
  const match = /(?:assembled|built) in ([\d.]+) ms/.exec(text)
  if (!match) throw new Error(`no assembly time shown: "${text}"`)
  return Number(match[1])
}

async function main(): Promise<void> {
  await withStudioPage(async (page) => {
    if (TEMPLATE !== undefined) {
      const button = TEMPLATE_BUTTON[TEMPLATE]
      if (!button) throw new Error(`TEMPLATE is c or ca65, not ${TEMPLATE}`)
      await page.getByRole('button', { name: 'New project' }).click()
      await page
        .getByRole('dialog', { name: 'New project' })
        .getByRole('button', { name: button })
        .click()
      await page.getByRole('tab', { name: TEMPLATE === 'c' ? /^main\.c/ : /^main\.s/ }).waitFor()
    }
    const cold = await compileToFirstFrame(page)
    const coldAsm = await assemblyMs(page)
    const frames: number[] = []
    const asm: number[] = []
    for (let i = 0; i < RUNS; i++) {
      await page.waitForTimeout(SETTLE_MS)
      frames.push(await compileToFirstFrame(page))
      asm.push(await assemblyMs(page))
    }
    console.log(
      `studio: ${TEMPLATE === undefined ? 'sample program' : `${TEMPLATE} template`}, ${RUNS} warm runs ${SETTLE_MS} ms apart (first, cold run: ${cold.toFixed(0)} ms, assembler ${coldAsm.toFixed(2)} ms)`,
    )
    console.log(
      `  COMPILE & RUN -> first preview frame: median ${median(frames).toFixed(0)} ms (min ${Math.min(...frames).toFixed(0)}, max ${Math.max(...frames).toFixed(0)})`,
    )
    console.log(
      `  ${TEMPLATE === undefined ? 'assembler' : 'cc65 build'} in the worker:             median ${median(asm).toFixed(2)} ms (min ${Math.min(...asm).toFixed(2)}, max ${Math.max(...asm).toFixed(2)})`,
    )
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
