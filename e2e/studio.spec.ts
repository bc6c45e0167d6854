// Assembly studio (/editor) against the real server, the real assembler (in its worker) and the real emulator:
// compiling and running, errors, tabs and includes, playing the preview, adding to the library.
import { describe, expect, it } from 'vitest'
import { serverUrl } from './support/server-url'
import { useBrowser } from './support/page-suite'
import { waitForFrameTint, waitForGreenFrame } from './support/studio-frames'
import {
  compileButton,
  downloadFrom,
  openStudio,
  savedFiles,
  setEditorText,
  tab,
} from './support/studio-page'
import { BUTTON_PROGRAM, INCLUDE_PROGRAM } from './support/studio-programs'

const baseUrl = serverUrl()
const browser = useBrowser()

describe('assembly studio', () => {
  it('compiles and runs the default program: green preview, editor locked until clicked', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      expect(await page.getByText('No ROM Loaded').isVisible()).toBe(true)
      expect(
        await page.getByText('Compile your assembly code to see it in action').isVisible(),
      ).toBe(true)
      await compileButton(page).click()
      await page.waitForFunction(() => window.gameInstance !== undefined, undefined, {
        timeout: 30_000,
      })
      const frame = await waitForGreenFrame(page)
      expect(frame).toMatchObject({ green: true })
      const lock = page.getByRole('button', { name: 'Click to re-enable the editor' })
      expect(await lock.isVisible()).toBe(true)
      expect(await page.locator('.cm-content').getAttribute('contenteditable')).toBe('false')
      await lock.click()
      expect(await lock.count()).toBe(0)
      expect(await page.locator('.cm-content').getAttribute('contenteditable')).toBe('true')
      const { bytes: rom } = await downloadFrom(page, 'Download .nes')
      expect([...rom.subarray(0, 6)]).toEqual([0x4e, 0x45, 0x53, 0x1a, 1, 1])
      expect(rom.length).toBe(16 + 16384 + 8192)
      // A new compile stops the previous game first: one game frame at a time.
      await compileButton(page).click()
      await page.locator('.studio-preview[data-state="running"]').waitFor()
      expect(await page.locator('.studio-preview iframe:not(.emulator-frame--idle)').count()).toBe(
        1,
      )
    } finally {
      await close()
    }
  })

  it('shows a broken line in the error box and in the editor, unlocked; editing clears the box', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      await setEditorText(
        page,
        '  .inesprg 1\n  .bank 0\n  .org $C000\n  lda #$01\n  bogus_op $12\n',
      )
      await compileButton(page).click()
      const box = page.getByTestId('compile-error')
      await box.waitFor()
      const text = (await box.textContent()) ?? ''
      expect(text).toContain('Compilation Error:')
      expect(text).toMatch(/main\.asm:5:/)
      await page.locator('.cm-lintRange-error').first().waitFor()
      expect(await page.locator('.cm-lint-marker-error').count()).toBeGreaterThan(0)
      // The as-you-type check (600 ms after the last edit) replaces the diagnostics once more, which closes
      // an open lint tooltip, and CodeMirror shows one only on mouse movement: move away and back, as a
      // person would, and read the tooltip while it is open.
      const tooltip = page.locator('.cm-tooltip-lint').first()
      await expect
        .poll(
          async () => {
            await page.mouse.move(0, 0)
            await page.locator('.cm-lintRange-error').first().hover()
            return tooltip.textContent({ timeout: 2000 }).catch(() => '')
          },
          { timeout: 30_000, interval: 250 },
        )
        .toMatch(/unknown instruction/i)
      expect(await page.getByText('Click to re-enable the editor').count()).toBe(0)
      expect(await page.getByText('No ROM Loaded').isVisible()).toBe(true)
      // Clicking the message moves the cursor to line 5.
      await box.getByRole('button', { name: /main\.asm:5:/ }).click()
      expect(await page.locator('.cm-activeLine').textContent()).toContain('bogus_op')
      await page.keyboard.type(' ')
      await box.waitFor({ state: 'detached' })
    } finally {
      await close()
    }
  })

  it('adds .asm and .chr files with their templates and badge; main.asm cannot be closed', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      const field = page.getByPlaceholder('New file name...')
      await field.fill('   ')
      await page.getByRole('button', { name: 'Add file' }).click()
      expect(await page.getByTestId('file-tab').count()).toBe(1)
      await field.fill('buttons.asm')
      await field.press('Enter')
      await tab(page, 'buttons.asm').waitFor()
      expect(await page.locator('.cm-content').textContent()).toContain('BUTTON_A      = %10000000')
      await field.fill('tiles.chr')
      await page.getByRole('button', { name: 'Add file' }).click()
      expect(await tab(page, 'tiles.chr').textContent()).toContain('CHR')
      expect(await page.locator('.cm-content').textContent()).toContain('; CHR tile sheet')
      await field.fill('notes.txt')
      await field.press('Enter')
      await tab(page, 'notes.txt').waitFor()
      const saved = await savedFiles(page)
      expect(saved['buttons.asm']).toContain('BUTTON_RIGHT  = %00000001')
      expect(saved['tiles.chr']).toContain('.fill 8192')
      expect(saved['notes.txt']).toBe('')
      expect(await page.getByRole('button', { name: 'Close main.asm' }).count()).toBe(0)
      await page.getByRole('button', { name: 'Close notes.txt' }).click()
      expect(await tab(page, 'notes.txt').count()).toBe(0)
      expect(await page.getByTestId('file-tab').count()).toBe(3)
    } finally {
      await close()
    }
  })

  it('creates tabs for missing .include/.incbin files, keeps files over a reload, and runs CHR text tiles', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      await setEditorText(page, INCLUDE_PROGRAM)
      await compileButton(page).click()
      await tab(page, 'consts.asm').waitFor()
      expect(await tab(page, 'tiles.chr').textContent()).toContain('CHR')
      expect(await waitForGreenFrame(page)).toMatchObject({ green: true })
      expect(Object.keys(await savedFiles(page))).toEqual(['main.asm', 'consts.asm', 'tiles.chr'])
      await page.reload()
      await page.locator('.cm-content').waitFor()
      expect(await page.getByTestId('file-tab').allTextContents()).toEqual([
        'main.asm',
        'consts.asm×',
        'tiles.chrCHR×',
      ])
      expect(await page.locator('.cm-content').textContent()).toContain('.include "consts.asm"')
    } finally {
      await close()
    }
  })

  it("a .include name typed with a pause in it leaves only the finished name's file", async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      await page.locator('.cm-content').click()
      await page.keyboard.press('ControlOrMeta+End')
      await page.keyboard.press('Enter')
      // The editor closes the quote as it is typed; the reference scan runs during the pause.
      await page.keyboard.type('  .include "sprites/pla')
      await tab(page, 'sprites/pla.asm').waitFor()
      await page.keyboard.type('yer.asm')
      await tab(page, 'sprites/player.asm').waitFor()
      await tab(page, 'sprites/pla.asm').waitFor({ state: 'detached' })
      expect(Object.keys(await savedFiles(page))).toEqual(['main.asm', 'sprites/player.asm'])
      expect(await page.locator('.cm-content').textContent()).toContain(
        '.include "sprites/player.asm"',
      )
    } finally {
      await close()
    }
  })

  it('plays the running game with the keyboard while the editor is locked', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      await setEditorText(page, BUTTON_PROGRAM)
      await compileButton(page).click()
      expect(await waitForFrameTint(page, 'green', 30_000)).toBe(true)
      await page.keyboard.down('x')
      expect(await waitForFrameTint(page, 'red')).toBe(true)
      await page.keyboard.up('x')
      expect(await waitForFrameTint(page, 'green')).toBe(true)
    } finally {
      await close()
    }
  })

  it('jumps from an error in an include to its tab and line', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      await setEditorText(page, INCLUDE_PROGRAM)
      await tab(page, 'consts.asm').waitFor()
      await tab(page, 'consts.asm').click()
      await setEditorText(page, 'SPEED = 2\n  jmpp SPEED\n')
      await tab(page, 'main.asm').click()
      await compileButton(page).click()
      const item = page.getByTestId('compile-error').getByRole('button', { name: /consts\.asm:2:/ })
      await item.click()
      expect(await tab(page, 'consts.asm').getAttribute('aria-selected')).toBe('true')
      expect(await page.locator('.cm-activeLine').textContent()).toContain('jmpp SPEED')
      expect(await page.locator('.cm-lintRange-error').count()).toBe(1)
    } finally {
      await close()
    }
  })

  it('adds a compiled program to the ROM library', async () => {
    const { page, close } = await openStudio(browser(), baseUrl)
    try {
      // A few unique bytes, so the ROM is new to the library (it refuses duplicates by SHA-1).
      const unique = Date.now()
        .toString(16)
        .slice(-6)
        .match(/../g)!
        .map((b) => `$${b}`)
      await page.locator('.cm-content').click()
      await page.keyboard.press('ControlOrMeta+End')
      await page.keyboard.insertText(`\n  .bank 1\n  .org $F000\n  .db ${unique.join(',')}\n`)
      await compileButton(page).click()
      await page.getByRole('button', { name: 'Add to library' }).click()
      const title = page.getByLabel('ROM Title')
      await title.fill('Green Screen Demo')
      await page.getByRole('button', { name: 'Upload ROM' }).click()
      await page.getByText('Upload Successful').first().waitFor()
      const confirmation = page.getByText('Green Screen Demo has been added to the library.')
      expect(await confirmation.first().isVisible()).toBe(true)
      const res = await fetch(`${baseUrl}/api/roms`)
      const body = (await res.json()) as { roms: { id: string; title: string; fileSize: number }[] }
      const entry = body.roms.find((r) => r.title === 'Green Screen Demo')
      expect(entry?.fileSize).toBe(16 + 16384 + 8192)
      // The library on / shows it (the studio invalidated the library's query).
      await page.getByRole('link', { name: /Back to Home/ }).click()
      await page.getByText('Green Screen Demo').first().waitFor()
      // Leave the shared server's library as we found it.
      const deleted = await page.evaluate(
        async (id) => (await fetch(`/api/roms/${id}`, { method: 'DELETE' })).status,
        entry!.id,
      )
      expect(deleted).toBeLessThan(300)
    } finally {
      await close()
    }
  })
})
