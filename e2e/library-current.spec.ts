// The library list stays current and never loses what it shows: a Refresh that fails keeps the last list
// and says so in the spec's error toast; a change to the library made from any page of this browser (the
// studio's ADD TO LIBRARY, another tab) shows in the list without a Refresh. With a mouse and on a phone.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { PageOptions } from './support/browser'
import { expectToast, isRomList, libraryItem, uploadThroughPanel } from './support/library-page'
import { usePageSuite } from './support/page-suite'
import { buildSolidColorRom, withTag } from './support/roms'
import { compileButton } from './support/studio-page'
import { gotoStudio, press, STUDIO_DEVICES } from './support/studio-workspace'

const suite = usePageSuite()

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

/** Leaves the shared server's library as it was: removes the entries titled `title`. */
async function removeTitled(title: string): Promise<void> {
  const res = await fetch(`${suite.baseUrl}/api/roms?q=${encodeURIComponent(title)}`)
  const { roms } = (await res.json()) as { roms: { id: string; title: string }[] }
  for (const rom of roms) if (rom.title === title) await removeRom(rom.id)
}

async function openHome(options: PageOptions): Promise<Page> {
  const page = await suite.open(options)
  await page.goto(`${suite.baseUrl}/`)
  await page.getByRole('heading', { name: 'ROM Library' }).waitFor()
  return page
}

describe.each(STUDIO_DEVICES)('the library list ($name)', (device) => {
  const { name, options } = device
  it('keeps the last list when a Refresh fails, and shows the error toast', async () => {
    const title = `Kept After Failure ${name}`
    const id = await uploadRom(title, 0x2b)
    try {
      const page = await openHome(options)
      await libraryItem(page, title).waitFor()
      await page.route(isRomList, (route) => route.fulfill({ status: 503, body: 'down' }))
      await press(device, page.getByRole('button', { name: 'Refresh', exact: true }))
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

  it('shows what another tab of the site uploads and deletes, without a Refresh', async () => {
    const page = await openHome(options)
    const other = await page.context().newPage()
    await other.goto(`${suite.baseUrl}/`)
    await other.getByRole('heading', { name: 'ROM Library' }).waitFor()
    const title = `Other Tab ${name}`
    const rom = withTag(buildSolidColorRom(0x1c), `${title} ${Date.now()}`)
    try {
      await uploadThroughPanel(other, 'other-tab.nes', rom, title)
      await libraryItem(other, title).waitFor()
      await libraryItem(page, title).waitFor({ timeout: 5000 })
      const remove = libraryItem(other, title).getByRole('button', { name: `Delete ${title}` })
      await press(device, remove)
      await libraryItem(page, title).waitFor({ state: 'detached', timeout: 5000 })
    } finally {
      await other.close()
      await removeTitled(title)
    }
  })
})

// The studio's ADD TO LIBRARY starts the preview's emulator (~20 s of a test on a busy 2-core machine): run on
// the desktop only; the same signal reaches a phone's list in the test above.
describe('ADD TO LIBRARY in the studio', () => {
  const device = STUDIO_DEVICES[0]!
  it('shows the ROM in the list of another tab at once, and on Back to Home, without a Refresh', async () => {
    const title = 'Studio Added'
    const home = await openHome(device.options)
    const page = await home.context().newPage()
    await gotoStudio(page, suite.baseUrl)
    // A few bytes of its own, so the library (which refuses a ROM it holds) takes it.
    const unique = Date.now().toString(16).slice(-6).match(/../g)!
    await page.locator('.cm-content').click()
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.insertText(`\n  .bank 1\n  .org $F000\n  .db $${unique.join(',$')}\n`)
    await compileButton(page).click()
    await page.getByRole('button', { name: 'Add to library' }).click()
    await page.getByLabel('ROM Title').fill(title)
    await page.getByRole('button', { name: 'Upload ROM' }).click()
    try {
      await expectToast(page, 'Upload Successful', `${title} has been added to the library.`)
      await libraryItem(home, title).waitFor({ timeout: 5000 })
      await page.getByRole('link', { name: /Back to Home/ }).click()
      await libraryItem(page, title).waitFor({ timeout: 5000 })
    } finally {
      await page.close()
      await removeTitled(title)
    }
  })
})
