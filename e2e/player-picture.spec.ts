// The picture has square pixels by default: the NES's 256×224 (overscan cropped) drawn 8:7, not stretched to
// about 4:3 (it was 522×400 in the desktop console); 4:3 is an option of the Controls dialog, remembered after a
// reload (a 4:3 TV frame of 240 lines, so its 224 shown lines are 10:7). Measured on the page's own pixels: the box a one-colour ROM fills. With a mouse and on a phone.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import type { PageOptions } from './support/browser'
import { waitForFrameColor } from './support/frames'
import { NES_COLOR } from './support/nes-colors'
import { usePageSuite } from './support/page-suite'
import { chooseRom, waitForGame } from './support/player-page'
import { buildSolidColorRom, withTag } from './support/roms'

const suite = usePageSuite()

const DEVICES: readonly { name: string; options: PageOptions }[] = [
  { name: 'desktop', options: { width: 1280, height: 900 } },
  { name: TOUCH_DEVICES[0]!.name, options: TOUCH_DEVICES[0]! },
]

async function press(page: Page, options: PageOptions, name: string): Promise<void> {
  const button = page.getByRole('button', { name })
  if (options.hasTouch) await button.tap()
  else await button.click()
}

async function startRed(page: Page, options: PageOptions): Promise<void> {
  await chooseRom(page, 'red.nes', withTag(buildSolidColorRom(NES_COLOR.red), 'picture'))
  await press(page, options, 'PRESS START')
  await waitForGame(page)
  await waitForFrameColor(page, 'red')
}

/** Width : height of the red the game fills, as the page shows it (a screenshot of the screen). */
async function redAspect(page: Page): Promise<number> {
  const png = await page.getByTestId('game-display').screenshot()
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')!
    context.drawImage(bitmap, 0, 0)
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    let [left, right, top, bottom] = [width, -1, height, -1]
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4
        if (data[i]! > 100 && data[i + 1]! < 80 && data[i + 2]! < 80) {
          left = Math.min(left, x)
          right = Math.max(right, x)
          top = Math.min(top, y)
          bottom = Math.max(bottom, y)
        }
      }
    }
    return right < 0 ? 0 : (right - left + 1) / (bottom - top + 1)
  }, png.toString('base64'))
}

/** The size of the running game's canvas backing store (the pixels the core draws each frame). */
async function canvasBacking(page: Page): Promise<{ width: number; height: number }> {
  const iframe = await page
    .locator('iframe.emulator-frame:not(.emulator-frame--idle)')
    .elementHandle()
  const frame = await iframe!.contentFrame()
  return frame!.evaluate(() => {
    const canvas = document.querySelector('canvas.ejs_canvas') as HTMLCanvasElement
    return { width: canvas.width, height: canvas.height }
  })
}

const near = (target: number) => (value: number) => Math.abs(value / target - 1) < 0.02

describe.each(DEVICES)('the picture ($name)', ({ options }) => {
  it('has square pixels by default, drawn at the picture’s own size, and 4:3 as a choice kept after a reload', async () => {
    const page = await suite.open(options)
    await page.goto(`${suite.baseUrl}/`)
    await startRed(page, options)
    await expect.poll(() => redAspect(page).then(near(256 / 224))).toBe(true)
    // The core draws 256×224 and the browser scales the canvas to the larger box (picture-size.ts).
    await expect.poll(() => canvasBacking(page)).toEqual({ width: 256, height: 224 })

    await press(page, options, 'REMAP')
    const dialog = page.getByRole('dialog', { name: 'Controls' })
    const option = dialog.getByLabel('4:3 picture (wider, as on a TV)')
    expect(await option.isChecked()).toBe(false)
    if (options.hasTouch) await option.tap()
    else await option.click()
    await press(page, options, 'DONE')
    await expect.poll(() => redAspect(page).then(near(10 / 7))).toBe(true)
    // 4:3: RetroArch stretches the picture itself, so its canvas is the box's size and shape.
    await expect
      .poll(() => canvasBacking(page).then(({ width, height }) => near(10 / 7)(width / height)))
      .toBe(true)

    await page.reload()
    await startRed(page, options)
    await expect.poll(() => redAspect(page).then(near(10 / 7))).toBe(true)
  })
})
