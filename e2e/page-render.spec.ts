// Server-rendered pages (/ and /play/:romId): the HTML already has the console, the slot and the
// library's first rows; React hydrates it without a mismatch (page-suite checks every page for that), on
// a desktop and on touch phones; nothing chosen before the app's script has run is lost.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, startServer } from './support/global-setup'
import { TOUCH_DEVICES } from './support/browser'
import type { PageOptions } from './support/browser'
import { waitForFrameColor } from './support/frames'
import { NES_COLOR } from './support/nes-colors'
import type { NesColorName } from './support/nes-colors'
import { usePageSuite } from './support/page-suite'
import { chooseRom, dropRom, waitForGame } from './support/player-page'
import { buildSolidColorRom, withTag } from './support/roms'

const { baseUrl, open, browser } = usePageSuite()

const TITLE = 'Rendered </script> & Co'

async function addToLibrary(title: string, bytes: Uint8Array): Promise<void> {
  const form = new FormData()
  form.set('title', title)
  form.set('romFile', new Blob([Buffer.from(bytes)]), `${title}.nes`)
  const res = await fetch(`${baseUrl}/api/roms`, {
    method: 'POST',
    body: form,
    headers: { Origin: baseUrl },
  })
  expect(res.status).toBe(201)
}

beforeAll(() => addToLibrary(TITLE, withTag(buildSolidColorRom(NES_COLOR.green), TITLE)))

/** Holds the app's script (main-*.js) back until the returned function is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

const isHydrated = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'))

describe('server-rendered pages', () => {
  it('send the console, the slot and the library rows in the HTML', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text()
    expect(html).toContain('<div id="root" data-prerendered="">')
    expect(html).toContain('data-testid="cartridge-input"')
    expect(html).toContain('Rendered &lt;/script&gt; &amp; Co')
    expect(html).not.toContain('rel="preload"')
    const editor = await (await fetch(`${baseUrl}/editor`)).text()
    expect(editor).toContain('<div id="root"></div>')
  })

  it('show the library without JavaScript', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false })
    try {
      const bare = await context.newPage()
      await bare.goto(`${baseUrl}/`)
      expect(await bare.getByTestId('rom-item').first().textContent()).toContain(TITLE)
      expect(await bare.getByText('INSERT CARTRIDGE').isVisible()).toBe(true)
    } finally {
      await context.close()
    }
  })

  // Each device plays its own library game: a game left running is kept as a resume state when its
  // page closes, and the next start of that game waits paused on Continue / Start fresh.
  const devices: (PageOptions & { name: string; color: NesColorName })[] = [
    { name: 'desktop 1280×900', width: 1280, height: 900, color: 'green' },
    ...TOUCH_DEVICES.slice(0, 3).map((device, i) => {
      const colors: NesColorName[] = ['blue', 'purple', 'teal']
      return { ...device, color: colors[i] ?? 'red' }
    }),
  ]
  for (const device of devices) {
    it(`hydrate without a mismatch and play a library game in view (${device.name})`, async () => {
      const title = `Colour ${device.color}`
      await addToLibrary(title, withTag(buildSolidColorRom(NES_COLOR[device.color]), title))
      const page = await open(device)
      await page.goto(`${baseUrl}/`)
      await isHydrated(page)
      // On a phone the hydrated page has the handheld pad, not the server's desktop console.
      expect(await page.getByTestId('handheld').count()).toBe(device.hasTouch ? 1 : 0)
      await page.getByRole('button', { name: `Load ${title}` }).click()
      await waitForGame(page)
      expect((await waitForFrameColor(page, device.color)).name).toBe(device.color)
      // The library is below the console (far below, on a phone): the game is brought into view.
      await page.waitForFunction(
        () => {
          const box = document
            .querySelector('iframe.emulator-frame:not(.emulator-frame--idle)')
            ?.getBoundingClientRect()
          return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight
        },
        undefined,
        { timeout: 5_000 },
      )
    })
  }

  it('keep a cartridge chosen before the app’s script has run, and start it', async () => {
    const page = await open()
    const release = await holdAppScript(page)
    // DOMContentLoaded waits for the (deferred) module script: go on as soon as the slot is there.
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' })
    await page.locator('[data-testid=cartridge-input]').waitFor({ state: 'attached' })
    await chooseRom(page, 'early.nes', buildSolidColorRom(NES_COLOR.red))
    expect(await page.locator('#root[data-prerendered]').count()).toBe(1)
    release()
    await page.getByText('CARTRIDGE READY').waitFor()
    expect(await page.getByTestId('cartridge-name').textContent()).toContain('early.nes')
    await page.getByRole('button', { name: 'PRESS START' }).click()
    await waitForGame(page)
    expect((await waitForFrameColor(page, 'red')).name).toBe('red')
  })

  it('keep a cartridge dropped before the app’s script has run, and start it by itself', async () => {
    const page = await open()
    const release = await holdAppScript(page)
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' })
    // The page's first script has run once the slot accepts a drag (its dragover is cancelled, as a
    // browser requires before it lets a file be dropped there).
    await page.waitForFunction(() => {
      const slot = document.querySelector('[data-testid=cartridge-slot]')
      const over = new DragEvent('dragover', { bubbles: true, cancelable: true })
      slot?.dispatchEvent(over)
      return over.defaultPrevented
    })
    await dropRom(page, 'early-drop.nes', buildSolidColorRom(NES_COLOR.olive))
    expect(await page.locator('#root[data-prerendered]').count()).toBe(1)
    expect(page.url()).toBe(`${baseUrl}/`)
    release()
    // No PRESS START: a dropped cartridge starts by itself (CARTRIDGE READY lasts a moment only, too
    // short to wait for on a busy machine: the CI failure of stop 28).
    await waitForGame(page)
    await page.getByText('NOW PLAYING').waitFor()
    expect(await page.getByTestId('cartridge-name').textContent()).toContain('early-drop.nes')
    expect((await waitForFrameColor(page, 'olive')).name).toBe('olive')
  })

  it('are rendered by a copy of the build outside the repository (no package.json beside it)', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'nes-build-copy-'))
    for (const dir of ['dist', 'dist-ssr']) {
      cpSync(path.join(repoRoot, 'apps/client', dir), path.join(copy, dir), { recursive: true })
    }
    const server = await startServer({ CLIENT_DIR: path.join(copy, 'dist') })
    try {
      const html = await (await fetch(`${server.baseUrl}/`)).text()
      expect(html).toContain('<div id="root" data-prerendered="">')
      expect(html).toContain('data-testid="cartridge-input"')
    } finally {
      await server.stop()
      rmSync(copy, { recursive: true, force: true })
    }
  })
})
