// Layout at phone, tablet and desktop widths, mouse only (touch screens: player-touch.spec.ts): no sideways
// scrolling; from 768 px up the desktop console with the spec's 400 px screen, whose picture fills the
// screen's height at the game's own shape; below it the handheld layout. Screenshots go to e2e/artifacts/.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { serverUrl } from './support/server-url'
import { openPage } from './support/browser'
import { useBrowser } from './support/page-suite'
import { waitForFrameColor } from './support/frames'
import { NES_COLOR } from './support/nes-colors'
import { chooseRom, waitForGame } from './support/player-page'
import { buildSolidColorRom } from './support/roms'
import { saveScreenshot } from './support/artifacts'

const baseUrl = serverUrl()
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts')
const browser = useBrowser()
beforeAll(() => {
  mkdirSync(artifacts, { recursive: true })
})

describe.each([
  { width: 375, layout: 'portrait' },
  { width: 768, layout: 'desktop' },
  { width: 1280, layout: 'desktop' },
])('player at $width px', ({ width, layout }) => {
  it('fits the width, idle and playing; the picture fills the screen', async () => {
    const { page, close } = await openPage(browser(), { width, height: 900 })
    try {
      await page.goto(`${baseUrl}/`)
      await page.getByText('INSERT CARTRIDGE').waitFor()
      await page.evaluate(() => document.fonts.ready)
      expect(await page.locator('.player').getAttribute('data-layout')).toBe(layout)
      await saveScreenshot(page, path.join(artifacts, `player-${width}-idle.png`), {
        fullPage: true,
      })
      const overflow = () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
      expect(await overflow()).toBe(0)

      await chooseRom(page, 'purple.nes', buildSolidColorRom(NES_COLOR.purple))
      await page.getByRole('button', { name: 'PRESS START' }).click()
      await waitForGame(page)
      expect((await waitForFrameColor(page, 'purple')).name).toBe('purple')
      const screen = await page.locator('.screen').boundingBox()
      const picture = await page.locator('.game-display__frame').boundingBox()
      if (layout === 'desktop') expect(Math.round(screen?.height ?? 0)).toBe(400)
      // The picture has square pixels by default (256×224 shown, player-picture.spec covers 4:3) and
      // touches two opposite edges of the screen.
      const fillsHeight = Math.abs((picture?.height ?? 0) - (screen?.height ?? 0)) <= 1
      const fillsWidth = Math.abs((picture?.width ?? 0) - (screen?.width ?? 0)) <= 1
      expect(fillsHeight || fillsWidth).toBe(true)
      expect((picture?.width ?? 0) / (picture?.height ?? 1)).toBeCloseTo(256 / 224, 1)
      expect(await overflow()).toBe(0)
      await saveScreenshot(page, path.join(artifacts, `player-${width}-running.png`), {
        fullPage: true,
      })
    } finally {
      await close()
    }
  })
})
