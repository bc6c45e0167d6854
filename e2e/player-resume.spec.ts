// Where a visitor left off is kept per browser: another browser opening the same library game is not asked to
// continue someone else's session and plays at once (the battery save, like the library's states, stays the
// same for everyone); the browser that left off is offered CONTINUE in the Saves panel while the game plays
// on, and CONTINUE puts back its own moment. The ROM counts START presses in battery RAM. With a mouse and
// on a phone.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  buildBatteryRom,
  pressStart,
  readFrameCounter,
  readStartCount,
} from './support/battery-rom'
import { openPage, TOUCH_DEVICES } from './support/browser'
import type { PageOptions } from './support/browser'
import { usePageSuite } from './support/page-suite'
import { blurActiveElement, waitForGame } from './support/player-page'

const suite = usePageSuite()

const DEVICES: readonly { name: string; options: PageOptions; variant: number }[] = [
  { name: 'desktop', options: { width: 1280, height: 900 }, variant: 0x60 },
  { name: TOUCH_DEVICES[0]!.name, options: TOUCH_DEVICES[0]!, variant: 0x61 },
]

async function uploadToLibrary(rom: Uint8Array): Promise<string> {
  const form = new FormData()
  form.set('romFile', new Blob([new Uint8Array(rom)]), 'left-off.nes')
  const res = await fetch(`${suite.baseUrl}/api/roms`, { method: 'POST', body: form })
  expect(res.status).toBe(201)
  return ((await res.json()) as { rom: { id: string } }).rom.id
}

async function openGame(page: Page, romId: string): Promise<void> {
  await page.goto(`${suite.baseUrl}/play/${romId}`)
  await waitForGame(page)
  await blurActiveElement(page)
}

/** The game runs (it is not held waiting for an answer): its frame counter moves. */
async function expectPlaying(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.gameInstance?.fps() ?? 0)).toBeGreaterThan(0)
  const before = await readFrameCounter(page)
  await expect.poll(() => readFrameCounter(page)).toBeGreaterThan(before)
}

const offer = (page: Page) => page.getByRole('group', { name: 'Continue where you left off?' })
const anyQuestion = (page: Page) => page.getByText(/continue where you left off/i)

async function tap(page: Page, name: string, options: PageOptions): Promise<void> {
  const button = page.getByRole('button', { name })
  if (options.hasTouch) await button.tap()
  else await button.click()
}

/** The START count in the library's battery save. */
async function libraryCount(romId: string): Promise<number> {
  const res = await fetch(`${suite.baseUrl}/api/roms/${romId}/save`)
  return res.ok ? (new Uint8Array(await res.arrayBuffer())[0] ?? -1) : -1
}

describe.each(DEVICES)('where a visitor left off ($name)', ({ options, variant }) => {
  it('is not offered to another browser, and is offered to this one without stopping the game', async () => {
    const romId = await uploadToLibrary(buildBatteryRom(variant))
    const first = await suite.open(options)
    await openGame(first, romId)
    await pressStart(first, 2)
    await expect.poll(() => readStartCount(first)).toBe(2)
    await tap(first, 'EJECT', options)

    // Another browser: the library's battery save, no question about someone else's session, and the game
    // plays. Its own progress goes to the library's battery save.
    const other = await openPage(suite.browser(), options)
    try {
      await openGame(other.page, romId)
      await expectPlaying(other.page)
      expect(await readStartCount(other.page)).toBe(2)
      expect(await anyQuestion(other.page).count()).toBe(0)
      await pressStart(other.page, 1)
      await tap(other.page, 'EJECT', options)
      await expect.poll(() => libraryCount(romId)).toBe(3)
    } finally {
      await other.close()
    }

    // The browser that left off: the game plays (with the library's battery save), and CONTINUE, offered beside
    // it, puts back this browser's moment (a count of 2 in its save RAM).
    await openGame(first, romId)
    await expectPlaying(first)
    expect(await readStartCount(first)).toBe(3)
    await offer(first).waitFor()
    await tap(first, 'CONTINUE', options)
    await expect.poll(() => readStartCount(first)).toBe(2)
    await offer(first).waitFor({ state: 'detached' })
    await expectPlaying(first)
  })
})
