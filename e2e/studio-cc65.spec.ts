// The studio with cc65 projects (issue 26): the WebAssembly cc65 is fetched only once a cc65 project is open;
// NEW PROJECT's ca65 and C templates build and run in the preview, on a desktop and on a touch phone; a zip of a
// C project with its build.sh imports as a cc65 project; ca65's own error text reaches the problems panel and the
// editor; Download .mlb, live mode, the CHR editor, quick open and ADD TO LIBRARY work on a ca65 project; the
// debugger stops on a line of main.s (a gutter breakpoint) and of main.c from ld65's debug file.
import type { Page } from 'playwright-core'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { TOUCH_DEVICES } from './support/browser'
import { readFrame } from './support/frames'
import { usePageSuite } from './support/page-suite'
import {
  compileButton,
  downloadFrom,
  importZipFile,
  savedFiles,
  setEditorText,
  tab,
  toolbarLayout,
} from './support/studio-page'
import { quickOpen, treeRow } from './support/studio-tree'
import { press } from './support/studio-workspace'
import type { StudioDevice } from './support/studio-workspace'
import { waitForGreenFrame } from './support/studio-frames'
import { shoot, sidewaysOverflow } from './support/touch-checks'
import { saveScreenshot } from './support/artifacts'

const suite = usePageSuite()

const DESKTOP: StudioDevice = {
  name: 'desktop',
  options: { width: 1280, height: 900 },
  isTouch: false,
}
const PHONE: StudioDevice = { name: 'phone', options: TOUCH_DEVICES[0]!, isTouch: true }

/** A URL of the cc65 toolchain: its chunks, its worker, its WebAssembly and its runtime files. */
const isToolchainUrl = (url: string) =>
  /\/assets\/(cc65[-.]|cc65-toolchain|ca65-|ld65-|share-)/.test(new URL(url).pathname)

/** How many of the frame's 64 samples are clearly blue (both templates draw on a blue screen) or green. */
async function tintedSamples(page: Page, tint: 'blue' | 'green'): Promise<number> {
  const frame = await readFrame(page).catch(() => undefined)
  return (frame?.samples ?? []).filter(([r, g, b]) =>
    tint === 'blue' ? b > r + 60 && b > g + 60 : g > r + 40 && g > b + 40,
  ).length
}

async function newProject(device: StudioDevice, page: Page, template: RegExp): Promise<void> {
  await press(device, page.getByRole('button', { name: 'New project' }))
  await press(
    device,
    page.getByRole('dialog', { name: 'New project' }).getByRole('button', { name: template }),
  )
}

async function compileAndSee(
  device: StudioDevice,
  page: Page,
  tint: 'blue' | 'green' = 'blue',
): Promise<void> {
  await press(device, compileButton(page))
  await expect.poll(() => tintedSamples(page, tint), { timeout: 60_000 }).toBeGreaterThanOrEqual(48)
}

/** The colour the editor shows `text` in (the first token that is exactly it). */
const tokenColour = (page: Page, text: string) =>
  page
    .locator('.cm-line span')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first()
    .evaluate((span) => getComputedStyle(span).color)

/** A C project laid out as its author keeps it: the source in src/, objects in obj/, built by build.sh. */
function cProjectZip(): Uint8Array {
  const game = [
    '#include <conio.h>',
    '#include <nes.h>',
    'void main(void) {',
    '  bgcolor(COLOR_GREEN);',
    '  clrscr();',
    '  cputs("ZIPPED");',
    '  for (;;) waitvsync();',
    '}',
    '',
  ].join('\n')
  const build = [
    '#!/bin/sh',
    'mkdir -p obj',
    'cc65 -t nes -O src/game.c -o obj/game.s',
    'ca65 -t nes obj/game.s -o obj/game.o',
    'ld65 -t nes -o game.nes obj/game.o nes.lib',
    '',
  ].join('\n')
  return zipSync({
    'zipped/src/game.c': strToU8(game),
    'zipped/build.sh': strToU8(build),
  })
}

describe('studio: cc65 projects', () => {
  it('fetches the toolchain only for a cc65 project; the ca65 template runs, ca65’s error shows in the problems panel and the editor, the studio’s tools work on it, and a breakpoint in main.s stops and steps', async () => {
    const page = await suite.open(DESKTOP.options)
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    page.on('dialog', (dialog) => void dialog.accept())
    await page.goto(`${suite.baseUrl}/`)
    await page.getByRole('link', { name: 'STUDIO', exact: true }).click()
    await page.locator('.cm-content').waitFor()
    // a NESASM project builds and runs without any of cc65
    await press(DESKTOP, compileButton(page))
    expect((await waitForGreenFrame(page, 30_000)).green).toBe(true)
    expect(requests.filter(isToolchainUrl)).toEqual([])

    await newProject(DESKTOP, page, /^ca65 assembly/)
    await tab(page, 'main.s').waitFor()
    expect(await treeRow(page, 'nrom.cfg').isVisible()).toBe(true)
    // a cc65 project's toolbar (with Write build.sh) stays on one line at 1280x800, nothing cut off
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(await toolbarLayout(page)).toEqual({ controls: 10, isOneLine: true, clipped: [] })
    await shoot(page, 'studio-cc65-toolbar')
    await page.setViewportSize(DESKTOP.options as { width: number; height: number })
    await compileAndSee(DESKTOP, page)
    expect(requests.filter(isToolchainUrl).map((u) => new URL(u).pathname)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/ca65-.*\.wasm$/),
        expect.stringMatching(/\/ld65-.*\.wasm$/),
      ]),
    )
    // ca65 highlighting: mnemonics as keywords (the NESASM colour), comments in grey
    expect(await tokenColour(page, 'sei')).toBe('rgb(94, 200, 255)')
    await saveScreenshot(page, 'e2e/artifacts/studio-cc65-ca65-template.png')

    const source = (await savedFiles(page))['main.s']!
    const line = source.split('\n').findIndex((l) => l.includes('jsr load_palettes')) + 1
    await page.locator('.studio-editor__lock').click() // the running game has the keys
    await setEditorText(page, source.replace('jsr load_palettes', 'jsr load_palette'))
    await press(DESKTOP, compileButton(page))
    const problem = page.locator('.studio-problems__item--error').first()
    await expect.poll(() => problem.textContent(), { timeout: 30_000 }).toContain(`main.s:${line}:`)
    expect(await problem.locator('.studio-problems__message').textContent()).toBe(
      "Symbol 'load_palette' is undefined",
    )
    // the problem opens its line, marked in the editor
    await problem.click()
    await expect.poll(() => page.locator('.cm-activeLine').textContent()).toBe('  jsr load_palette')
    expect(
      await page
        .locator('.cm-activeLine')
        .locator('.cm-lintRange-error, .cm-lintPoint-error')
        .count(),
    ).toBeGreaterThan(0)
    await saveScreenshot(page, 'e2e/artifacts/studio-cc65-ca65-error.png')

    // the rest of the studio on the same project: Mesen labels, live mode, the CHR editor, quick open, the library
    await setEditorText(page, source)
    await compileAndSee(DESKTOP, page)
    const labels = new TextDecoder().decode((await downloadFrom(page, 'Download .mlb')).bytes)
    expect(labels).toMatch(/^P:0000:reset$/m)
    expect(labels).toMatch(/^R:0001:smiley_x$/m)
    await page.locator('.studio-editor__lock').click()
    await press(DESKTOP, page.locator('.studio-live'))
    await setEditorText(page, source.replace(/\$11, \$0F/g, '$1A, $0F')) // a green backdrop
    await expect
      .poll(() => tintedSamples(page, 'green'), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(48)
    await press(DESKTOP, page.locator('.studio-live'))
    await quickOpen(DESKTOP, page, 'tiles.chr')
    await press(DESKTOP, page.getByRole('button', { name: 'Tiles', exact: true }))
    const table = page.getByLabel('Pattern table 0')
    const chrBefore = (await savedFiles(page))['tiles.chr']
    await press(DESKTOP, page.getByRole('button', { name: 'Colour 3' }))
    // pixel (8, 0): tile 1's (the smiley's) top-left, a background pixel (positions are inside the 3 px border)
    const box = (await table.boundingBox())!
    await table.click({
      position: { x: (8.5 * (box.width - 6)) / 128, y: (0.5 * (box.height - 6)) / 128 },
    })
    await expect.poll(async () => (await savedFiles(page))['tiles.chr']).not.toBe(chrBefore)
    await page.getByRole('button', { name: 'Add to library' }).click()
    await page.getByLabel('ROM Title').fill('ca65 Smiley')
    await page.getByRole('button', { name: 'Upload ROM' }).click()
    await page.getByText('Upload Successful').first().waitFor()
    const roms = (await (await fetch(`${suite.baseUrl}/api/roms`)).json()) as {
      roms: { id: string; title: string }[]
    }
    const added = roms.roms.find((r) => r.title === 'ca65 Smiley')!
    expect((await fetch(`${suite.baseUrl}/api/roms/${added.id}`, { method: 'DELETE' })).ok).toBe(
      true,
    )

    // a breakpoint in main.s's gutter stops there; F10 steps over the jsr
    await quickOpen(DESKTOP, page, 'main.s')
    await page.locator('.cm-content').press('ControlOrMeta+End')
    const joypadLine = source.split('\n').findIndex((l) => l === '  jsr read_joypad') + 1
    const lineRow = page.locator('.cm-line').filter({ hasText: /^ {2}jsr read_joypad$/ })
    await lineRow.scrollIntoViewIfNeeded()
    const gutter = (await page.locator('.cm-debug-gutter').boundingBox())!
    const row = (await lineRow.boundingBox())!
    await page.mouse.click(gutter.x + gutter.width / 2, row.y + row.height / 2)
    await expect.poll(() => page.locator('.cm-debug-breakpoint').count()).toBe(1)
    await page.locator('.cm-content').press('F5')
    const status = page.getByTestId('debug-status')
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toContain(`at main.s:${joypadLine}`)
    expect(await page.locator('.cm-debug-current-line').textContent()).toBe('  jsr read_joypad')
    await page.keyboard.press('F10')
    await expect.poll(() => status.textContent()).toContain(`at main.s:${joypadLine + 1}`)
    expect(await page.locator('.cm-debug-current-line').textContent()).toBe('  lda buttons')
    await saveScreenshot(page, 'e2e/artifacts/studio-cc65-ca65-debug.png', { fullPage: true })
  })

  it('on a touch phone: the C template builds and runs, a zipped C project with its build.sh imports as a cc65 project, and the on-screen pad moves the ca65 template’s smiley', async () => {
    const page = await suite.open(PHONE.options)
    page.on('dialog', (dialog) => void dialog.accept())
    await page.goto(`${suite.baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    await newProject(PHONE, page, /^C with cc65/)
    await tab(page, 'main.c').waitFor()
    // C highlighting: types and keywords in their colours
    expect(await tokenColour(page, 'unsigned')).toBe('rgb(195, 166, 255)')
    expect(await tokenColour(page, 'for')).toBe('rgb(94, 200, 255)')
    await compileAndSee(PHONE, page)
    await shoot(page, 'studio-cc65-c-template', true)
    // the toolbar wraps to rows on a phone, as a NESASM project's does, with nothing cut off
    expect(await toolbarLayout(page)).toMatchObject({ controls: 10, clipped: [] })
    expect(await sidewaysOverflow(page)).toBe(0)

    await importZipFile(page, 'zipped.zip', cProjectZip())
    await expect
      .poll(() => page.locator('.toast').textContent(), { timeout: 10_000 })
      .toContain('A cc65 project (ca65/C).')
    await treeRow(page, 'build.sh').waitFor()
    expect(await tab(page, 'src/game.c').getAttribute('aria-selected')).toBe('true')
    await compileAndSee(PHONE, page, 'green')
    await expect
      .poll(() => page.getByTestId('assembly-time').textContent())
      .toMatch(/^built in [\d.]+ ms$/)

    // the ca65 template's smiley walks right while a finger holds the on-screen pad's Right
    await newProject(PHONE, page, /^ca65 assembly/)
    await tab(page, 'main.s').waitFor()
    await compileAndSee(PHONE, page)
    const smileyX = async () =>
      (await page.evaluate(async () => Array.from(await window.gameInstance!.readMemory(1, 1))))[0]!
    const start = await smileyX()
    const right = page.locator('.studio-preview [data-button="right"]')
    await right.scrollIntoViewIfNeeded()
    const box = (await right.boundingBox())!
    const cdp = await page.context().newCDPSession(page)
    const touch = { x: box.x + box.width / 2, y: box.y + box.height / 2, radiusX: 8, radiusY: 8 }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [touch] })
    await expect.poll(async () => ((await smileyX()) - start + 256) % 256).toBeGreaterThan(20)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await shoot(page, 'studio-cc65-ca65-phone-pad', true)

    // held sideways (844x390) the cc65 toolbar cuts nothing off either
    await page.setViewportSize({ width: 844, height: 390 })
    await page.evaluate(() => window.scrollTo(0, 0))
    expect(await toolbarLayout(page)).toMatchObject({ controls: 10, clipped: [] })
    expect(await sidewaysOverflow(page)).toBe(0)
    await shoot(page, 'studio-cc65-toolbar')
  })

  it('debugs the C template from ld65’s debug file: a breakpoint on a line of main.c, a step, a watch on a C global', async () => {
    const page = await suite.open(DESKTOP.options)
    await page.goto(`${suite.baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    await newProject(DESKTOP, page, /^C with cc65/)
    await tab(page, 'main.c').waitFor()
    const source = (await savedFiles(page))['main.c']!.split('\n')
    const line = source.findIndex((l) => l.includes('++frames;')) + 1
    await page
      .locator('.cm-line')
      .nth(line - 1)
      .click()
    await page.keyboard.press('F9')
    await page.locator('.cm-content').press('F5')
    const status = page.getByTestId('debug-status')
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toContain(`at main.c:${line}`)
    expect(await page.locator('.cm-debug-current-line').textContent()).toBe('    ++frames;')

    await page.getByLabel('Watch expression').fill('frames')
    await page.getByLabel('Watch expression').press('Enter')
    const watch = page.getByTestId('watch-value').first()
    const before = await watch.textContent()
    expect(before).toMatch(/^\$[0-9A-F]{4} = \$00 \(0\)$/)
    await page.keyboard.press('F10')
    await expect.poll(() => status.textContent()).toContain(`at main.c:${line + 1}`)
    expect(await watch.textContent()).toBe(before!.replace('$00 (0)', '$01 (1)'))
    await saveScreenshot(page, 'e2e/artifacts/studio-cc65-debug.png', { fullPage: true })
  })
})
