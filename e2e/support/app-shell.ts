// The page as the browser renders it itself: the built index.html with an empty root, which is what the
// service worker serves on a return visit and what the server sends when it does not pre-render (no
// renderer, or the library too slow). Specs route the page's own URL to it to exercise that path.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'

const shellFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/client/dist/index.html',
)

/** Answers every navigation of `page` with the built index.html (not pre-rendered). */
export async function serveAppShell(page: Page): Promise<void> {
  const html = readFileSync(shellFile, 'utf8')
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname),
    (route) =>
      route.request().isNavigationRequest()
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
        : route.fallback(),
  )
}
