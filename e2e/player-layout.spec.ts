// Layout at phone, tablet and desktop widths: no sideways scrolling, the spec's screen heights (350 px,
// 400 px from 768 px up), and screenshots in e2e/artifacts/ for a human to look at.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { openPage } from './support/browser'
import { useBrowser } from './support/page-suite'
import { waitForFrameColor } from './support/frames'
import { NES_COLOR } from './support/nes-colors'
import { chooseRom, waitForGame } from './support/player-page'
import { buildSolidColorRom } from './support/roms'

const baseUrl = inject('baseUrl')
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts')
const browser = useBrowser()
beforeAll(() => {
  mkdirSync(artifacts, { recursive: true })
})

describe.each([
  { width: 375, screenHeight: 350 },
  { width: 768, screenHeight: 400 },
  { width: 1280, screenHeight: 400 },
])('player at $width px', ({ width, screenHeight }) => {
  it('fits the width and keeps the screen height, idle and playing', async () => {
    const { page, close } = await openPage(browser(), { width, height: 900 })
    try {
      await page.goto(`${baseUrl}/`)
      await page.getByText('INSERT CARTRIDGE').waitFor()
      await page.evaluate(() => document.fonts.ready)
      await page.screenshot({
        path: path.join(artifacts, `player-${width}-idle.png`),
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
      expect(Math.round(screen?.height ?? 0)).toBe(screenHeight)
      expect(await overflow()).toBe(0)
      await page.screenshot({
        path: path.join(artifacts, `player-${width}-running.png`),
        fullPage: true,
      })
    } finally {
      await close()
    }
  })
})
