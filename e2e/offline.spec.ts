// Offline and installable: after one visit (a game played once, so the emulator's files are cached) the
// player plays a cartridge from the slot and the studio compiles and runs with the network off, and the
// library says it is offline instead of failing. A new deploy is picked up on reload. Runs its own
// server on a copy of the client build, so the "deploy" can change that copy.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPage, TOUCH_DEVICES } from './support/browser'
import type { OpenedPage } from './support/browser'
import { startServer } from './support/global-setup'
import type { StartedServer } from './support/global-setup'
import { waitForFrameColor } from './support/frames'
import { NES_COLOR } from './support/nes-colors'
import { useBrowser } from './support/page-suite'
import { chooseRom, waitForGame } from './support/player-page'
import { buildSolidColorRom } from './support/roms'
import { waitForGreenFrame } from './support/studio-frames'
import { compileButton } from './support/studio-page'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const browser = useBrowser()
let clientDir: string
let server: StartedServer

beforeAll(async () => {
  clientDir = path.join(mkdtempSync(path.join(tmpdir(), 'nes-offline-')), 'dist')
  cpSync(path.join(repoRoot, 'apps/client/dist'), clientDir, { recursive: true })
  server = await startServer({ CLIENT_DIR: clientDir })
})

afterAll(async () => {
  await server?.stop()
})

/** Waits until the service worker controls the page (the shell is precached by then). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })
}

/** Plays a one-colour ROM from the slot (another colour is another ROM: no Continue offer). */
async function playColour(page: Page, colour: 'purple' | 'teal'): Promise<void> {
  await chooseRom(page, `${colour}.nes`, buildSolidColorRom(NES_COLOR[colour]))
  await page.getByRole('button', { name: 'PRESS START' }).click()
  await waitForGame(page)
  expect((await waitForFrameColor(page, colour)).name).toBe(colour)
}

describe.each([
  { name: 'desktop', options: { serviceWorkers: 'allow' as const } },
  { name: 'phone', options: { ...TOUCH_DEVICES[0]!, serviceWorkers: 'allow' as const } },
])('offline after one visit ($name)', ({ options }) => {
  it('plays a slot cartridge, compiles and runs in the studio, and the library says it is offline', async () => {
    const opened: OpenedPage = await openPage(browser(), options)
    const { page, context, network } = opened
    try {
      await page.goto(`${server.baseUrl}/`)
      await waitForServiceWorker(page)
      await playColour(page, 'purple')
      await page.goto(`${server.baseUrl}/editor`)
      await page.locator('.cm-content').waitFor()

      await context.setOffline(true)
      await page.goto(`${server.baseUrl}/`)
      await page.getByText('Offline: the library comes back when the network does.').waitFor()
      await playColour(page, 'teal')
      await page.goto(`${server.baseUrl}/editor`)
      await page.locator('.cm-content').waitFor()
      await compileButton(page).click()
      await page.waitForFunction(() => window.gameInstance !== undefined, undefined, {
        timeout: 30_000,
      })
      expect(await waitForGreenFrame(page)).toMatchObject({ green: true })

      await context.setOffline(false)
      await page.goto(`${server.baseUrl}/`)
      await page.getByRole('heading', { name: 'ROM Library' }).waitFor()
      expect(await page.getByText('Offline:').count()).toBe(0)
      expect(network.foreignRequests(server.baseUrl)).toEqual([])
      expect(network.cspViolations).toEqual([])
    } finally {
      await opened.close()
    }
  })
})

/** Whether the worker's caches hold the emulator's scripts and core (fetched at an idle moment after a visit). */
function hasCachedEmulator(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname)
      }
    }
    const needed = [
      /\/fceumm-[^/]*\.bin$/,
      /\/src\/emulator\.js$/,
      /\/src\/GameManager\.js$/,
      /fceumm\.json$/,
    ]
    return needed.every((pattern) => paths.some((path) => pattern.test(path)))
  })
}

describe.each([
  { name: 'desktop', options: { serviceWorkers: 'allow' as const } },
  { name: 'phone', options: { ...TOUCH_DEVICES[0]!, serviceWorkers: 'allow' as const } },
])('a visitor who only looked at the site ($name)', ({ options }) => {
  it('plays a cartridge from the computer offline: the emulator was cached while the page sat idle', async () => {
    const opened = await openPage(browser(), options)
    const { page, context } = opened
    try {
      await page.goto(`${server.baseUrl}/`)
      await waitForServiceWorker(page)
      await expect
        .poll(() => hasCachedEmulator(page), { timeout: 30_000, interval: 500 })
        .toBe(true)
      await context.setOffline(true)
      await page.goto(`${server.baseUrl}/`)
      await page.getByText('Cartridges from your computer still play').first().waitFor()
      await playColour(page, 'teal')
    } finally {
      await opened.close()
    }
  })
})

describe('the studio of a new build', () => {
  it('compiles and debugs offline without having been opened online (it is precached)', async () => {
    const opened = await openPage(browser(), { serviceWorkers: 'allow' })
    const { page, context } = opened
    try {
      await page.goto(`${server.baseUrl}/`)
      await waitForServiceWorker(page)
      await context.setOffline(true)
      await page.goto(`${server.baseUrl}/editor`)
      await page.locator('.cm-content').waitFor({ timeout: 15_000 })
      await page.locator('.cm-line').first().click()
      await page.keyboard.press('F5')
      await expect
        .poll(() => page.getByTestId('debug-status').textContent(), { timeout: 20_000 })
        .toContain('Running')
    } finally {
      await opened.close()
    }
  })
})

describe('a new deploy', () => {
  it('replaces the cached app on reload', async () => {
    const { page, close } = await openPage(browser(), { serviceWorkers: 'allow' })
    try {
      await page.goto(`${server.baseUrl}/`)
      await waitForServiceWorker(page)
      expect(await page.locator('meta[name="nes-build"]').count()).toBe(0)

      // "Deploy" a changed build: a marker in index.html, and the service worker's manifest revision of
      // index.html changed with it (as a real build would write it).
      const indexPath = path.join(clientDir, 'index.html')
      writeFileSync(
        indexPath,
        readFileSync(indexPath, 'utf8').replace(
          '<head>',
          '<head><meta name="nes-build" content="2">',
        ),
      )
      const swPath = path.join(clientDir, 'sw.js')
      const sw = readFileSync(swPath, 'utf8')
      const updated = sw.replace(/(url:"index\.html",revision:")([0-9a-f]+)"/, '$1$2-2"')
      expect(updated).not.toBe(sw)
      writeFileSync(swPath, updated)

      await page.reload()
      await page.locator('meta[name="nes-build"]').waitFor({ state: 'attached', timeout: 30_000 })
    } finally {
      await close()
    }
  })
})
