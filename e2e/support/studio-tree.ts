// The studio's project tree, quick open and find in files, as the workspace specs drive them.
import type { Page } from 'playwright-core'
import { strToU8, zipSync } from 'fflate'
import { INCLUDE_PROGRAM } from './studio-programs'
import { press } from './studio-workspace'
import type { StudioDevice } from './studio-workspace'

/** A tree row by its path (file or folder). */
export const treeRow = (page: Page, path: string) =>
  page.locator(`.studio-tree__name[data-path="${path}"]`)

/** Tree rows' paths, in the order shown. */
export function treePaths(page: Page): Promise<string[]> {
  return page
    .locator('.studio-tree__name')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path') ?? ''))
}

/** Presses a row's action (its aria-label is e.g. "Rename src/consts.asm"). */
export async function treeAction(
  device: StudioDevice,
  page: Page,
  action: 'Rename' | 'Delete' | 'New file in',
  path: string,
): Promise<void> {
  const row = page.locator('.studio-tree__row', { has: treeRow(page, path) })
  if (!device.isTouch) await row.hover()
  await press(device, page.getByRole('button', { name: `${action} ${path}`, exact: true }))
}

/** Renames or moves through the tree's inline field. */
export async function renameInTree(
  device: StudioDevice,
  page: Page,
  from: string,
  to: string,
): Promise<void> {
  await treeAction(device, page, 'Rename', from)
  await page.getByLabel(`New path for ${from}`).fill(to)
  await page.getByLabel(`New path for ${from}`).press('Enter')
  await treeRow(page, to).waitFor()
}

/** Quick open with Ctrl+P on a keyboard, the tree's "Open…" button on touch; picks the first match. */
export async function quickOpen(device: StudioDevice, page: Page, query: string): Promise<void> {
  if (device.isTouch) await press(device, page.getByRole('button', { name: 'Open…' }))
  else await page.keyboard.press('ControlOrMeta+P')
  const dialog = page.getByRole('dialog', { name: 'Quick open' })
  await dialog.getByLabel('File name').fill(query)
  await dialog.getByLabel('File name').press('Enter')
  await dialog.waitFor({ state: 'detached' })
}

/** A NESASM project in folders: sources in src/, tiles in gfx/, a binary level, a README and a build script. */
export function nestedProjectZip(chr: Uint8Array): Uint8Array {
  const main = INCLUDE_PROGRAM.replace('"consts.asm"', '"src/consts.asm"').replace(
    '"tiles.chr"',
    '"gfx/tiles.chr"',
  )
  const level = new Uint8Array(64).map((_, i) => (i * 37) & 0xff)
  return zipSync({
    'game/main.asm': strToU8(main),
    'game/src/consts.asm': strToU8('SPEED = 2\nLIVES = 3\n'),
    'game/gfx/tiles.chr': chr,
    'game/data/level.bin': level,
    'game/README.md': strToU8('# Game\n\nBuild with NESASM 3.1.\n'),
    'game/build.sh': strToU8('#!/bin/sh\nnesasm main.asm\n'),
  })
}
