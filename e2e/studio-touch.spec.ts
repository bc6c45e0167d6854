// The studio's flows on touch phones (375×667 portrait, 844×390 landscape), tapped as a finger does:
// COMPILE & RUN of the default program, the error box and its jump to the line, adding .asm/.chr files,
// .include tabs and an error inside an include, ADD TO LIBRARY, a binary .chr project imported through the
// file picker and exported. Each control tapped is in view, on top where the finger lands, at least 44 px
// tall, and the page never scrolls sideways.
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { strToU8, unzipSync, zipSync } from 'fflate'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { usePageSuite } from './support/page-suite'
import { waitForGreenFrame } from './support/studio-frames'
import { compileButton, savedFiles, setEditorText, tab } from './support/studio-page'
import { INCLUDE_PROGRAM } from './support/studio-programs'
import { gotoStudio } from './support/studio-workspace'
import { ARTIFACTS, PHONES, shoot, sidewaysOverflow, tapReport } from './support/touch-checks'
import { HEADER_LINKS_REACHABLE, toastCover } from './support/toast-checks'

const suite = usePageSuite()
beforeAll(() => mkdirSync(ARTIFACTS, { recursive: true }))

const MIN_TARGET_PX = 44

/**
 * Taps a control after checking a finger can reach it: not covered where the finger lands (its centre,
 * once scrolled into view) and at least 44 px tall.
 */
async function tap(target: Locator): Promise<void> {
  const report = await tapReport(target)
  const name = await target.evaluate((e) => e.getAttribute('aria-label') ?? e.textContent ?? '')
  expect({ name, onTop: report.onTop }).toEqual({ name, onTop: true })
  expect(report.height, name).toBeGreaterThanOrEqual(MIN_TARGET_PX)
  await target.tap()
}

async function tapForDownload(page: Page, target: Locator): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), tap(target)])
  return new Uint8Array(await readFile(await download.path()))
}

async function addFile(page: Page, name: string): Promise<void> {
  await page.getByPlaceholder('New file name...').fill(name)
  await tap(page.getByRole('button', { name: 'Add file' }))
  await tab(page, name).waitFor()
}

describe.each(PHONES)('studio flows on $name', (device) => {
  it('COMPILE & RUN the default program, tap the lock away, download the ROM', async () => {
    const page = await suite.open(device)
    await gotoStudio(page, suite.baseUrl)
    await shoot(page, 'flow-studio-open')
    await tap(compileButton(page))
    expect(await waitForGreenFrame(page, 30_000)).toMatchObject({ green: true })
    await page.waitForTimeout(500)
    await shoot(page, 'flow-studio-running')
    await tap(page.getByRole('button', { name: 'Click to re-enable the editor' }))
    expect(await page.locator('.cm-content').getAttribute('contenteditable')).toBe('true')
    const rom = await tapForDownload(page, page.getByRole('button', { name: 'Download .nes' }))
    expect(rom.length).toBe(16 + 16384 + 8192)
    expect(await sidewaysOverflow(page)).toBe(0)
  })

  it('shows a broken line in the error box, in view; a tap on it goes to the line', async () => {
    const page = await suite.open(device)
    await gotoStudio(page, suite.baseUrl)
    await setEditorText(page, '  .inesprg 1\n  .bank 0\n  .org $C000\n  lda #$01\n  bogus_op $12\n')
    await tap(compileButton(page))
    const box = page.getByTestId('compile-error')
    await box.waitFor()
    const item = box.getByRole('button', { name: /main\.asm:5:/ })
    await expect
      .poll(async () => (await tapReport(box.getByText('Compilation Error:'))).inView)
      .toBe(true)
    await shoot(page, 'flow-studio-error')
    expect(await sidewaysOverflow(page)).toBe(0)
    await tap(item)
    expect(await page.locator('.cm-activeLine').textContent()).toContain('bogus_op')
  })

  it('adds .asm and .chr files with taps and closes a tab; .include tabs, and an error in one', async () => {
    const page = await suite.open(device)
    await gotoStudio(page, suite.baseUrl)
    await addFile(page, 'buttons.asm')
    expect(await page.locator('.cm-content').textContent()).toContain('BUTTON_A      = %10000000')
    await addFile(page, 'a-long-tile-sheet-name.chr')
    expect(await tab(page, 'a-long-tile-sheet-name.chr').textContent()).toContain('CHR')
    await shoot(page, 'flow-studio-files')
    expect(await sidewaysOverflow(page)).toBe(0)
    await tap(page.getByRole('button', { name: 'Close buttons.asm' }))
    expect(await tab(page, 'buttons.asm').count()).toBe(0)

    await tap(tab(page, 'main.asm'))
    await setEditorText(page, INCLUDE_PROGRAM)
    await tab(page, 'consts.asm').waitFor()
    await tap(tab(page, 'consts.asm'))
    await setEditorText(page, 'SPEED = 2\n  jmpp SPEED\n')
    await tap(tab(page, 'main.asm'))
    await tap(compileButton(page))
    await tap(page.getByTestId('compile-error').getByRole('button', { name: /consts\.asm:2:/ }))
    expect(await tab(page, 'consts.asm').getAttribute('aria-selected')).toBe('true')
    expect(await page.locator('.cm-activeLine').textContent()).toContain('jmpp SPEED')
  })

  it('adds a compiled program to the ROM library through its dialog', async () => {
    const page = await suite.open(device)
    await gotoStudio(page, suite.baseUrl)
    const unique = `${Date.now().toString(16).slice(-6)}${device.width}`
      .match(/../g)!
      .map((b) => `$${b}`)
    await page.locator('.cm-content').click()
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.insertText(`\n  .bank 1\n  .org $F000\n  .db ${unique.join(',')}\n`)
    await tap(compileButton(page))
    await waitForGreenFrame(page, 30_000)
    await tap(page.getByRole('button', { name: 'Add to library' }))
    const title = page.getByLabel('ROM Title')
    expect((await tapReport(title)).inView).toBe(true)
    const titleText = `Phone Demo ${device.width}`
    await title.fill(titleText)
    await shoot(page, 'flow-studio-add-to-library')
    await tap(page.getByRole('button', { name: 'Upload ROM' }))
    const toast = page.getByText(`${titleText} has been added to the library.`).first()
    await toast.waitFor()
    expect((await tapReport(toast)).inView).toBe(true)
    // at the top of the page the toast covers neither the header's links nor any other control
    await page.evaluate(() => window.scrollTo(0, 0))
    expect(await toastCover(page)).toEqual({ links: HEADER_LINKS_REACHABLE, covered: [] })
    await shoot(page, 'flow-studio-uploaded')
    const body = (await (await fetch(`${suite.baseUrl}/api/roms`)).json()) as {
      roms: { id: string; title: string }[]
    }
    const entry = body.roms.find((r) => r.title === titleText)
    expect(entry).toBeDefined()
    await fetch(`${suite.baseUrl}/api/roms/${entry!.id}`, { method: 'DELETE' })
  })

  it('imports a binary .chr project through the file picker and exports the same bytes', async () => {
    const page = await suite.open(device)
    page.on('dialog', (dialog) => void dialog.accept())
    await gotoStudio(page, suite.baseUrl)
    const chr = new Uint8Array(8192).map((_, i) => (i < 512 ? (i * 7) & 0xff : 0))
    const source = INCLUDE_PROGRAM.replace('  .include "consts.asm"\n', '')
    const zip = zipSync({ 'game/main.asm': strToU8(source), 'game/tiles.chr': chr })
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      tap(page.getByRole('button', { name: 'Import .zip' })),
    ])
    await chooser.setFiles({
      name: 'game.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip),
    })
    await page.getByText('Project Imported').first().waitFor()
    // The toast is closed with a tap (a finger can reach its Close).
    const close = page.locator('.toast').getByRole('button', { name: 'Close' })
    await tap(close)
    await close.waitFor({ state: 'detached' })
    await tap(tab(page, 'tiles.chr'))
    expect((await savedFiles(page))['tiles.chr']).toContain('; tile $01 at $0010')
    await shoot(page, 'flow-studio-chr-import')
    expect(await sidewaysOverflow(page)).toBe(0)
    const exported = unzipSync(
      await tapForDownload(page, page.getByRole('button', { name: 'Export .zip' })),
    )
    expect(Buffer.compare(Buffer.from(exported['tiles.chr']!), Buffer.from(chr))).toBe(0)
  })
})
