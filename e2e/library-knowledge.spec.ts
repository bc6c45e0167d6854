// What the library knows of its games, in the browser: a cartridge whose header lies plays with the
// corrected header (the player gets the corrected copy and the ROM's UNROM reset runs; with the switch
// off it gets the original), a DAT picked in the Game Names panel names it, and a rename keeps the
// user's title. The server's CARTRIDGE_DB knows the ROMs. A game that ran ~5 s gets its picture as its
// cover: the row's placeholder becomes the image, lazy, of a fixed size, without the row moving; on the
// phone "USE AS COVER" replaces it.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { openPage, TOUCH_DEVICES } from './support/browser'
import {
  buildLyingUnrom,
  logiqxDat,
  RAN_AS_UNROM,
  tempFile,
  unromDatabase,
} from './support/cartridge-fixtures'
import { startServer } from './support/global-setup'
import type { StartedServer } from './support/global-setup'
import { expectToast, libraryItem, waitForCover } from './support/library-page'
import type { ShownCover } from './support/library-page'
import { useBrowser } from './support/page-suite'
import { waitForGame } from './support/player-page'
import { shoot } from './support/touch-checks'

const desktopRom = buildLyingUnrom(1)
const phoneRom = buildLyingUnrom(2)
const HEADER_NOTE = 'header says mapper 0, this cartridge is mapper 2'
let server: StartedServer
let dbFile: string
const browser = useBrowser()

async function upload(name: string, rom: Uint8Array): Promise<void> {
  const form = new FormData()
  form.set('romFile', new Blob([Buffer.from(rom)]), name)
  const res = await fetch(`${server.baseUrl}/api/roms`, { method: 'POST', body: form })
  expect(res.status).toBe(201)
}

beforeAll(async () => {
  dbFile = tempFile('cartridges.xml', unromDatabase([desktopRom, phoneRom]))
  server = await startServer({ CARTRIDGE_DB: dbFile })
  await upload('fibber.nes', desktopRom)
  await upload('pocket liar.nes', phoneRom)
})
afterAll(async () => {
  await server?.stop()
  if (dbFile) rmSync(path.dirname(dbFile), { recursive: true, force: true })
})

/** The cover the server keeps for the entry the image shows: its type and size in bytes. */
async function storedCover(cover: ShownCover): Promise<{ type: string | null; bytes: number }> {
  const res = await fetch(cover.src)
  expect(res.status).toBe(200)
  return { type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength }
}

/** What every cover in the list must be: the title as alt text, lazy, a fixed box, the picture's shape. */
function expectListCover(cover: ShownCover, title: string) {
  expect(cover).toMatchObject({ alt: title, loading: 'lazy', width: '48', height: '42' })
  expect([cover.boxWidth, cover.boxHeight]).toEqual([48, 42])
  // The 256x224 picture at half size.
  expect([cover.naturalWidth, cover.naturalHeight]).toEqual([128, 112])
}

const press = (target: Locator, touch: boolean) => (touch ? target.tap() : target.click())

/** Which reset the running game took ($0000, written by the ROM's reset code); 0 until it ran. */
async function waitForBoard(page: Page, expected: number): Promise<number> {
  const deadline = Date.now() + 20_000
  let seen = 0
  while (Date.now() < deadline) {
    seen = await page.evaluate(async () => (await window.gameInstance!.readMemory(0, 1))[0] ?? 0)
    if (seen === expected) return seen
    await page.waitForTimeout(100)
  }
  return seen
}

/** Loads a library game and returns the X-Rom-Header of the copy the player got. */
async function playFromLibrary(page: Page, title: string, touch = false): Promise<string | null> {
  await page.evaluate(() => delete window.gameInstance)
  const served = page.waitForResponse((res) => res.url().includes('header=playable'))
  await press(page.getByRole('button', { name: `Load ${title}`, exact: true }), touch)
  const header = (await served).headers()['x-rom-header'] ?? null
  await waitForGame(page)
  return header
}

describe('a cartridge whose header lies', () => {
  it('plays with the corrected header, with its own when turned off, is named by a DAT and renamed', async () => {
    const { page, close } = await openPage(browser(), { width: 1280, height: 900 })
    try {
      await page.goto(`${server.baseUrl}/`)
      const row = libraryItem(page, 'fibber')
      await expect(row.getByTestId('rom-header-note').textContent()).resolves.toContain(HEADER_NOTE)
      await expect(row.getByTestId('rom-facts').textContent()).resolves.toContain('NES-UNROM')
      const placeholder = row.getByTestId('rom-cover-none')
      await placeholder.waitFor()
      const rowHeight = (await row.boundingBox())?.height
      expect(await playFromLibrary(page, 'fibber')).toBe('corrected')
      expect(await waitForBoard(page, RAN_AS_UNROM)).toBe(RAN_AS_UNROM)

      // The game has run ~5 s: its picture is the entry's cover, in place of the placeholder.
      const cover = await waitForCover(row)
      expectListCover(cover, 'fibber')
      expect((await row.boundingBox())?.height).toBe(rowHeight)
      expect(await placeholder.count()).toBe(0)
      const kept = await storedCover(cover)
      expect(kept.type).toBe('image/webp')
      expect(kept.bytes).toBeLessThanOrEqual(24 * 1024)

      const toggle = row.getByRole('checkbox', { name: 'Play with the corrected header' })
      // A controlled switch: it turns off once the server has the change.
      await toggle.click()
      // The list comes back from the server with the switch off (and enabled again).
      await row.locator('.rom-item__toggle input:not(:checked):not(:disabled)').waitFor()
      // Its own header: fceumm's NROM may map the last 16 KiB at $C000 as UNROM does, so the copy the
      // player got is what tells the two apart here.
      expect(await playFromLibrary(page, 'fibber')).toBe('original')

      const dat = logiqxDat([{ name: 'Liar Cart (USA) (Rev 1)', rom: desktopRom }])
      await page.getByTestId('dat-input').setInputFiles({
        name: 'test-carts.dat',
        mimeType: 'application/xml',
        buffer: Buffer.from(dat),
      })
      await expectToast(page, 'DAT Imported', 'Test Carts: 1 ROMs named, 1 titles changed.')
      const named = libraryItem(page, 'Liar Cart (USA) (Rev 1)')
      await named.waitFor()
      await expect(page.getByTestId('dat-item').textContent()).resolves.toContain('names 1')

      await named.getByRole('button', { name: 'Rename Liar Cart (USA) (Rev 1)' }).click()
      // The form takes the title's place in the row, so it is found by its own label.
      const form = page.locator('.rom-item__rename')
      await form.getByLabel('New title for Liar Cart (USA) (Rev 1)').fill('My Cart')
      await form.getByRole('button', { name: 'Save' }).click()
      await expectToast(page, 'ROM Renamed', 'Liar Cart (USA) (Rev 1) is now My Cart.')
      const renamed = libraryItem(page, 'My Cart')
      await expect(renamed.getByTestId('rom-facts').textContent()).resolves.toContain(
        'DAT: Liar Cart (USA) (Rev 1)',
      )
      await shoot(page, 'library-knowledge-desktop', true)
    } finally {
      await close()
    }
  })

  it(`plays with the corrected header on a ${TOUCH_DEVICES[0]!.name}`, async () => {
    const { page, close } = await openPage(browser(), TOUCH_DEVICES[0]!)
    try {
      await page.goto(`${server.baseUrl}/`)
      const row = libraryItem(page, 'pocket liar')
      await expect(row.getByTestId('rom-header-note').textContent()).resolves.toContain(HEADER_NOTE)
      await playFromLibrary(page, 'pocket liar', true)
      expect(await waitForBoard(page, RAN_AS_UNROM)).toBe(RAN_AS_UNROM)
      expectListCover(await waitForCover(row), 'pocket liar')

      // "Use as cover" stores the picture on screen now, replacing the one taken automatically.
      const replaced = page.waitForResponse(
        (res) => res.url().endsWith('/cover') && res.request().method() === 'PUT',
      )
      await page.getByRole('button', { name: 'USE AS COVER' }).tap()
      expect((await replaced).status()).toBe(200)
      await page.getByText('This picture is the game’s cover now.').waitFor()
      await shoot(page, 'library-cover-phone-player')
      await row.scrollIntoViewIfNeeded()
      await shoot(page, 'library-knowledge-phone')
    } finally {
      await close()
    }
  })
})
