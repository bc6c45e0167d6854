// Find and sort in the browser: the list sorted by title and by recently played (a Load counts as a
// play), filtered by mapper, region (a DAT's) and saves, and searched by a DAT's game name, all on the
// server; on a desktop and a phone, where every menu shows its options whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage, TOUCH_DEVICES } from './support/browser'
import { logiqxDat } from './support/cartridge-fixtures'
import { startServer } from './support/global-setup'
import type { StartedServer } from './support/global-setup'
import { expectToast } from './support/library-page'
import { NES_COLOR } from './support/nes-colors'
import { useBrowser } from './support/page-suite'
import { buildSolidColorRom } from './support/roms'
import { shoot } from './support/touch-checks'

/** A solid-colour ROM whose header names `mapper` (the server stores whatever the header says). */
function romWithMapper(color: number, mapper: number): Uint8Array {
  const rom = buildSolidColorRom(color)
  rom[6] = (rom[6]! & 0x0f) | ((mapper & 0x0f) << 4)
  return rom
}

const ROMS = {
  Bravo: romWithMapper(NES_COLOR.blue, 0),
  Alpha: romWithMapper(NES_COLOR.red, 1),
  Charlie: romWithMapper(NES_COLOR.green, 2),
}
let server: StartedServer
const ids: Record<string, string> = {}
const browser = useBrowser()

beforeAll(async () => {
  server = await startServer()
  for (const [title, rom] of Object.entries(ROMS)) {
    const form = new FormData()
    form.set('title', title)
    form.set('romFile', new Blob([Buffer.from(rom)]), `${title.toLowerCase()}.nes`)
    const res = await fetch(`${server.baseUrl}/api/roms`, { method: 'POST', body: form })
    expect(res.status).toBe(201)
    ids[title] = ((await res.json()) as { rom: { id: string } }).rom.id
  }
  const save = await fetch(`${server.baseUrl}/api/roms/${ids.Charlie}/save`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Uint8Array([1, 2, 3]),
  })
  expect(save.status).toBe(200)
  const dat = logiqxDat([{ name: 'Zulu Quest (Europe)', rom: ROMS.Alpha }])
  const imported = await fetch(`${server.baseUrl}/api/dats`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: dat,
  })
  expect(imported.status).toBe(201)
})
afterAll(async () => {
  await server?.stop()
})

/**
 * The menus of the sort and filter group that are narrower than their longest option (its text would be
 * cut): each is compared with a copy of itself at its natural width, beside it so it has the same font.
 */
function cutMenus(page: Page): Promise<string[]> {
  return page
    .getByRole('group', { name: 'Sort and filter the library' })
    .locator('select')
    .evaluateAll((menus: HTMLSelectElement[]) =>
      menus.flatMap((menu) => {
        const copy = menu.cloneNode(true) as HTMLSelectElement
        copy.style.cssText =
          'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none'
        menu.after(copy)
        const needed = copy.offsetWidth
        copy.remove()
        return needed > menu.offsetWidth
          ? [`${menu.ariaLabel}: ${menu.offsetWidth} < ${needed} px`]
          : []
      }),
    )
}

const titles = (page: Page) =>
  page.locator('[data-testid=rom-item] .rom-item__title').allTextContents()

/** Waits until the list shows exactly `expected`, in that order (a game starting can hold the page up). */
async function expectTitles(page: Page, expected: string[]) {
  const deadline = Date.now() + 30_000
  let shown = await titles(page)
  while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(50)
    shown = await titles(page)
  }
  expect(shown).toEqual(expected)
}

/** The saves filter shows Charlie (its battery save) and never Alpha (never played, no save). */
async function waitForSaved(page: Page) {
  const deadline = Date.now() + 30_000
  let shown = await titles(page)
  while (!(shown.includes('Charlie') && !shown.includes('Alpha')) && Date.now() < deadline) {
    await page.waitForTimeout(50)
    shown = await titles(page)
  }
  expect(shown).toContain('Charlie')
  expect(shown).not.toContain('Alpha')
}

describe('finding games in the library', () => {
  it('sorts by title and recently played, filters by mapper, region and saves, searches DAT names', async () => {
    const { page, close } = await openPage(browser(), { width: 1280, height: 900 })
    try {
      await page.goto(`${server.baseUrl}/`)
      await expectTitles(page, ['Charlie', 'Alpha', 'Bravo'])
      await page.getByLabel('Sort by').selectOption('title')
      await expectTitles(page, ['Alpha', 'Bravo', 'Charlie'])

      await page.getByRole('button', { name: 'Load Bravo', exact: true }).click()
      await expectToast(page, 'ROM Loaded', 'bravo.nes has been loaded successfully.')
      await page.getByLabel('Sort by').selectOption('played')
      // Bravo was played just now; the others never, newest first after it.
      await expectTitles(page, ['Bravo', 'Charlie', 'Alpha'])

      await page.getByLabel('Mapper').selectOption('1')
      await expectTitles(page, ['Alpha'])
      await page.getByLabel('Mapper').selectOption('')
      await page.getByLabel('Region').selectOption('Europe')
      await expectTitles(page, ['Alpha'])
      await page.getByLabel('Region').selectOption('')
      await page.getByLabel('Has saves').check()
      // Charlie's battery save; Bravo may have the states the player keeps of a game it ran.
      await waitForSaved(page)
      await page.getByLabel('Mapper').selectOption('1')
      await page.getByText('No ROM matches these filters').waitFor()
      await page.getByLabel('Has saves').uncheck()
      await page.getByLabel('Mapper').selectOption('')

      await page.getByLabel('Search the library').fill('zulu')
      await expectTitles(page, ['Alpha'])
      await shoot(page, 'library-find-desktop')
    } finally {
      await close()
    }
  })

  it(`sorts and filters on a ${TOUCH_DEVICES[0]!.name}`, async () => {
    const { page, close } = await openPage(browser(), TOUCH_DEVICES[0]!)
    try {
      await page.goto(`${server.baseUrl}/`)
      // "Recently added" was cut to "Recently adde" by the arrow of a half-width menu in a phone's 16 px.
      await page.evaluate(() => document.fonts.ready)
      expect(await cutMenus(page)).toEqual([])
      await page.getByLabel('Sort by').selectOption('title')
      await expectTitles(page, ['Alpha', 'Bravo', 'Charlie'])
      await page.getByLabel('Has saves').tap()
      await waitForSaved(page)
      await page
        .getByRole('group', { name: 'Sort and filter the library' })
        .scrollIntoViewIfNeeded()
      await shoot(page, 'library-find-phone')
    } finally {
      await close()
    }
  })
})
