// Assembly studio (/editor) against the real server, the real assembler (in its worker) and the real emulator.
import { readFile } from 'node:fs/promises'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openPage } from './support/browser'
import type { OpenedPage } from './support/browser'
import { readFrame } from './support/frames'

async function openStudio(browser: Browser, baseUrl: string, width = 1280): Promise<OpenedPage> {
  const opened = await openPage(browser, { width, height: 900 })
  await opened.page.goto(`${baseUrl}/editor`)
  await opened.page.locator('.cm-content').waitFor()
  return opened
}

const compileButton = (page: Page) =>
  page.getByRole('button', { name: /COMPILE & RUN|COMPILING\.\.\./ })
const tab = (page: Page, name: string) =>
  page.getByRole('tab', { name: new RegExp(`^${name.replace('.', '\\.')}`) })

/** Replaces the whole text of the file shown in the editor. */
async function setEditorText(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.insertText(text)
}

/** The files as the studio saved them in localStorage (saving is debounced by 300 ms, so this polls). */
async function savedFiles(page: Page, timeoutMs = 5000): Promise<Record<string, string>> {
  const read = () =>
    page.evaluate(() => {
      const raw = localStorage.getItem('nes-studio:studio-project:v1')
      const files = raw
        ? (JSON.parse(raw) as { files: { filename: string; content?: string }[] }).files
        : []
      return Object.fromEntries(files.map((f) => [f.filename, f.content ?? '']))
    })
  const deadline = Date.now() + timeoutMs
  let last = await read()
  let previous = ''
  while (Date.now() < deadline) {
    await page.waitForTimeout(400)
    last = await read()
    const now = JSON.stringify(last)
    if (now === previous) break
    previous = now
  }
  return last
}

/** A small green-screen program that takes its constants from an include and its tiles from a .chr file. */
const INCLUDE_PROGRAM = `  .include "consts.asm"
  .inesprg 1
  .ineschr 1
  .inesmap 0
  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
  lda #0
  sta $2000
  sta $2001
wait1:
  bit $2002
  bpl wait1
wait2:
  bit $2002
  bpl wait2
  lda #$3F
  sta $2006
  lda #$00
  sta $2006
  ldx #$20
  lda #$2A
pal:
  sta $2007
  dex
  bne pal
  lda #$00
  sta $2005
  sta $2005
  lda #%00001010
  sta $2001
loop:
  jmp loop
NMI:
  rti
  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0
  .bank 2
  .org $0000
  .incbin "tiles.chr"
`

/** True when every sampled pixel of the raw frame is the same clearly green colour. */
async function waitForGreenFrame(
  page: Page,
  timeoutMs = 15_000,
): Promise<{ rgb: number[]; green: boolean }> {
  const deadline = Date.now() + timeoutMs
  let last = { rgb: [0, 0, 0], green: false }
  while (Date.now() < deadline) {
    const frame = await readFrame(page).catch(() => undefined)
    if (frame) {
      const [r, g, b] = frame.samples[0] ?? [0, 0, 0]
      const uniform = frame.samples.every((s) => s[0] === r && s[1] === g && s[2] === b)
      last = { rgb: [r, g, b], green: uniform && g > r + 40 && g > b + 40 }
      if (last.green) return last
    }
    await page.waitForTimeout(100)
  }
  return last
}

/** Backdrop green, red while A is held: reads controller 1 in NMI and sets palette $3F00 (rendering off). */
const BUTTON_PROGRAM = `  .inesprg 1
  .ineschr 0
  .inesmap 0
  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
  lda #0
  sta $2000
  sta $2001
.wait1:
  bit $2002
  bpl .wait1
.wait2:
  bit $2002
  bpl .wait2
  lda #$80
  sta $2000
.forever:
  jmp .forever
NMI:
  lda #1
  sta $4016
  lda #0
  sta $4016
  ldx #$2A
  lda $4016
  and #1
  beq .setColour
  ldx #$16
.setColour:
  lda $2002
  lda #$3F
  sta $2006
  lda #0
  sta $2006
  stx $2007
  lda #0
  sta $2006
  sta $2006
  rti
  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0
`

/** Polls the frame until every sample is one colour whose strongest channel is `channel` by a clear margin. */
async function waitForFrameTint(
  page: Page,
  channel: 'red' | 'green',
  timeoutMs = 10_000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const frame = await readFrame(page).catch(() => undefined)
    const [r, g, b] = frame?.samples[0] ?? [0, 0, 0]
    const uniform = frame?.samples.every((s) => s[0] === r && s[1] === g && s[2] === b) ?? false
    const tinted = channel === 'red' ? r > g + 60 && r > b + 60 : g > r + 40 && g > b + 40
    if (uniform && tinted) return true
    await page.waitForTimeout(100)
  }
  return false
}

const baseUrl = inject('baseUrl')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
})

describe('assembly studio', () => {
  it('compiles and runs the default program: green preview, editor locked until clicked', async () => {
    const { page, close } = await openStudio(browser, baseUrl)
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
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download .nes' }).click(),
      ])
      const rom = await readFile(await download.path())
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
    const { page, close } = await openStudio(browser, baseUrl)
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
      await page.locator('.cm-lintRange-error').first().hover()
      expect(await page.locator('.cm-tooltip-lint').first().textContent()).toMatch(
        /unknown instruction/i,
      )
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
    const { page, close } = await openStudio(browser, baseUrl)
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
    const { page, close } = await openStudio(browser, baseUrl)
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

  it('plays the running game with the keyboard while the editor is locked', async () => {
    const { page, close } = await openStudio(browser, baseUrl)
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
    const { page, close } = await openStudio(browser, baseUrl)
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
    const { page, close } = await openStudio(browser, baseUrl)
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

  it('imports a .zip with a binary .chr byte-exact, runs it with Ctrl+Enter, exports it unchanged', async () => {
    const { page, close } = await openStudio(browser, baseUrl)
    try {
      page.on('dialog', (dialog) => void dialog.accept())
      const chr = Uint8Array.from({ length: 8192 }, (_, i) => (i < 16 ? 0 : (i * 7) & 0xff))
      const zip = zipSync({
        'game/main.asm': strToU8(INCLUDE_PROGRAM.replace('  .include "consts.asm"\n', '')),
        'game/tiles.chr': chr,
      })
      await page.getByTestId('import-zip').setInputFiles({
        name: 'game.zip',
        mimeType: 'application/zip',
        buffer: Buffer.from(zip),
      })
      await page.getByText('Project Imported').first().waitFor()
      expect(await page.getByTestId('file-tab').allTextContents()).toEqual([
        'main.asm',
        'tiles.chrCHRBIN×',
      ])
      await page.locator('.cm-content').click()
      await page.keyboard.press('ControlOrMeta+Enter')
      expect(await waitForGreenFrame(page)).toMatchObject({ green: true })
      await tab(page, 'tiles.chr').click()
      expect(await page.getByTestId('hex-view').textContent()).toContain('8192 bytes')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export .zip' }).click(),
      ])
      const exported = unzipSync(new Uint8Array(await readFile(await download.path())))
      expect(Buffer.compare(Buffer.from(exported['tiles.chr']!), Buffer.from(chr))).toBe(0)
      expect(download.suggestedFilename()).toBe('game.zip')
    } finally {
      await close()
    }
  })

  it('New project resets to the templates after a confirmation', async () => {
    const { page, close } = await openStudio(browser, baseUrl)
    try {
      await page.getByPlaceholder('New file name...').fill('extra.asm')
      await page.getByPlaceholder('New file name...').press('Enter')
      await tab(page, 'extra.asm').waitFor()
      page.once('dialog', (dialog) => void dialog.dismiss())
      await page.getByRole('button', { name: 'New project' }).click()
      expect(await page.getByTestId('file-tab').count()).toBe(2)
      page.once('dialog', (dialog) => void dialog.accept())
      await page.getByRole('button', { name: 'New project' }).click()
      expect(await page.getByTestId('file-tab').allTextContents()).toEqual(['main.asm'])
      expect(await page.locator('.cm-content').textContent()).toContain(
        '; main.asm - a complete NES program',
      )
    } finally {
      await close()
    }
  })

  it('says so when the compiler cannot load', async () => {
    const { page, close } = await openStudio(browser, baseUrl)
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
})
