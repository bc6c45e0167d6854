// The browser lifecycle of a spec file (useBrowser), and a page suite on top of it with the check every page of it must pass after each test: whatever
// the test did, no request left our origin, no Content-Security-Policy violation was logged, and a
// server-rendered page hydrated without a mismatch (main.tsx logs those as "Hydration: …").
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest'
import { launchBrowser, openPage } from './browser'
import type { OpenedPage, PageOptions } from './browser'

export interface PageSuite {
  readonly baseUrl: string
  /** A fresh context and page (not navigated yet), checked and closed after the test. */
  open(width?: number | PageOptions): Promise<Page>
  /** `open`, then the player page `/`. */
  openPlayer(width?: number | PageOptions): Promise<Page>
  /** The spec file's browser, for pages of another server (which this suite's checks do not cover). */
  browser(): Browser
}

/** Launches Chromium before a spec file's tests and closes it after them; call the result inside a test. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('useBrowser: the browser is not launched yet')
    return browser
  }
}

export function usePageSuite(options: { allowPageErrors?: boolean } = {}): PageSuite {
  const baseUrl = inject('baseUrl')
  const browser = useBrowser()
  let opened: OpenedPage | undefined

  afterEach(async () => {
    const current = opened
    opened = undefined
    if (!current) return
    try {
      expect(current.network.foreignRequests(baseUrl)).toEqual([])
      expect(current.network.cspViolations).toEqual([])
      expect(current.network.consoleErrors.filter((t) => t.startsWith('Hydration'))).toEqual([])
      if (!options.allowPageErrors) expect(current.network.pageErrors).toEqual([])
    } finally {
      await current.close()
    }
  })

  async function open(options: number | PageOptions = 1280): Promise<Page> {
    opened = await openPage(browser(), typeof options === 'number' ? { width: options } : options)
    return opened.page
  }

  return {
    baseUrl,
    open,
    browser,
    async openPlayer(width) {
      const page = await open(width)
      await page.goto(`${baseUrl}/`)
      return page
    },
  }
}
