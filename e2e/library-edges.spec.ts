// The library's edges: a toast naming a ROM with a very long name, and the panels across a short network drop.
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage, TOUCH_DEVICES } from './support/browser'
import type { OpenedPage } from './support/browser'
import { startServer } from './support/global-setup'
import type { StartedServer } from './support/global-setup'
import { NES_COLOR } from './support/nes-colors'
import { buildSolidColorRom } from './support/roms'
import {
  chooseForUpload,
  expectToast,
  libraryItem,
  uploadThroughPanel,
} from './support/library-page'
import { saveScreenshot } from './support/artifacts'

let server: StartedServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openHome(): Promise<OpenedPage> {
  const opened = await openPage(browser)
  await opened.page.goto(`${server.baseUrl}/`)
  await opened.page.getByRole('heading', { name: 'ROM Library' }).waitFor()
  return opened
}

describe('a toast naming a ROM with a long unbroken name', () => {
  const longName = `${'Q'.repeat(120)}.nes`
  beforeAll(async () => {
    const form = new FormData()
    form.set('title', 'Long Name Game')
    form.set('romFile', new Blob([Buffer.from(buildSolidColorRom(0x2a))]), longName)
    const res = await fetch(`${server.baseUrl}/api/roms`, { method: 'POST', body: form })
    expect(res.status).toBe(201)
  })

  for (const [name, options] of [
    ['desktop', { width: 1280, height: 800 }],
    [TOUCH_DEVICES[0]!.name, TOUCH_DEVICES[0]!],
  ] as const) {
    it(`wraps inside the toast and the screen (${name})`, async () => {
      const { page, close } = await openPage(browser, options)
      try {
        await page.goto(`${server.baseUrl}/`)
        const load = page.getByRole('button', { name: 'Load Long Name Game' })
        if (options.hasTouch) await load.tap()
        else await load.click()
        // The server keeps file names to 120 characters.
        await expectToast(page, 'ROM Loaded', /^Q{100,}\.nes has been loaded successfully\.$/)
        const boxes = await page.locator('.toast').evaluate((toast) => {
          const box = (selector: string) => {
            const r = toast.querySelector(selector)!.getBoundingClientRect()
            return { left: r.left, right: r.right }
          }
          const r = toast.getBoundingClientRect()
          return {
            toast: { left: r.left, right: r.right },
            description: box('.toast__description'),
            view: document.documentElement.clientWidth,
          }
        })
        expect(boxes.toast.left).toBeGreaterThanOrEqual(0)
        expect(boxes.toast.right).toBeLessThanOrEqual(boxes.view)
        expect(boxes.description.left).toBeGreaterThanOrEqual(boxes.toast.left)
        expect(boxes.description.right).toBeLessThanOrEqual(boxes.toast.right)
        await page.waitForTimeout(300) // the toast's entry animation
        await saveScreenshot(
          page,
          fileURLToPath(new URL(`artifacts/toast-long-name-${options.width}.png`, import.meta.url)),
        )
      } finally {
        await close()
      }
    })
  }
})

describe('the library while the network drops', () => {
  it('keeps the picked file, the typed title and search across a short drop; an offline Undo says so', async () => {
    const { page, close } = await openHome()
    const context = page.context()
    try {
      await uploadThroughPanel(page, 'drop.nes', buildSolidColorRom(NES_COLOR.teal), 'Drop Test')
      await expectToast(page, 'Upload Successful', 'Drop Test has been added to the library.')
      const item = libraryItem(page, 'Drop Test')
      await item.waitFor()
      const searched = page.waitForResponse((res) => res.url().includes('q=Drop'))
      await page.getByLabel('Search the library').fill('Drop')
      await searched
      await chooseForUpload(page, 'pending.nes', buildSolidColorRom(NES_COLOR.olive))
      await page.getByLabel('ROM Title').fill('Typed Title')

      await context.setOffline(true)
      await page.getByText('Offline: the library comes back when the network does.').waitFor()
      await page.waitForTimeout(500)
      await context.setOffline(false)
      await page.getByRole('heading', { name: 'ROM Library' }).waitFor()
      expect(await page.getByLabel('ROM Title').inputValue()).toBe('Typed Title')
      expect(await page.getByLabel('Search the library').inputValue()).toBe('Drop')
      await item.waitFor()

      // Undo pressed offline fails at once with a message, instead of waiting silently.
      await page.getByRole('button', { name: 'Delete Drop Test' }).click()
      await expectToast(page, 'ROM Deleted', 'The ROM file has been removed from the library.')
      await context.setOffline(true)
      await page.locator('.toast').getByRole('button', { name: 'Undo' }).click()
      await expectToast(page, 'Error', 'You are offline: the delete could not be undone.')
      await context.setOffline(false)
    } finally {
      await close()
    }
  })
})
