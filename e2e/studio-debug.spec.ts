// The studio debugger (issue 13) against the real server, the real assembler and the jsnes debug core: breakpoints
// in an included file, stepping, registers, memory, watches and a watchpoint (the touch flows are in
// studio-debug-touch.spec.ts).
import { describe, expect, it } from 'vitest'
import { DEBUG_MAIN, lineOf } from './support/debug-program'
import { usePageSuite } from './support/page-suite'
import { savedFiles, setEditorText, tab } from './support/studio-page'
import { renameInTree, treeAction, treeRow } from './support/studio-tree'
import { STUDIO_DEVICES } from './support/studio-workspace'
import {
  BUMP,
  BUMP_LINE,
  COLOUR_CYCLE,
  INC_LINE,
  JSR_LINE,
  POWER_ON_RAM,
  checkOnBothCores,
  expectSideBySide,
  hex4,
  labels,
  pixelOf,
  reg,
  stoppedAt,
  toggleBreakpoint,
  writeProgram,
} from './support/studio-debug'
import { saveScreenshot } from './support/artifacts'

describe('studio debugger', () => {
  const { baseUrl, open } = usePageSuite()

  it('stops on a breakpoint in an included file, steps over, into and out, and shows registers, memory and watches', async () => {
    const page = await open(1280)
    await writeProgram(page, baseUrl)

    // F9 on the label line of sub.asm: it has no code, so the breakpoint snaps to the INC below it
    await tab(page, 'sub.asm').click()
    await toggleBreakpoint(page, BUMP_LINE)
    await page.locator('.cm-content').press('F5')
    await stoppedAt(page, 'sub.asm', INC_LINE)
    expect(await reg(page, 'pc')).toBe(hex4(BUMP))
    expect(await page.getByTestId('pc-label').textContent()).toBe('Bump')
    await saveScreenshot(page, 'e2e/artifacts/studio-debug-stopped.png', { fullPage: true })

    // the pattern table view draws tile 0 in the palette the program wrote (jsnes's colours: $16 red, $2A green)
    const topLeft = await page
      .getByLabel('Pattern table $0000')
      .evaluate((c: HTMLCanvasElement) => {
        const context = c.getContext('2d')!
        return [
          [...context.getImageData(0, 0, 1, 1).data],
          [...context.getImageData(0, 1, 1, 1).data],
        ]
      })
    expect(topLeft).toEqual([
      [188, 25, 0, 255],
      [43, 244, 3, 255],
    ])
    expect(await page.locator('.cm-debug-breakpoint').count()).toBe(1)

    // Shift+F11 returns to the line after the JSR in main.asm
    await page.keyboard.press('Shift+F11')
    await stoppedAt(page, 'main.asm', JSR_LINE + 1)

    // F10 three times: LDA, LDX, LDY run, and the registers hold what the program set
    for (const line of [JSR_LINE + 2, JSR_LINE + 3, JSR_LINE + 4]) {
      await page.keyboard.press('F10')
      await stoppedAt(page, 'main.asm', line)
    }
    expect([await reg(page, 'a'), await reg(page, 'x'), await reg(page, 'y')]).toEqual([
      '$42',
      '$07',
      '$99',
    ])
    expect(await page.getByTestId('flag-N').getAttribute('data-on')).toBe('true')
    expect(await page.getByTestId('flag-Z').getAttribute('data-on')).toBe('false')

    // move the breakpoint from Bump to the JSR in main.asm
    await tab(page, 'sub.asm').click()
    await toggleBreakpoint(page, INC_LINE)
    await tab(page, 'main.asm').click()
    await toggleBreakpoint(page, JSR_LINE)

    // a watch on counter and the memory view's symbol
    await page.getByLabel('Watch expression').fill('counter')
    await page.getByLabel('Watch expression').press('Enter')
    await page.getByLabel('Watch expression').fill('playerX+1')
    await page.getByLabel('Watch expression').press('Enter')
    const watchValues = page.getByTestId('watch-value')
    expect(await watchValues.nth(0).textContent()).toBe('$0010 = $01 (1)')
    expect(await watchValues.nth(1).textContent()).toMatch(/^\$0012 = /)
    expect(await page.getByTestId('memory-view').textContent()).toContain('counter=$0010')
    expect(await page.locator('[data-address="0010"]').textContent()).toBe('01')

    await page.keyboard.press('F5')
    await stoppedAt(page, 'main.asm', JSR_LINE)
    expect(await reg(page, 'pc')).toBe(hex4(labels.get('loop')!))
    // F10 over the JSR advances one line; Bump ran
    await page.keyboard.press('F10')
    await stoppedAt(page, 'main.asm', JSR_LINE + 1)
    expect(await page.locator('[data-address="0010"]').textContent()).toBe('02')
    expect(await watchValues.nth(0).textContent()).toBe('$0010 = $02 (2)')

    // F11 enters Bump, Shift+F11 comes back
    await page.keyboard.press('F5')
    await stoppedAt(page, 'main.asm', JSR_LINE)
    await page.keyboard.press('F11')
    await stoppedAt(page, 'sub.asm', INC_LINE)
    expect(await reg(page, 'pc')).toBe(hex4(BUMP))
    await page.keyboard.press('Shift+F11')
    await stoppedAt(page, 'main.asm', JSR_LINE + 1)

    // a watchpoint: stop on the write of playerX
    await tab(page, 'main.asm').click()
    await toggleBreakpoint(page, JSR_LINE)
    await page.getByLabel('Watch expression').fill('playerX')
    await page.getByLabel('Watch expression').press('Enter')
    await page.getByLabel('Stop on access to playerX', { exact: true }).selectOption('write')
    await page.keyboard.press('F5')
    const status = page.getByTestId('debug-status')
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toContain('write of $0011 (value 4)')
    await saveScreenshot(page, 'e2e/artifacts/studio-debug-watchpoint.png', { fullPage: true })
  })

  it('keeps breakpoints across a reload and runs to the cursor with Ctrl+F10', async () => {
    const page = await open(1280)
    await writeProgram(page, baseUrl)
    await tab(page, 'sub.asm').click()
    await toggleBreakpoint(page, INC_LINE)
    await savedFiles(page)
    await page.reload()
    await page.locator('.cm-content').waitFor()
    await tab(page, 'sub.asm').click()
    await expect.poll(() => page.locator('.cm-debug-breakpoint').count()).toBe(1)
    await page.keyboard.press('F5')
    await stoppedAt(page, 'sub.asm', INC_LINE)

    await tab(page, 'main.asm').click()
    await page
      .locator('.cm-line')
      .nth(JSR_LINE + 3 - 1)
      .click()
    await page.keyboard.press('Control+F10')
    await stoppedAt(page, 'main.asm', JSR_LINE + 3)
    expect([await reg(page, 'a'), await reg(page, 'x')]).toEqual(['$42', '$07'])
  })

  it('after an edit while stopped, says the source changed and shows no old line until DEBUG restarts', async () => {
    const page = await open(1280)
    await writeProgram(page, baseUrl)
    const LDA_LINE = JSR_LINE + 1
    await toggleBreakpoint(page, LDA_LINE)
    await page.keyboard.press('F5')
    await stoppedAt(page, 'main.asm', LDA_LINE)

    // two comment lines at the top: every line below moves down by two
    await page.locator('.cm-line').first().click()
    await page.keyboard.press('ControlOrMeta+Home')
    await page.keyboard.insertText('; one\n; two\n')
    const stale = page.getByTestId('debug-stale')
    await stale.waitFor()
    expect(await stale.textContent()).toContain(
      'Source changed — restart DEBUG to debug the new code',
    )
    const status = page.getByTestId('debug-status')
    await expect.poll(() => page.locator('.cm-debug-current-line').count()).toBe(0)
    expect(await status.textContent()).not.toContain(' at ')

    // stepping the old build shows no line of the new text as if it were the one running
    await page.getByRole('button', { name: 'Step over' }).click()
    await expect.poll(() => status.textContent()).toBe('Stopped · step')
    expect(await page.locator('.cm-debug-current-line').count()).toBe(0)
    expect(await page.getByTestId('debug-stopped-line').count()).toBe(0)

    // Restart DEBUG builds the new text: the breakpoint moved with its line, and the stop is right again
    await page.getByRole('button', { name: 'Restart DEBUG' }).click()
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toContain(`at main.asm:${LDA_LINE + 2}`)
    expect(await page.locator('.cm-debug-current-line').textContent()).toBe('  lda #$42')
    expect(await stale.count()).toBe(0)
  })

  it('keeps a breakpoint with its file when the file is moved, and forgets it when the file is deleted', async () => {
    const page = await open(1280)
    await writeProgram(page, baseUrl)
    await tab(page, 'sub.asm').click()
    await toggleBreakpoint(page, INC_LINE)
    await renameInTree(STUDIO_DEVICES[0]!, page, 'sub.asm', 'lib/sub.asm')
    await expect.poll(() => page.locator('.cm-debug-breakpoint').count()).toBe(1)
    await page.keyboard.press('F5')
    const status = page.getByTestId('debug-status')
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toBe(`Stopped · breakpoint at lib/sub.asm:${INC_LINE}`)
    expect(await page.locator('.cm-debug-current-line').textContent()).toBe('  inc counter')
    await page.keyboard.press('Shift+F5')

    await treeAction(STUDIO_DEVICES[0]!, page, 'Delete', 'lib/sub.asm')
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await treeRow(page, 'lib/sub.asm').waitFor({ state: 'detached' })
    expect(await page.evaluate(() => localStorage.getItem('nes-studio.debug.breakpoints'))).toBe(
      '{}',
    )
  })

  it('pauses a program that runs without breakpoints', async () => {
    const page = await open(1280)
    await writeProgram(page, baseUrl)
    await page.getByRole('button', { name: /Debug/ }).click()
    const status = page.getByTestId('debug-status')
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Running')
    await page.waitForTimeout(500)
    await page.getByRole('button', { name: /Pause/ }).click()
    await expect.poll(() => status.textContent()).toMatch(/^Stopped at (main|sub)\.asm:\d+$/)
    expect(Number(await reg(page, 'cycles'))).toBeGreaterThan(10_000)
  })

  it('DEBUG pressed right after typing builds the text just typed, creating the file a new .include names', async () => {
    const page = await open(1280)
    await page.goto(`${baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    // consts.asm does not exist yet: the studio creates a named file a second after the typing stops
    const main = DEBUG_MAIN.replace('.include "sub.asm"', '.include "consts.asm"').replace(
      '  jsr Bump\n',
      '',
    )
    const line = lineOf(main, 'lda #$42')
    await setEditorText(page, main)
    await toggleBreakpoint(page, line)
    await page.keyboard.press('F5')
    await expect
      .poll(() => page.getByTestId('debug-status').textContent(), { timeout: 20_000 })
      .toBe(`Stopped · breakpoint at main.asm:${line}`)
    expect(await page.locator('.cm-debug-current-line').textContent()).toBe('  lda #$42')
    expect(await tab(page, 'consts.asm').count()).toBe(1)
  })

  it('keeps the keyboard focus on the run control pressed, so Enter steps again', async () => {
    const page = await open(1280)
    await writeProgram(page, baseUrl)
    await toggleBreakpoint(page, JSR_LINE)
    const debug = page.getByRole('button', { name: /Debug/ })
    await debug.focus()
    await page.keyboard.press('Enter')
    await stoppedAt(page, 'main.asm', JSR_LINE)
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '')
    expect(await focused()).toBe('▶ Continue')
    // the glyphs are decoration: a screen reader hears the word alone
    for (const name of ['Continue', 'Pause', 'Stop'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1)
    await page.getByRole('button', { name: 'Step over' }).focus()
    for (const line of [JSR_LINE + 1, JSR_LINE + 2, JSR_LINE + 3]) {
      await page.keyboard.press('Enter')
      await stoppedAt(page, 'main.asm', line)
      expect(await focused()).toBe('Step over')
    }
  })

  it('refuses a mapper the debug core lacks with the Run-still-works message', async () => {
    const page = await open(1280)
    await writeProgram(page, baseUrl)
    await setEditorText(page, DEBUG_MAIN.replace('.inesmap 0', '.inesmap 30'))
    await page.getByRole('button', { name: /Debug/ }).click()
    await expect
      .poll(() => page.getByTestId('debug-error').textContent(), { timeout: 20_000 })
      .toBe('Debugging is not available for mapper 30; Run still works')
    expect(await checkOnBothCores(page)).toBe(
      'Debugging is not available for mapper 30; Run still works',
    )
  })

  it('"Check on both cores" finds no difference in the sample, nor in a program showing all 64 colours under four colour emphases', async () => {
    const page = await open(1280)
    await page.goto(`${baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    // Cancel while it runs: the result says so and the check's hidden fceumm frame is gone
    await page.getByRole('button', { name: 'CHECK ON BOTH CORES' }).click()
    await page.getByTestId('core-check-progress').waitFor()
    await page.getByRole('button', { name: 'Cancel' }).click()
    expect(await page.getByTestId('core-check-result').textContent()).toBe('Check cancelled')
    await expect.poll(() => page.locator('.core-check__host iframe').count()).toBe(0)

    expect(await checkOnBothCores(page)).toBe('No difference in 300 frames')
    expect(await page.locator('.core-check__host iframe').count()).toBe(0)
    // every colour on the backdrop, one per frame, plain and emphasised: the colour mapping and the frame alignment
    await setEditorText(page, COLOUR_CYCLE)
    expect(await checkOnBothCores(page)).toBe('No difference in 300 frames')
    await saveScreenshot(page, 'e2e/artifacts/studio-debug-check-same.png', { fullPage: true })
  })

  it('"Check on both cores" shows the first frame where the cores disagree (power-on RAM): both pictures as drawn, and where they differ beside them', async () => {
    const page = await open(1280)
    await page.goto(`${baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    await setEditorText(page, POWER_ON_RAM)
    const text = await checkOnBothCores(page)
    // the first NMI's colour shows in frame 4 (the colour cycle: colour k in jsnes frame k + 3), the whole screen
    expect(text).toBe('First difference at frame 4: 57344 pixels differ')
    // $F7 & $3F = $37 on jsnes; $FF & $3F = $3F (black) on fceumm: neither picture is covered by the marks
    expect(await pixelOf(page, /^jsnes \(debug core\), frame 4$/, 128, 100)).toEqual([
      255, 218, 154,
    ]) // jsnes colour $37
    expect(await pixelOf(page, /^fceumm \(Run\), frame 5$/, 128, 100)).toEqual([0, 0, 0])
    expect(await pixelOf(page, /^Where they differ \(57344 pixels\)$/, 128, 100)).toEqual([
      255, 0, 255,
    ])
    await expectSideBySide(page)
    await saveScreenshot(page, 'e2e/artifacts/studio-debug-check-differs.png', { fullPage: true })
  })
})
