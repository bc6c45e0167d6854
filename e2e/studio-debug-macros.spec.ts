// Breakpoints inside a macro body (between .macro and .endm): the breakpoint stays on the body line, DEBUG stops
// at the first expansion of that line and Continue at the next call's copy; the current line is the call, as for
// any macro code, and the body line running has a highlight of its own. Once with the mouse and keys, once on a
// touch phone.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { assemble } from '@nes-studio/assembler'
import { TOUCH_DEVICES } from './support/browser'
import { lineOf } from './support/debug-program'
import { usePageSuite } from './support/page-suite'
import { setEditorText } from './support/studio-page'
import { saveScreenshot } from './support/artifacts'

/** `addto` runs twice per loop: total += 3, then total += 5. The macro comes before RESET's code. */
const MACRO_MAIN = `  .inesprg 1
  .ineschr 1
  .inesmap 0
  .inesmir 1

  .rsset $0010
total .rs 1

addto .macro
  ; total += \\1
  lda total
  clc
  adc #\\1
  sta total
  .endm

  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
  lda #0
  sta total
loop:
  addto 3
  addto 5
  jmp loop
NMI:
  rti

  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0

  .bank 2
  .org $0000
  .db 0
`

const ADC_LINE = lineOf(MACRO_MAIN, 'adc #')
const COMMENT_LINE = lineOf(MACRO_MAIN, '; total +=')
const FIRST_CALL = lineOf(MACRO_MAIN, 'addto 3')
const SECOND_CALL = lineOf(MACRO_MAIN, 'addto 5')

/** Where our assembler puts the ADC of each expansion (first call, second call). */
function adcAddresses(): number[] {
  const result = assemble({
    main: 'main.asm',
    files: { 'main.asm': new TextEncoder().encode(MACRO_MAIN) },
    options: { debug: true },
  })
  if (!result.ok || !result.debug) throw new Error('the macro program does not assemble')
  return result.debug.sourceMap.lineEntries('main.asm', ADC_LINE).map((e) => e.address)
}

const hex = (n: number, width: number) => `$${n.toString(16).toUpperCase().padStart(width, '0')}`
const reg = (page: Page, name: string) => page.getByTestId(`reg-${name}`).textContent()

/** The breakpoints the studio keeps (file -> lines), as saved in localStorage. */
const savedBreakpoints = (page: Page) =>
  page.evaluate(() => localStorage.getItem('nes-studio.debug.breakpoints'))

/** Stopped at the call on `line` with PC and A as given, running the macro-body line `body`. */
async function stoppedAtCall(
  page: Page,
  line: number,
  pc: number,
  a: number,
  body: number,
): Promise<void> {
  const status = page.getByTestId('debug-status')
  await expect
    .poll(() => status.textContent(), { timeout: 20_000 })
    .toContain(`at main.asm:${line}`)
  expect(await reg(page, 'pc')).toBe(hex(pc, 4))
  expect(await reg(page, 'a')).toBe(hex(a, 2))
  const current = page.locator('.cm-debug-current-line')
  await expect.poll(() => current.count()).toBe(1)
  expect(await current.textContent()).toBe(MACRO_MAIN.split('\n')[line - 1])
  // the body line: its own highlight in the editor, and under the call line beside the run controls
  const running = page.locator('.cm-debug-macro-line')
  await expect.poll(() => running.textContent()).toBe(MACRO_MAIN.split('\n')[body - 1])
  expect(await running.count()).toBe(1)
  expect(await page.getByTestId('debug-macro-line').textContent()).toBe(
    `macro main.asm:${body}${MACRO_MAIN.split('\n')[body - 1]!.trim()}`,
  )
}

describe('studio debugger in macro bodies', () => {
  const { baseUrl, open } = usePageSuite()
  const [first, second] = adcAddresses()

  async function writeProgram(page: Page): Promise<void> {
    await page.goto(`${baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    await setEditorText(page, MACRO_MAIN)
  }

  it('stops on a macro-body line at each expansion, and keeps the breakpoint on that line', async () => {
    expect([first, second].every((a) => a !== undefined)).toBe(true)
    const page = await open(1280)
    await writeProgram(page)
    await page
      .locator('.cm-line')
      .nth(ADC_LINE - 1)
      .click()
    await page.keyboard.press('F9')
    await page.locator('.cm-content').press('F5')

    await stoppedAtCall(page, FIRST_CALL, first!, 0, ADC_LINE)
    expect(await savedBreakpoints(page)).toBe(JSON.stringify({ 'main.asm': [ADC_LINE] }))
    const marker = page.locator('.cm-debug-breakpoint')
    expect(await marker.count()).toBe(1)
    await page.keyboard.press('F5')
    await stoppedAtCall(page, SECOND_CALL, second!, 3, ADC_LINE)
    await page.keyboard.press('F5')
    await stoppedAtCall(page, FIRST_CALL, first!, 8, ADC_LINE) // the next loop: 3 + 5

    // F9 on the body's comment: no code there, so the breakpoint goes to the next body line with code (LDA)
    await page
      .locator('.cm-line')
      .nth(ADC_LINE - 1)
      .click()
    await page.keyboard.press('F9')
    await page
      .locator('.cm-line')
      .nth(COMMENT_LINE - 1)
      .click()
    await page.keyboard.press('F9')
    expect(await savedBreakpoints(page)).toBe(JSON.stringify({ 'main.asm': [COMMENT_LINE + 1] }))
    await page.keyboard.press('F5')
    // LDA total (absolute: 3 bytes) and CLC come before the ADC; the first ADC made 8 + 3
    await stoppedAtCall(page, SECOND_CALL, second! - 4, 11, COMMENT_LINE + 1)
    // one instruction on: still the call line, the body line moves on to CLC
    await page.getByRole('button', { name: 'Step instr' }).click()
    await stoppedAtCall(page, SECOND_CALL, second! - 1, 11, ADC_LINE - 1)
    await saveScreenshot(page, 'e2e/artifacts/studio-debug-macro-body.png')
  })

  const phone = TOUCH_DEVICES.find((d) => d.name === 'phone 375×667')!
  it(`taps a breakpoint on a macro-body line and continues to the next expansion on a touch ${phone.name}`, async () => {
    const page = await open(phone)
    await writeProgram(page)
    const line = page.locator('.cm-line').nth(ADC_LINE - 1)
    await line.scrollIntoViewIfNeeded()
    const gutterBox = (await page.locator('.cm-debug-gutter').boundingBox())!
    const lineBox = (await line.boundingBox())!
    await page.touchscreen.tap(gutterBox.x + gutterBox.width / 2, lineBox.y + lineBox.height / 2)
    await expect.poll(() => page.locator('.cm-debug-breakpoint').count()).toBe(1)

    await page.getByRole('button', { name: /Debug/ }).tap()
    await stoppedAtCall(page, FIRST_CALL, first!, 0, ADC_LINE)
    expect(await savedBreakpoints(page)).toBe(JSON.stringify({ 'main.asm': [ADC_LINE] }))
    await page.getByRole('button', { name: /Continue/ }).tap()
    await stoppedAtCall(page, SECOND_CALL, second!, 3, ADC_LINE)
    await saveScreenshot(page, 'e2e/artifacts/studio-debug-macro-phone.png', { fullPage: true })
  })
})
