// Assembly studio (/editor) projects against the real server, assembler and emulator: .zip import and export of
// NESASM projects (binary .chr pattern tables become editable CHR text and go back out as the same bytes),
// New project, and what the studio shows when the compiler or the emulator cannot load.
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { serverUrl } from './support/server-url'
import { useBrowser } from './support/page-suite'
import { waitForGreenFrame } from './support/studio-frames'
import {
  compileButton,
  downloadFrom,
  importZipFile,
  openStudio,
  savedFiles,
  setEditorText,
  tab,
} from './support/studio-page'
import { INCLUDE_PROGRAM } from './support/studio-programs'
import { treeRow } from './support/studio-tree'

const baseUrl = serverUrl()
const browser = useBrowser()

/** One 8 KiB pattern table as a desktop NESASM project has it: 40 drawn tiles, a blank one, then zeros. */
function patternTable(): Uint8Array {
  const chr = new Uint8Array(8192)
  for (let i = 16; i < 41 * 16; i += 1) chr[i] = (i * 7 + (i >> 4)) & 0xff
  chr.fill(0, 20 * 16, 21 * 16)
  return chr
}

const CHR_OFFSET_IN_ROM = 16 + 16384

/** Compiles with Ctrl+Enter from main.asm, waits for the green picture and returns the downloaded ROM. */
async function compileGreenRom(page: Page): Promise<Uint8Array> {
  await tab(page, 'main.asm').click()
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+Enter')
  expect(await waitForGreenFrame(page, 30_000)).toMatchObject({ green: true })
  return (await downloadFrom(page, 'Download .nes')).bytes
}

describe('studio projects', () => {
  it('imports a binary 8 KiB .chr as an editable CHR tab, runs it, and exports the identical bytes', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      page.on('dialog', (dialog) => void dialog.accept())
      const chr = patternTable()
      const source = INCLUDE_PROGRAM.replace('  .include "consts.asm"\n', '')
      await importZipFile(
        page,
        'game.zip',
        zipSync({ 'game/main.asm': strToU8(source), 'game/tiles.chr': chr }),
      )
      await page.getByText('Project Imported').first().waitFor()
      // CHR badge, no BIN badge: the tab is text, not a read-only hex dump.
      const tabNames = ['main.asm', 'tiles.chrCHR×']
      expect(await page.getByTestId('file-tab').allTextContents()).toEqual(tabNames)
      await tab(page, 'tiles.chr').click()
      expect(await page.getByTestId('hex-view').count()).toBe(0)
      const editor = page.locator('.cm-content')
      expect(await editor.getAttribute('contenteditable')).toBe('true')
      expect(await editor.textContent()).toContain('; tile $01 at $0010')
      // The editor only renders the lines in view: read the whole text where the studio saves it.
      const text = (await savedFiles(page))['tiles.chr'] ?? ''
      expect(text).toContain('; tile $01 at $0010')
      expect(text.trimEnd().endsWith('.fill 8192')).toBe(true)
      expect(await page.locator('.studio-chr__caption').textContent()).toContain('8192 bytes')

      const rom = await compileGreenRom(page)
      expect(rom.length).toBe(CHR_OFFSET_IN_ROM + 8192)
      expect(Buffer.compare(Buffer.from(rom.subarray(CHR_OFFSET_IN_ROM)), Buffer.from(chr))).toBe(0)

      const exported = await downloadFrom(page, 'Export .zip')
      expect(exported.name).toBe('game.zip')
      const files = unzipSync(exported.bytes)
      expect(Buffer.compare(Buffer.from(files['tiles.chr']!), Buffer.from(chr))).toBe(0)
      expect(new TextDecoder().decode(files['main.asm'])).toBe(source)

      // The exported zip imports back to the same tabs and the same ROM.
      await importZipFile(page, 'game.zip', exported.bytes)
      await page.locator('.studio-preview[data-state="empty"]').waitFor()
      expect(await page.getByTestId('file-tab').allTextContents()).toEqual(tabNames)
      expect((await savedFiles(page))['tiles.chr']).toBe(text)
      expect(Buffer.compare(Buffer.from(await compileGreenRom(page)), Buffer.from(rom))).toBe(0)
    } finally {
      await close()
    }
  }, 180_000)

  it('refuses to export while a CHR tab has a problem, and names its line', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      await page.getByPlaceholder('New file name...').fill('tiles.chr')
      await page.getByPlaceholder('New file name...').press('Enter')
      await tab(page, 'tiles.chr').waitFor()
      await setEditorText(page, '........\n1234\n')
      let downloads = 0
      page.on('download', () => (downloads += 1))
      await page.getByRole('button', { name: 'Export .zip' }).click()
      await page.getByText('Export Failed').first().waitFor()
      expect(
        await page.getByText('tiles.chr:2:1: Expected a row of 8 pixels').first().isVisible(),
      ).toBe(true)
      await setEditorText(page, '.fill 16\n')
      const exported = await downloadFrom(page, 'Export .zip')
      expect([...unzipSync(exported.bytes)['tiles.chr']!]).toEqual(new Array<number>(16).fill(0))
      expect(downloads).toBe(1)
    } finally {
      await close()
    }
  })

  it('New project resets to the template picked in its dialog (Cancel keeps the files)', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      await page.getByPlaceholder('New file name...').fill('extra.asm')
      await page.getByPlaceholder('New file name...').press('Enter')
      await tab(page, 'extra.asm').waitFor()
      const dialog = page.getByRole('dialog', { name: 'New project' })
      await page.getByRole('button', { name: 'New project' }).click()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await page.getByTestId('file-tab').count()).toBe(2)
      await page.getByRole('button', { name: 'New project' }).click()
      await dialog.getByRole('button', { name: /^NESASM/ }).click()
      expect(await page.getByTestId('file-tab').allTextContents()).toEqual(['main.asm'])
      expect(await page.locator('.cm-content').textContent()).toContain(
        '; main.asm - a complete NES program',
      )
    } finally {
      await close()
    }
  })

  it("a second tab never wipes the first tab's work, and shows it when it has no edits of its own", async () => {
    const { page: first, context, close } = await openStudio(browser(), baseUrl)
    try {
      const second = await context.newPage()
      await second.goto(`${baseUrl}/editor`)
      await second.locator('.cm-content').waitFor()

      await first.getByPlaceholder('New file name...').fill('enemy.asm')
      await first.getByPlaceholder('New file name...').press('Enter')
      await tab(first, 'enemy.asm').waitFor()
      await setEditorText(first, '; enemy AI\n')
      expect((await savedFiles(first))['enemy.asm']).toBe('; enemy AI\n')
      // The untouched tab takes the first tab's project as it is saved.
      await treeRow(second, 'enemy.asm').waitFor()

      // Closing both tabs (the second last, without an edit) keeps the work.
      await first.close({ runBeforeUnload: true })
      await second.close({ runBeforeUnload: true })
      const reopened = await context.newPage()
      await reopened.goto(`${baseUrl}/editor`)
      await reopened.locator('.cm-content').waitFor()
      await treeRow(reopened, 'enemy.asm').click()
      expect(await reopened.locator('.cm-content').textContent()).toContain('; enemy AI')

      // An edit in one tab is taken by the other, and an edit there then keeps both.
      const other = await context.newPage()
      await other.goto(`${baseUrl}/editor`)
      await other.locator('.cm-content').waitFor()
      await tab(reopened, 'main.asm').click()
      await tab(other, 'main.asm').click()
      await reopened.locator('.cm-content').click()
      await reopened.keyboard.press('ControlOrMeta+Home')
      await reopened.keyboard.type('; from tab one\n')
      await expect
        .poll(() => other.locator('.cm-content').textContent(), { timeout: 5000 })
        .toContain('; from tab one')
      await treeRow(other, 'enemy.asm').click()
      await other.locator('.cm-content').click()
      await other.keyboard.press('ControlOrMeta+End')
      await other.keyboard.type('; from tab two\n')
      const files = await savedFiles(reopened)
      expect(files['main.asm']).toContain('; from tab one')
      expect(files['enemy.asm']).toContain('; from tab two')
      expect(await other.getByTestId('other-tab-notice').count()).toBe(0)
    } finally {
      await close()
    }
  })

  it('says so when the compiler cannot load', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      await page.context().route(/assembler\.worker/, (route) => route.abort())
      await page.reload()
      await page.locator('.cm-content').waitFor()
      await compileButton(page).click()
      const box = page.getByTestId('compile-error')
      await box.waitFor()
      expect(await box.textContent()).toContain('Failed to load the NESASM compiler library')
    } finally {
      await close()
    }
  })

  it('shows ERROR with the emulator message when its core cannot be downloaded, and runs once it can', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      // The network refuses the emulator core: both the pre-extracted bundle and EmulatorJS's own core files.
      const core = /\/assets\/fceumm-.*\.bin$|\/cores\//
      await page.route(core, (route) => route.abort())
      await page.reload()
      await page.locator('.cm-content').waitFor()
      await compileButton(page).click()
      const alert = page.locator('.studio-preview__overlay--error')
      await alert.waitFor({ timeout: 60_000 })
      expect(await alert.getAttribute('role')).toBe('alert')
      expect(await alert.locator('.studio-preview__headline').textContent()).toBe('ERROR')
      expect(await alert.locator('.studio-preview__text').textContent()).toMatch(
        /Error downloading core/,
      )
      // The program itself compiled: no error box, and the ROM can still be downloaded.
      expect(await page.getByTestId('compile-error').count()).toBe(0)
      expect((await downloadFrom(page, 'Download .nes')).bytes.length).toBe(16 + 16384 + 8192)
      expect(await page.evaluate(() => window.gameInstance === undefined)).toBe(true)
      await page.unroute(core)
      await compileButton(page).click()
      expect(await waitForGreenFrame(page, 60_000)).toMatchObject({ green: true })
      expect(await alert.count()).toBe(0)
    } finally {
      await close()
    }
  }, 180_000)
})
