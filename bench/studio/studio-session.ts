// The browser session every studio benchmark runs in: the built server (or E2E_BASE_URL), headless
// Chromium, one 1280×900 page on /editor with the editor shown; closed however the benchmark ends.
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../../e2e/support/browser'
import { startServer } from '../../e2e/support/global-setup'

export async function withStudioPage(
  run: (page: Page, browser: Browser, baseUrl: string) => Promise<void>,
): Promise<void> {
  const external = process.env.E2E_BASE_URL
  const server = external ? undefined : await startServer()
  const baseUrl = external ?? server!.baseUrl
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${baseUrl}/editor`)
    await page.locator('.cm-content').waitFor()
    await run(page, browser, baseUrl)
  } finally {
    await browser.close()
    await server?.stop()
  }
}
