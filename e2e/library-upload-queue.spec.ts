// Many files at once: a folder of 20 files (2 duplicates, 1 bad file) through the folder picker, each
// reported on its own line while the rest are added; and Cancel on a phone, which leaves nothing of the
// files it stopped in the library.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openPage, TOUCH_DEVICES } from './support/browser'
import { startServer } from './support/global-setup'
import type { StartedServer } from './support/global-setup'
import { useBrowser } from './support/page-suite'
import { buildSolidColorRom, withTag } from './support/roms'
import { shoot } from './support/touch-checks'

const base = buildSolidColorRom(0x21)
const game = (n: number) => withTag(base, `queue game ${n}`)
let server: StartedServer
let folder: string
const browser = useBrowser()

async function libraryTotal(): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/roms?limit=1`)
  return ((await res.json()) as { total: number }).total
}

beforeAll(async () => {
  server = await startServer()
  // Already in the library: the folder's copy of it is a duplicate.
  const form = new FormData()
  form.set('romFile', new Blob([Buffer.from(game(0))]), 'kept.nes')
  expect((await fetch(`${server.baseUrl}/api/roms`, { method: 'POST', body: form })).status).toBe(
    201,
  )
  folder = mkdtempSync(path.join(tmpdir(), 'nes-queue-'))
  for (let n = 1; n <= 17; n++) writeFileSync(path.join(folder, `game-${n}.nes`), game(n))
  writeFileSync(path.join(folder, 'again-0.nes'), game(0))
  writeFileSync(path.join(folder, 'zz-copy-of-1.nes'), game(1))
  writeFileSync(path.join(folder, 'broken.nes'), new Uint8Array(4096).fill(0x55))
})
afterAll(async () => {
  await server?.stop()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

const summary = (page: Page) => page.getByTestId('queue-summary')

async function waitForSummary(page: Page, text: string) {
  await page.getByTestId('queue-summary').filter({ hasText: text }).waitFor({ timeout: 60_000 })
}

describe('the upload queue', () => {
  it('uploads a folder of 20 files, reporting 2 duplicates and 1 bad file', async () => {
    const { page, close } = await openPage(browser(), { width: 1280, height: 900 })
    try {
      await page.goto(`${server.baseUrl}/`)
      await page.getByTestId('upload-folder-input').setInputFiles(folder)
      await waitForSummary(page, '20 of 20 done · 17 added · 2 duplicates · 1 not added')
      const line = (name: string) =>
        page
          .getByTestId('queue-item')
          .filter({
            has: page.locator('.upload-queue__name', { hasText: new RegExp(`^${name}$`) }),
          })
          .getByTestId('queue-status')
      await expect(line('broken.nes').textContent()).resolves.toBe('Not added')
      await expect(line('again-0.nes').textContent()).resolves.toBe('Already in library')
      // The two copies of game 1 are sent in the browser's order: whichever comes second is the duplicate.
      const pair = [
        await line('game-1.nes').textContent(),
        await line('zz-copy-of-1.nes').textContent(),
      ]
      expect(pair.sort()).toEqual(['Added', 'Already in library'])
      await expect(line('game-17.nes').textContent()).resolves.toBe('Added')
      expect(await libraryTotal()).toBe(18)
      await expect(summary(page).isVisible()).resolves.toBe(true)
      await shoot(page, 'upload-queue-desktop', true)
    } finally {
      await close()
    }
  })

  it(`cancels on a ${TOUCH_DEVICES[0]!.name}: the files it stopped are not stored`, async () => {
    const { page, close } = await openPage(browser(), TOUCH_DEVICES[0]!)
    try {
      // Uploads wait here until the test lets them through, so Cancel finds one under way.
      let release: () => void = () => undefined
      const gate = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/api/roms', async (route) => {
        if (route.request().method() !== 'POST') return route.continue()
        await gate
        return route.continue().catch(() => undefined)
      })
      await page.goto(`${server.baseUrl}/`)
      const before = await libraryTotal()
      await page.getByTestId('upload-input').setInputFiles(
        [30, 31, 32].map((n) => ({
          name: `late-${n}.nes`,
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(game(n)),
        })),
      )
      await page.getByTestId('queue-item').filter({ hasText: 'Uploading' }).waitFor()
      await page.getByRole('button', { name: 'Cancel' }).tap()
      release()
      await waitForSummary(page, '3 of 3 done · 0 added')
      await expect(page.getByTestId('queue-status').allTextContents()).resolves.toEqual([
        'Cancelled',
        'Cancelled',
        'Cancelled',
      ])
      await page.waitForTimeout(500)
      expect(await libraryTotal()).toBe(before)
      await shoot(page, 'upload-queue-phone')
    } finally {
      await close()
    }
  })
})
