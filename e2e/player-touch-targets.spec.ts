// Tap targets on touch phones (portrait and landscape): every control of the player, its Saves panel,
// the controls dialog, a toast and a library entry gives a finger at least 44 × 44 px, measured where a
// tap lands (document.elementFromPoint), so a hit area grown with padding or a pseudo-element counts and
// one covered by a neighbour does not. Text fields use 16 px type (iOS Safari zooms into smaller ones).
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import { buildInputProbeRom } from './support/input-probe'
import { buildSolidColorRom } from './support/roms'
import { usePageSuite } from './support/page-suite'
import { fontSizeOf, hitAreas, tooSmall } from './support/tap-targets'
import type { HitArea } from './support/tap-targets'
import { chooseRom, waitForGame } from './support/player-page'
import { saveScreenshot } from './support/artifacts'

const suite = usePageSuite()
const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts')

/** Uploads a ROM of one colour (the library refuses a ROM it holds already). */
async function uploadToLibrary(title: string, color: number): Promise<void> {
  const form = new FormData()
  form.set('title', title)
  form.set('romFile', new Blob([Buffer.from(buildSolidColorRom(color))]), 'tap-targets.nes')
  const res = await fetch(`${suite.baseUrl}/api/roms`, { method: 'POST', body: form })
  expect(res.status).toBe(201)
}

async function findEntry(page: Page, title: string): Promise<void> {
  await page.getByLabel('Search the library').fill(title)
  await page.getByRole('button', { name: `Load ${title}` }).waitFor()
}

const PHONES = [
  { ...TOUCH_DEVICES[0]!, color: 0x31 },
  { ...TOUCH_DEVICES[2]!, color: 0x32 },
]

describe('tap targets on a touch phone', () => {
  it.each(PHONES)('$name: every control is at least 44 × 44 px', async (device) => {
    const title = `Tap Targets ${device.width}x${device.height}`
    await uploadToLibrary(title, device.color)
    const page = await suite.open(device)
    await page.goto(`${suite.baseUrl}/`)
    await page.getByText('INSERT CARTRIDGE').waitFor()
    const measured: HitArea[] = []

    // Text fields: the library's search and the upload's title.
    expect.soft(await fontSizeOf(page.getByLabel('Search the library'))).toBe('16px')
    await page.getByTestId('upload-input').setInputFiles({
      name: 'title-field.nes',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(buildInputProbeRom()),
    })
    expect.soft(await fontSizeOf(page.getByLabel('ROM Title'))).toBe('16px')

    // A cartridge in the slot, not started: its remove control.
    await chooseRom(page, 'probe.nes', buildInputProbeRom())
    measured.push(...(await hitAreas(page.getByRole('button', { name: 'Remove cartridge' }))))

    // A library entry, loaded with a tap: its controls and the toast that says so.
    await findEntry(page, title)
    const entry = page.getByTestId('rom-item').filter({ hasText: title })
    measured.push(...(await hitAreas(entry.getByRole('button'))))
    await entry.getByRole('button', { name: `Load ${title}` }).tap()
    const close = page.locator('.toast').getByRole('button', { name: 'Close' })
    await close.waitFor()
    measured.push(...(await hitAreas(close)))
    await close.tap()
    await close.waitFor({ state: 'detached' })
    await waitForGame(page)
    await page.waitForTimeout(800) // the game's reveal scroll

    // The game's toolbar, REMAP, SELECT and START, the Saves panel's toolbar.
    measured.push(
      ...(await hitAreas(
        page.getByRole('toolbar', { name: 'Game options' }).locator('button, input'),
      )),
    )
    measured.push(...(await hitAreas(page.getByRole('button', { name: 'REMAP' }))))
    measured.push(
      ...(await hitAreas(
        page.locator('.player [data-button=select], .player [data-button=start]'),
      )),
    )
    const saves = page.locator('section.saves')
    measured.push(...(await hitAreas(saves.locator('.saves__toolbar button'))))

    // A saved state's row.
    await saves.getByRole('button', { name: 'SAVE STATE' }).tap()
    const row = saves.getByTestId('save-state').first()
    await row.waitFor({ timeout: 15_000 })
    measured.push(...(await hitAreas(row.getByRole('button'))))

    const shot = (what: string) =>
      saveScreenshot(
        page,
        path.join(artifacts, `touch-targets-${device.width}x${device.height}-${what}.png`),
        { fullPage: what === 'page' },
      )
    await shot('page')

    // The controls dialog's bindings.
    await page.getByRole('button', { name: 'REMAP' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Controls' })
    await dialog.waitFor()
    measured.push(...(await hitAreas(dialog.locator('.binding button'))))

    await shot('dialog')

    const names = measured.map((area) => area.name).join(' | ')
    for (const expected of ['Remove cartridge', 'Close', 'PAUSE', 'FULLSCREEN', 'range', 'REMAP'])
      expect(names).toContain(expected)
    for (const expected of ['SAVE STATE', 'LOAD FILE', 'COPY GAME LINK', 'Download', 'Clear key'])
      expect(names).toContain(expected)
    expect(tooSmall(measured)).toEqual([])
  })
})
