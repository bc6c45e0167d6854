// The library list stays current and never loses what it shows: a Refresh that fails keeps the last list
// and says so in the spec's error toast; a change to the library made from any page of this browser (the
// studio's ADD TO LIBRARY, another tab) shows in the list without a Refresh. With a mouse and on a phone.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import type { PageOptions } from './support/browser'
import { expectToast, isRomList, libraryItem } from './support/library-page'
import { usePageSuite } from './support/page-suite'
import { buildSolidColorRom, withTag } from './support/roms'

const suite = usePageSuite()

const DEVICES: readonly { name: string; options: PageOptions }[] = [
  { name: 'desktop', options: { width: 1280, height: 900 } },
  { name: TOUCH_DEVICES[0]!.name, options: TOUCH_DEVICES[0]! },
]

/** Clicks with a mouse, or taps on a touch screen. */
function press(target: Locator, options: PageOptions): Promise<void> {
  return options.hasTouch ? target.tap() : target.click()
}

/** Puts a ROM of its own into the shared server's library (the list is newest first). */
async function uploadRom(title: string, color: number): Promise<string> {
  const form = new FormData()
  form.set('title', title)
  const rom = withTag(buildSolidColorRom(color), `${title} ${Date.now()}`)
  form.set('romFile', new Blob([Buffer.from(rom)]), `${title.replace(/\W+/g, '-')}.nes`)
  const res = await fetch(`${suite.baseUrl}/api/roms`, { method: 'POST', body: form })
  expect(res.status).toBe(201)
  return ((await res.json()) as { rom: { id: string } }).rom.id
}

async function removeRom(id: string): Promise<void> {
  await fetch(`${suite.baseUrl}/api/roms/${id}`, { method: 'DELETE' })
}

async function openHome(options: PageOptions): Promise<Page> {
  const page = await suite.open(options)
  await page.goto(`${suite.baseUrl}/`)
  await page.getByRole('heading', { name: 'ROM Library' }).waitFor()
  return page
}

describe.each(DEVICES)('the library list ($name)', ({ name, options }) => {
  it('keeps the last list when a Refresh fails, and shows the error toast', async () => {
    const title = `Kept After Failure ${name}`
    const id = await uploadRom(title, 0x2b)
    try {
      const page = await openHome(options)
      await libraryItem(page, title).waitFor()
      await page.route(isRomList, (route) => route.fulfill({ status: 503, body: 'down' }))
      await press(page.getByRole('button', { name: 'Refresh', exact: true }), options)
      await expectToast(page, 'Error', 'Failed to load ROM library. Please try again.')
      await page
        .getByRole('button', { name: 'Refresh', exact: true })
        .and(page.locator(':enabled'))
        .waitFor()
      expect(await libraryItem(page, title).isVisible()).toBe(true)
      expect(await page.getByLabel('Search the library').isVisible()).toBe(true)
    } finally {
      await removeRom(id)
    }
  })
})
