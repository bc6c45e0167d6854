// Tap targets of the studio on touch phones (portrait and landscape): every control a finger uses —
// the toolbar, the project tree and its row actions, the file tabs, the preview and its pad, the
// debugger's run controls, registers and memory, the CHR editor's tools — gives at least 44 × 44 px where
// a tap lands (support/tap-targets.ts). Text fields use 16 px type (iOS Safari zooms into smaller ones).
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { usePageSuite } from './support/page-suite'
import { compileButton, importZipFile } from './support/studio-page'
import { tapDebugThenPause } from './support/studio-debug'
import { nestedProjectZip, treeRow } from './support/studio-tree'
import { hitAreas, tooSmall } from './support/tap-targets'
import type { HitArea } from './support/tap-targets'
import { PHONES, shoot } from './support/touch-checks'

const suite = usePageSuite()

/**
 * The controls inside `scope` a finger can reach (shown, not disabled); a checkbox by its label, which is
 * what a finger taps. The memory view's bytes are left to studio-debug-touch.spec.ts (eight to a line on a
 * 375 px phone, 32 × 44 px).
 */
const controls = (scope: Locator) =>
  scope.locator(
    [
      'button:visible:not([disabled]):not([data-address])',
      'select:visible',
      'input:visible:not([type=hidden], [type=file], [type=checkbox])',
      'label:visible:has(input[type=checkbox])',
      '[role=tab]:visible',
    ].join(', '),
  )

async function measure(scope: Locator, into: HitArea[], what: string): Promise<void> {
  const areas = await hitAreas(controls(scope))
  for (const area of areas) into.push({ ...area, name: `${what}: ${area.name}` })
}

describe('studio tap targets on a touch phone', () => {
  it.each(PHONES)('$name: every control is at least 44 × 44 px', async (device) => {
    const page = await suite.open(device)
    page.on('dialog', (dialog) => void dialog.accept())
    await page.goto(`${suite.baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    const measured: HitArea[] = []
    const studio = page.locator('main')

    // A project in folders: the tree's rows and their actions, the tabs.
    const chr = new Uint8Array(8192)
    await importZipFile(page, 'game.zip', nestedProjectZip(chr))
    await page.getByText('Project Imported').first().waitFor()
    await treeRow(page, 'gfx/tiles.chr').waitFor()
    await measure(studio, measured, 'project')
    await page.locator('.studio-tree').scrollIntoViewIfNeeded()
    await shoot(page, 'touch-targets-studio-tree')

    // Running: the preview and its pad.
    await compileButton(page).tap()
    await page.locator('.studio-preview iframe, .studio-preview canvas').first().waitFor()
    await measure(studio, measured, 'running')
    await page.locator('.studio-preview .nes-pad-box').scrollIntoViewIfNeeded()
    await shoot(page, 'touch-targets-studio-pad')

    // The CHR editor's tools.
    await treeRow(page, 'gfx/tiles.chr').tap()
    await page.getByRole('button', { name: 'Tiles', exact: true }).tap()
    await page.getByRole('toolbar', { name: 'Tile tools' }).waitFor()
    await measure(studio, measured, 'chr')
    await page.getByRole('toolbar', { name: 'Colours' }).scrollIntoViewIfNeeded()
    await shoot(page, 'touch-targets-studio-chr')

    // The debugger, stopped: run controls, registers, flags, memory.
    await tapDebugThenPause(page)
    await measure(studio, measured, 'debugger')
    await page.getByRole('toolbar', { name: 'Debug controls' }).scrollIntoViewIfNeeded()
    await shoot(page, 'touch-targets-studio-debug')

    const names = measured.map((area) => area.name).join(' | ')
    for (const expected of ['Rename src/consts.asm', 'Delete gfx', 'Up (↑)', 'Start (Enter)'])
      expect(names).toContain(expected)
    for (const expected of ['Pencil', 'Colour 3', 'NES colour of colour 1', 'Watch expression'])
      expect(names).toContain(expected)
    for (const expected of ['Memory region', 'patterns', 'Live', 'Filter problems'])
      expect(names).toContain(expected)
    expect(tooSmall(measured)).toEqual([])
  })
})
