// The player's file checks and error state, and the not-found screen.
import { describe, expect, it } from 'vitest'
import { usePageSuite } from './support/page-suite'
import { chooseRom, isShown } from './support/player-page'
import { buildSolidColorRom } from './support/roms'

// The error-state tests make the emulator fail on purpose, so page errors are allowed here.
const { baseUrl, open, openPlayer } = usePageSuite({ allowPageErrors: true })

describe('player validation', () => {
  it('rejects a file whose name does not end in .nes', async () => {
    const page = await openPlayer()
    await chooseRom(page, 'game.txt', buildSolidColorRom(0x16))
    const alert = page.getByRole('alert')
    expect(await alert.textContent()).toContain(
      'Invalid file format. Please upload a .NES ROM file.',
    )
    expect(await isShown(page.getByText('INSERT CARTRIDGE'))).toBe(true)
  })

  it('accepts .NES in capitals', async () => {
    const page = await openPlayer()
    await chooseRom(page, 'LOUD.NES', buildSolidColorRom(0x16))
    expect(await isShown(page.getByText('CARTRIDGE READY'))).toBe(true)
  })

  it('refuses to start a file under 1024 bytes, and Try Again keeps the file', async () => {
    const page = await openPlayer()
    await chooseRom(page, 'tiny.nes', buildSolidColorRom(0x16).slice(0, 1023))
    await page.getByRole('button', { name: 'PRESS START' }).click()
    const message = page.getByTestId('slot-error')
    expect(await message.textContent()).toBe(
      'Invalid NES ROM file. Please upload a valid .nes file.',
    )
    expect(await isShown(page.getByText('ERROR', { exact: true }).first())).toBe(true)
    expect(await page.getByTestId('light-error').getAttribute('data-on')).toBe('true')

    await page.getByRole('button', { name: 'Try Again' }).click()
    expect(await isShown(page.getByText('CARTRIDGE READY'))).toBe(true)
    expect(await page.getByTestId('cartridge-name').textContent()).toContain('tiny.nes')
    expect(await page.getByTestId('light-error').getAttribute('data-on')).toBe('false')
  })

  it('refuses to start a file without the iNES header', async () => {
    const page = await openPlayer()
    const notInes = buildSolidColorRom(0x16)
    notInes.set([0x50, 0x4b, 0x03, 0x04], 0) // a zip signature instead of "NES\x1A"
    await chooseRom(page, 'fake.nes', notInes)
    await page.getByRole('button', { name: 'PRESS START' }).click()
    expect(await page.getByTestId('slot-error').textContent()).toContain('iNES header')
  })

  it('shows the not-found screen for an unknown path', async () => {
    const page = await open()
    await page.goto(`${baseUrl}/no/such/page`)
    const heading = page.getByRole('heading', { name: '404 Page Not Found' })
    expect(await isShown(heading)).toBe(true)
    const text = page.getByText('Did you forget to add the page to the router?')
    expect(await isShown(text)).toBe(true)
  })
})

describe('player load timeout', () => {
  it('ends in the error state with a message when the emulator never finishes loading', async () => {
    const page = await open()
    // The core never arrives: both the pre-extracted bundle and EmulatorJS's own core files hang.
    await page.route(/\/assets\/fceumm-.*\.bin$|\/cores\//, () => undefined)
    // The page's clock runs on as usual; the test only jumps over the 20 s wait instead of sitting through it.
    await page.clock.install()
    await page.goto(`${baseUrl}/`)
    await chooseRom(page, 'red.nes', buildSolidColorRom(0x16))
    await page.getByRole('button', { name: 'PRESS START' }).click()
    const message = page.getByTestId('slot-error')
    await page.locator('[data-testid="light-loading"][data-on="true"]').waitFor()
    expect(await message.count()).toBe(0)
    await page.clock.fastForward('00:19')
    expect(await message.count()).toBe(0)
    await page.clock.fastForward('00:02')
    await message.waitFor({ timeout: 10_000 })
    expect(await message.textContent()).toBe('The game did not start within 20 seconds.')
    expect(await page.getByTestId('light-error').getAttribute('data-on')).toBe('true')
    expect(await page.evaluate(() => window.gameInstance === undefined)).toBe(true)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })
})
