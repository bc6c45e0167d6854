// Small things a player met: the Resume state's thumbnail shows the game (it was an empty black box), and a
// browser that refuses the screen wake lock RetroArch asks for no longer raises an uncaught error. With a mouse
// and on a phone.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import type { PageOptions } from './support/browser'
import { NES_COLOR, nearestNesColor } from './support/nes-colors'
import { usePageSuite } from './support/page-suite'
import { chooseRom, waitForGame } from './support/player-page'
import { buildSolidColorRom, withTag } from './support/roms'

const suite = usePageSuite()

const DEVICES: readonly { name: string; options: PageOptions }[] = [
  { name: 'desktop', options: { width: 1280, height: 900 } },
  { name: TOUCH_DEVICES[0]!.name, options: TOUCH_DEVICES[0]! },
]

async function start(page: Page, options: PageOptions, rom: Uint8Array): Promise<void> {
  await chooseRom(page, 'polish.nes', rom)
  const button = page.getByRole('button', { name: 'PRESS START' })
  if (options.hasTouch) await button.tap()
  else await button.click()
  await waitForGame(page)
}

describe.each(DEVICES)('the player ($name)', ({ name, options }) => {
  it('shows the game in the Resume thumbnail', async () => {
    const page = await suite.open(options)
    await page.goto(`${suite.baseUrl}/`)
    const rom = withTag(buildSolidColorRom(NES_COLOR.red), `thumbnail ${name}`)
    await start(page, options, rom)
    // The game plays a while (its picture is kept every few seconds) before EJECT keeps where it was.
    await page.waitForTimeout(6000)
    await page.getByRole('button', { name: 'EJECT' }).click()
    await start(page, options, rom)
    const thumbnail = page
      .getByRole('region', { name: 'Saves' })
      .locator('[data-testid=save-state][data-kind=resume] img')
    await thumbnail.waitFor()
    const rgb = await thumbnail.evaluate(async (image: HTMLImageElement) => {
      await image.decode()
      const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight)
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const { data } = context.getImageData(image.naturalWidth >> 1, image.naturalHeight >> 1, 1, 1)
      return [data[0]!, data[1]!, data[2]!] as [number, number, number]
    })
    expect(nearestNesColor(rgb).name).toBe('red')
  })

  it('plays on without an uncaught error when the browser refuses the screen wake lock', async () => {
    const page = await suite.open(options)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    // The browser's own refusal, as with the permission denied in its settings.
    const cdp = await page.context().newCDPSession(page)
    const { targetInfo } = await cdp.send('Target.getTargetInfo')
    await cdp.send('Browser.setPermission', {
      permission: { name: 'screen-wake-lock' },
      setting: 'denied',
      origin: suite.baseUrl,
      browserContextId: targetInfo.browserContextId,
    })
    await page.goto(`${suite.baseUrl}/`)
    await start(page, options, buildSolidColorRom(NES_COLOR.green))
    await page.waitForTimeout(1500)
    expect(errors).toEqual([])
    expect(await page.evaluate(() => window.gameInstance?.fps() ?? 0)).toBeGreaterThan(0)
  })
})
