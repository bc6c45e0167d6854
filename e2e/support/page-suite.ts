// The browser lifecycle of a spec file (useBrowser), and a page suite on top of it with the check every page of it must pass after each test: whatever
// the test did, no request left our origin, no Content-Security-Policy violation was logged, and a
// server-rendered page hydrated without a mismatch (main.tsx logs those as "Hydration: …").
import type { Browser, Page } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { launchBrowser, openPage } from './browser'
import { serverUrl } from './server-url'
import type { OpenedPage, PageOptions } from './browser'

export interface PageSuite {
  readonly baseUrl: string
  /**
   * A fresh context and page (not navigated yet), checked and closed after the test. A test may open
   * several (two players of an online room): each is a browser of its own.
   */
  open(width?: number | PageOptions): Promise<Page>
  /** `open`, then the player page `/`. */
  openPlayer(width?: number | PageOptions): Promise<Page>
  /** The spec file's browser, for pages of another server (which this suite's checks do not cover). */
  browser(): Browser
  /**
   * One page for the tests of the describe block this is called in: opened and made ready by `prepare` in
   * the first test that asks for it (inside a test, so `prepare` may use expect.poll), checked after each
   * test of the block as `open`'s pages are, closed after the block. For flows that need a running game but
   * not a fresh one: one page load and one boot instead of one per test. Each test must leave the page as
   * `prepare` did (no button held, the game running).
   */
  sharedPage(options: PageOptions, prepare: (page: Page) => Promise<void>): () => Promise<Page>
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
  const baseUrl = serverUrl()
  const browser = useBrowser()
  let opened: OpenedPage[] = []

  /** The checks every page of the suite passes after each test (a failed test's page is reported first). */
  async function checkPage(current: OpenedPage, failedTest: string | undefined): Promise<void> {
    if (failedTest !== undefined) await reportFailedPage(failedTest, current)
    expect(current.network.foreignRequests(baseUrl)).toEqual([])
    expect(current.network.cspViolations).toEqual([])
    expect(current.network.consoleErrors.filter((t) => t.startsWith('Hydration'))).toEqual([])
    if (!options.allowPageErrors) expect(current.network.pageErrors).toEqual([])
  }

  afterEach(async (context) => {
    const pages = opened
    opened = []
    const failed = context.task.result?.state === 'fail'
    try {
      for (const [index, current] of pages.entries()) {
        const name = context.task.name + (index > 0 ? ` (page ${index + 1})` : '')
        await checkPage(current, failed ? name : undefined)
      }
    } finally {
      await Promise.all(pages.map((current) => current.close()))
    }
  })

  function sharedPage(pageOptions: PageOptions, prepare: (page: Page) => Promise<void>) {
    let shared: OpenedPage | undefined
    let ready: Promise<Page> | undefined
    afterEach(async (context) => {
      if (!shared) return
      const failed = context.task.result?.state === 'fail'
      await checkPage(shared, failed ? `${context.task.name} (shared page)` : undefined)
    })
    afterAll(async () => {
      await shared?.close()
    })
    return () => {
      ready ??= (async () => {
        shared = await openPage(browser(), pageOptions)
        await prepare(shared.page)
        return shared.page
      })()
      return ready
    }
  }

  async function open(options: number | PageOptions = 1280): Promise<Page> {
    const page = await openPage(
      browser(),
      typeof options === 'number' ? { width: options } : options,
    )
    opened.push(page)
    return page.page
  }

  return {
    baseUrl,
    open,
    browser,
    sharedPage,
    async openPlayer(width) {
      const page = await open(width)
      await page.goto(`${baseUrl}/`)
      return page
    },
  }
}

const ARTIFACTS = path.join(import.meta.dirname, '..', 'artifacts')

/**
 * What a failed test's page showed, printed with the failure (CI keeps only the log): its frames, the
 * start of its text, whether a game instance exists, its last console messages; and a screenshot under
 * e2e/artifacts. Every step is bounded, since a page that failed may no longer answer.
 */
async function reportFailedPage(testName: string, opened: OpenedPage): Promise<void> {
  const { page, network } = opened
  const bounded = <T>(work: Promise<T>): Promise<T | string> =>
    Promise.race([
      work.catch((error: unknown) => `(failed: ${String(error)})`),
      new Promise<string>((resolve) => setTimeout(() => resolve('(no answer in 5 s)'), 5_000)),
    ])
  const state = await bounded(
    page.evaluate(() => ({
      text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 400),
      gameInstance: window.gameInstance !== undefined,
    })),
  )
  // Each emulator frame's start-up marks (frame-main.ts) and emulated frame count: where a start stalled.
  const frames: string[] = []
  for (const frame of page.frames().slice(1)) {
    const progress = await bounded(
      frame.evaluate(() => ({
        marks: performance
          .getEntriesByType('mark')
          .map((mark) => `${mark.name}@${Math.round(mark.startTime)}`),
        emulatedFrames: (
          window as { EJS_emulator?: { gameManager?: { getFrameNum(): number } } }
        ).EJS_emulator?.gameManager?.getFrameNum(),
        idle: window.frameElement?.classList.contains('emulator-frame--idle'),
      })),
    )
    frames.push(`  ${frame.url()} ${JSON.stringify(progress)}`)
  }
  mkdirSync(ARTIFACTS, { recursive: true })
  const shot = path.join(ARTIFACTS, `failed-${testName.replace(/[^\w-]+/g, '_').slice(0, 80)}.png`)
  await bounded(page.screenshot({ path: shot }))
  const lines = [
    `--- page of the failed test "${testName}"`,
    `url: ${page.url()}`,
    `state: ${JSON.stringify(state)}`,
    'frames:',
    ...frames,
    `screenshot: ${shot}`,
    'console (last messages):',
    ...network.recentConsole.map((line) => `  ${line}`),
    '---',
  ]
  console.error(lines.join('\n'))
}
