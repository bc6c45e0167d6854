// The studio debugger on touch phones: the stopped debugger stays within a 375 px phone's width, memory bytes are
// finger-sized there, a breakpoint tapped in the gutter, steps and "Check on both cores" by taps.
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import { usePageSuite } from './support/page-suite'
import { setEditorText, tab } from './support/studio-page'
import {
  BUMP,
  INC_LINE,
  JSR_LINE,
  POWER_ON_RAM,
  checkOnBothCores,
  expectSideBySide,
  hex4,
  reg,
  stoppedAt,
  tapDebugThenPause,
  writeProgram,
} from './support/studio-debug'
import { saveScreenshot } from './support/artifacts'

/** Eight bytes and their address fit a 375 px phone at this width each (16 px text, 44 px tall). */
const MIN_BYTE_WIDTH = 32

describe('studio debugger on touch phones', () => {
  const { baseUrl, open } = usePageSuite()

  const smallPhone = TOUCH_DEVICES.find((d) => d.name === 'phone 375×667')!
  it(`keeps the stopped debugger within the width of a ${smallPhone.name}`, async () => {
    const page = await open(smallPhone)
    await writeProgram(page, baseUrl)
    await tapDebugThenPause(page)
    await page.getByRole('tab', { name: 'sprites' }).waitFor()
    // wider content would make the phone's page scroll sideways (or zoom out)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0)
    expect(await page.evaluate(() => window.innerWidth)).toBe(smallPhone.width)
    const tabs = await page.getByRole('tab', { name: 'sprites' }).boundingBox()
    expect(tabs!.x + tabs!.width).toBeLessThanOrEqual(smallPhone.width)
  })

  it(`gives the memory view's bytes finger-sized cells on a touch ${smallPhone.name}, within its width`, async () => {
    const page = await open(smallPhone)
    await writeProgram(page, baseUrl)
    await tapDebugThenPause(page)
    const memory = page.getByRole('region', { name: 'Memory' })
    const byte = (address: string) => memory.locator(`[data-address="${address}"]`)
    await byte('0011').scrollIntoViewIfNeeded()
    // as tall as the project's 44 px touch targets, and wide enough for a thumb (8 a line instead of 16)
    const box = (await byte('0011').boundingBox())!
    expect(box.height).toBeGreaterThanOrEqual(44)
    expect(box.width).toBeGreaterThanOrEqual(MIN_BYTE_WIDTH)
    // a row's last byte is on screen, with no sideways scrolling in the view or the page
    const last = (await byte('001F').boundingBox())!
    expect(last.x + last.width).toBeLessThanOrEqual(smallPhone.width)
    expect(last.height).toBeGreaterThanOrEqual(44)
    expect(
      await page.getByTestId('memory-view').evaluate((e) => e.scrollWidth - e.clientWidth),
    ).toBe(0)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0)
    await saveScreenshot(memory, 'e2e/artifacts/studio-debug-memory-phone.png')

    // a tap opens the byte's field in its place, as big; Enter writes the value
    await byte('0011').tap()
    const field = memory.getByLabel('Value at $0011')
    const fieldBox = (await field.boundingBox())!
    expect(fieldBox.height).toBeGreaterThanOrEqual(44)
    expect(fieldBox.width).toBeGreaterThanOrEqual(MIN_BYTE_WIDTH)
    await field.fill('2A')
    await saveScreenshot(memory, 'e2e/artifacts/studio-debug-memory-phone-edit.png')
    await field.press('Enter')
    await expect.poll(() => byte('0011').textContent()).toBe('2A')
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBe(0)
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
    await saveScreenshot(page, 'e2e/artifacts/studio-debug-phone.png', { fullPage: true })

    // the check on both cores, on the phone: the power-on RAM program
    await tab(page, 'main.asm').tap()
    await setEditorText(page, POWER_ON_RAM)
    expect(await checkOnBothCores(page, true)).toBe(
      'First difference at frame 4: 57344 pixels differ',
    )
    await expectSideBySide(page)
    await saveScreenshot(
      page.getByRole('region', { name: 'Check on both cores' }),
      'e2e/artifacts/studio-debug-check-phone.png',
    )
  })
})
