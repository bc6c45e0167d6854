// The studio debugger (issue 13) against the real server, the real assembler and the jsnes debug core: breakpoints
// in an included file, stepping, registers, memory, watches and a watchpoint; one flow on a touch phone.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import { DEBUG_MAIN, DEBUG_SUB, fnsLabels, lineOf } from './support/debug-program'
import { usePageSuite } from './support/page-suite'
import { savedFiles, setEditorText, tab } from './support/studio-page'

const hex4 = (n: number) => `$${n.toString(16).toUpperCase().padStart(4, '0')}`
const labels = fnsLabels()
const BUMP = labels.get('Bump')!
const JSR_LINE = lineOf(DEBUG_MAIN, 'jsr Bump')
const BUMP_LINE = lineOf(DEBUG_SUB, 'Bump:')
const INC_LINE = lineOf(DEBUG_SUB, 'inc counter')

/** Writes the program: sub.asm as a new file, main.asm replaced. */
async function writeProgram(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/editor`)
  await page.locator('.cm-content').waitFor()
  await page.getByPlaceholder('New file name...').fill('sub.asm')
  await page.getByPlaceholder('New file name...').press('Enter')
  await tab(page, 'sub.asm').click()
  await setEditorText(page, DEBUG_SUB)
  await tab(page, 'main.asm').click()
  await setEditorText(page, DEBUG_MAIN)
}

/** Puts the cursor on a 1-based line of the shown file and presses F9. */
async function toggleBreakpoint(page: Page, line: number): Promise<void> {
  await page
    .locator('.cm-line')
    .nth(line - 1)
    .click()
  await page.keyboard.press('F9')
}

async function stoppedAt(page: Page, file: string, line: number): Promise<void> {
  const status = page.getByTestId('debug-status')
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain(`at ${file}:${line}`)
  await expect.poll(() => tab(page, file).getAttribute('aria-selected')).toBe('true')
  const current = page.locator('.cm-debug-current-line')
  await expect.poll(() => current.count()).toBe(1)
  const text = await page
    .locator('.cm-line')
    .nth(line - 1)
    .textContent()
  expect(await current.textContent()).toBe(text)
}

const reg = (page: Page, name: string) => page.getByTestId(`reg-${name}`).textContent()

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
    await page.screenshot({ path: 'e2e/artifacts/studio-debug-stopped.png', fullPage: true })

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
    await page.screenshot({ path: 'e2e/artifacts/studio-debug-watchpoint.png', fullPage: true })
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

  it('refuses a mapper the debug core lacks with the Run-still-works message', async () => {
    const page = await open(1280)
    await writeProgram(page, baseUrl)
    await setEditorText(page, DEBUG_MAIN.replace('.inesmap 0', '.inesmap 30'))
    await page.getByRole('button', { name: /Debug/ }).click()
    await expect
      .poll(() => page.getByTestId('debug-error').textContent(), { timeout: 20_000 })
      .toBe('Debugging is not available for mapper 30; Run still works')
  })

  const phone = TOUCH_DEVICES.find((d) => d.name === 'phone 390×844')!
  it(`taps a breakpoint in the gutter and steps on a touch ${phone.name}`, async () => {
    const page = await open(phone)
    await writeProgram(page, baseUrl)
    await tab(page, 'sub.asm').tap()
    const line = page.locator('.cm-line').nth(INC_LINE - 1)
    const gutter = page.locator('.cm-debug-gutter')
    const lineBox = (await line.boundingBox())!
    const gutterBox = (await gutter.boundingBox())!
    await page.touchscreen.tap(gutterBox.x + gutterBox.width / 2, lineBox.y + lineBox.height / 2)
    await expect.poll(() => page.locator('.cm-debug-breakpoint').count()).toBe(1)
    await page.getByRole('button', { name: /Debug/ }).tap()
    await stoppedAt(page, 'sub.asm', INC_LINE)
    expect(await reg(page, 'pc')).toBe(hex4(BUMP))
    await page.getByRole('button', { name: 'Step over' }).tap()
    await stoppedAt(page, 'sub.asm', INC_LINE + 1)
    await page.getByRole('button', { name: 'Step out' }).tap()
    await stoppedAt(page, 'main.asm', JSR_LINE + 1)
    await page.screenshot({ path: 'e2e/artifacts/studio-debug-phone.png', fullPage: true })
  })
})
