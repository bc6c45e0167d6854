// Importing real NESASM projects into the studio (issue 23), on a desktop and on a touch phone: a project whose main
// file sits in a subfolder keeps its layout and builds what NESASM builds there (Windows '\' separators and '..'
// included); files the sources name that the zip lacks are listed, and a build that reads their placeholders says so.
import { assemble, formatMesenLabels } from '@nes-studio/assembler'
import { strToU8, zipSync } from 'fflate'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { usePageSuite } from './support/page-suite'
import { waitForGreenFrame } from './support/studio-frames'
import { smb3ShapedProject } from './support/large-project'
import {
  compileButton,
  downloadFrom,
  importZipFile,
  savedProject,
  setEditorText,
} from './support/studio-page'
import { INCLUDE_PROGRAM } from './support/studio-programs'
import { treePaths, treeRow } from './support/studio-tree'
import { STUDIO_DEVICES, gotoStudio, press } from './support/studio-workspace'
import type { StudioDevice } from './support/studio-workspace'
import { saveScreenshot } from './support/artifacts'

const suite = usePageSuite()

const TILES = Uint8Array.from({ length: 8192 }, (_, i) => (i < 1024 ? (i * 13) & 0xff : 0))

/** A project laid out as on a desktop: the main file in src/, its tiles in gfx/ named the Windows way. */
const SUBFOLDER_PROJECT: Record<string, Uint8Array> = {
  'src/game.asm': strToU8(INCLUDE_PROGRAM.replace('"tiles.chr"', '"..\\gfx\\tiles.chr"')),
  'src/consts.asm': strToU8('SPEED = 2\n'),
  'gfx/tiles.chr': TILES,
  'README.md': strToU8('# a desktop project\n'),
}

const LARGE = smb3ShapedProject()

/** Imports `files` (under one top folder, as a zipped folder) and accepts the replace question. */
async function importProject(page: Page, files: Record<string, Uint8Array>): Promise<string> {
  page.on('dialog', (dialog) => void dialog.accept())
  const zipped = Object.fromEntries(Object.entries(files).map(([k, v]) => [`game/${k}`, v]))
  await importZipFile(page, 'game.zip', zipSync(zipped))
  const toast = page.locator('.toast', { hasText: 'Project Imported' })
  await toast.waitFor()
  return (await toast.textContent()) ?? ''
}

/** COMPILE & RUN, then the ROM the studio built (its Download .nes). */
async function compiledRom(device: StudioDevice, page: Page): Promise<Uint8Array> {
  await press(device, compileButton(page))
  const download = page.getByRole('button', { name: 'Download .nes' })
  await expect.poll(() => download.isEnabled(), { timeout: 30_000 }).toBe(true)
  return (await downloadFrom(page, 'Download .nes')).bytes
}

async function compile(device: StudioDevice, page: Page): Promise<void> {
  await press(device, compileButton(page))
  expect(await waitForGreenFrame(page, 30_000)).toMatchObject({ green: true })
}

describe.each(STUDIO_DEVICES)('importing projects on $name', (device) => {
  it('keeps the layout of a project whose main file is in a subfolder and builds what NESASM builds, with its Mesen .mlb', async () => {
    const page = await suite.open(device.options)
    await gotoStudio(page, suite.baseUrl)
    expect(await importProject(page, SUBFOLDER_PROJECT)).toContain('Main file: src/game.asm.')
    expect(await page.getByLabel('Main file').inputValue()).not.toBe('')
    expect(await page.getByLabel('Main file').locator('option:checked').textContent()).toBe(
      'src/game.asm',
    )
    await compile(device, page)
    const expected = assemble({ files: SUBFOLDER_PROJECT, main: 'src/game.asm' })
    if (!expected.ok) throw new Error(expected.stdout)
    const rom = (await downloadFrom(page, 'Download .nes')).bytes
    expect(Buffer.compare(Buffer.from(rom), Buffer.from(expected.rom))).toBe(0)
    // Download .mlb gives what `nesasm-ts -g` writes beside the ROM (issue 23 item 7).
    const debug = assemble({
      files: SUBFOLDER_PROJECT,
      main: 'src/game.asm',
      options: { listLevel: 0, output: 'nes', debug: true },
    })
    if (!debug.debug) throw new Error('no debug information')
    const labels = await downloadFrom(page, 'Download .mlb')
    expect(labels.name).toBe('game.mlb')
    expect(Buffer.from(labels.bytes).toString('latin1')).toBe(formatMesenLabels(debug.debug))
    expect(formatMesenLabels(debug.debug)).toMatch(/^P:[0-9A-F]{4}:\w+$/m)
    // Nothing was added beside the project's own files (the include scan runs 1 s after a change).
    await page.waitForTimeout(1500)
    expect((await treePaths(page)).filter((p) => !['gfx', 'src'].includes(p)).sort()).toEqual(
      Object.keys(SUBFOLDER_PROJECT).sort(),
    )
    await page.reload()
    await treeRow(page, 'src/game.asm').waitFor()
    expect(await page.getByLabel('Main file').locator('option:checked').textContent()).toBe(
      'src/game.asm',
    )
  })

  it('lists the files a zip lacks, and a build that reads their placeholders says so until they are edited', async () => {
    const page = await suite.open(device.options)
    await gotoStudio(page, suite.baseUrl)
    const source = `${INCLUDE_PROGRAM.replace('  .bank 1\n', '  .incbin "NoteTables/notes.bin"\n  .bank 1\n')}`
    const notice = await importProject(page, { 'main.asm': strToU8(source), 'tiles.chr': TILES })
    expect(notice).toContain(
      'Not in the zip (named by its sources): consts.asm, NoteTables/notes.bin',
    )
    await compile(device, page)
    const box = page.getByTestId('compile-notice')
    await box.waitFor()
    const noteLine = source.split('\n').indexOf('  .incbin "NoteTables/notes.bin"') + 1
    expect(await box.getByRole('button').allTextContents()).toEqual([
      `main.asm:1:3 warning: consts.asm is a placeholder (the studio's template) created for main.asm:1`,
      `main.asm:${noteLine}:3 warning: NoteTables/notes.bin is an empty placeholder created for main.asm:${noteLine}`,
    ])
    expect(await page.getByTestId('problem-counts').getAttribute('aria-label')).toBe(
      '0 errors, 2 warnings',
    )
    await saveScreenshot(
      page,
      `e2e/artifacts/studio-placeholder-notice-${device.options.width}.png`,
    )

    // The marks survive a reload; editing a placeholder makes it the project's file.
    await page.reload()
    await press(device, treeRow(page, 'consts.asm'))
    await setEditorText(page, 'SPEED = 2\n')
    await compile(device, page)
    expect(await box.getByRole('button').allTextContents()).toEqual([
      `main.asm:${noteLine}:3 warning: NoteTables/notes.bin is an empty placeholder created for main.asm:${noteLine}`,
    ])
  })

  it("imports, builds and keeps over a reload a project of the SMB3 disassembly's shape (855 files, 6.8 MB)", async () => {
    const page = await suite.open(device.options)
    await gotoStudio(page, suite.baseUrl)
    expect(await importProject(page, LARGE.files)).toContain(
      '855 file(s) from game.zip. Main file: smb3.asm.',
    )
    const expected = assemble(LARGE)
    if (!expected.ok) throw new Error(expected.stdout)
    expect(
      Buffer.compare(Buffer.from(await compiledRom(device, page)), Buffer.from(expected.rom)),
    ).toBe(0)
    await expect
      .poll(async () => (await savedProject(page))?.files.length, { timeout: 10_000 })
      .toBe(855)
    await page.reload()
    await treeRow(page, 'smb3.asm').waitFor()
    // Building again from what the reload read proves it is all there (once: the phone runs the same code).
    if (!device.isTouch) {
      const again = await compiledRom(device, page)
      expect(Buffer.compare(Buffer.from(again), Buffer.from(expected.rom))).toBe(0)
    }
  })
})
