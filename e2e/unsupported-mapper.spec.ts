// A ROM whose mapper the fceumm core does not load (RetroArch then runs its own menu: Load Content, Netplay,
// Quit…) ends in the ERROR state naming the mapper, in the player and in the studio's preview, and the library
// says it on the entry before anyone presses play. ROMs built with our assembler. With a mouse and on a phone.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { libraryItem } from './support/library-page'
import { usePageSuite } from './support/page-suite'
import { chooseRom, isShown } from './support/player-page'
import { compileButton, setEditorText } from './support/studio-page'
import { gotoStudio, press, STUDIO_DEVICES } from './support/studio-workspace'
import { mapperRom } from './tools/fceumm-mappers'

const suite = usePageSuite()

/** The console's error display once a start has failed, and the lights. */
async function consoleError(page: Page) {
  const display = page.getByTestId('game-display')
  await display.and(page.locator('[data-status=error]')).waitFor({ timeout: 30_000 })
  return {
    text: (await display.textContent()) ?? '',
    errorLight: await page.getByTestId('light-error').getAttribute('data-on'),
    powerLight: await page.getByTestId('light-power').getAttribute('data-on'),
    hasGame: await page.evaluate(() => window.gameInstance !== undefined),
  }
}

const UNSUPPORTED = /mapper 220, which the emulator \(fceumm\) does not support/

describe.each(STUDIO_DEVICES)('an unsupported mapper ($name)', (device) => {
  it('shows ERROR naming the mapper in the player, not a running game', async () => {
    const page = await suite.open(device.options)
    await page.goto(`${suite.baseUrl}/`)
    await chooseRom(page, 'mapper-220.nes', mapperRom(220, 2, 1))
    await press(device, page.getByRole('button', { name: 'PRESS START' }))
    const shown = await consoleError(page)
    expect(shown.text).toContain('ERROR')
    expect(shown.text).toMatch(UNSUPPORTED)
    expect(shown).toMatchObject({ errorLight: 'true', powerLight: 'false', hasGame: false })
    expect(await isShown(page.getByRole('button', { name: 'Try Again' }))).toBe(true)
  })

  it('says so on the library entry before play, and names the mapper when it is played', async () => {
    const title = `Mapper 100 Game ${device.name}`
    const form = new FormData()
    form.set('title', title)
    const rom = mapperRom(100, 2, 1)
    rom.set(new TextEncoder().encode(title), 16 + 0x100) // bytes of its own
    form.set('romFile', new Blob([Buffer.from(rom)]), 'mapper-100.nes')
    const res = await fetch(`${suite.baseUrl}/api/roms`, { method: 'POST', body: form })
    expect(res.status).toBe(201)
    const { rom: entry } = (await res.json()) as { rom: { id: string } }
    try {
      const page = await suite.open(device.options)
      await page.goto(`${suite.baseUrl}/`)
      const item = libraryItem(page, title)
      await item.waitFor()
      expect(await item.getByTestId('rom-unsupported').textContent()).toBe(
        'Won’t play here: the emulator does not support mapper 100',
      )
      await press(device, item.getByRole('button', { name: `Load ${title}` }))
      const shown = await consoleError(page)
      expect(shown.text).toMatch(/mapper 100, which the emulator \(fceumm\) does not support/)
    } finally {
      await fetch(`${suite.baseUrl}/api/roms/${entry.id}`, { method: 'DELETE' })
    }
  })

  it('shows ERROR naming the mapper in the studio preview', async () => {
    const page = await suite.open(device.options)
    await gotoStudio(page, suite.baseUrl)
    await setEditorText(
      page,
      [
        '  .inesprg 1',
        '  .ineschr 1',
        '  .inesmap 220',
        '  .inesmir 1',
        '  .bank 0',
        '  .org $C000',
        'RESET: jmp RESET',
        '  .bank 1',
        '  .org $FFFA',
        '  .dw RESET, RESET, RESET',
        '',
      ].join('\n'),
    )
    await press(device, compileButton(page))
    const preview = page.getByRole('region', { name: 'Game preview' })
    await preview.and(page.locator('[data-state=error]')).waitFor({ timeout: 30_000 })
    const alert = preview.getByRole('alert')
    expect(await alert.textContent()).toContain('ERROR')
    expect(await alert.textContent()).toMatch(UNSUPPORTED)
  })
})
