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

  afterEach(async (context) => {
    const pages = opened
    opened = []
    try {
      for (const [index, current] of pages.entries()) {
        if (context.task.result?.state === 'fail') {
          await reportFailedPage(
            context.task.name + (index > 0 ? ` (page ${index + 1})` : ''),
            current,
          )
        }
        expect(current.network.foreignRequests(baseUrl)).toEqual([])
        expect(current.network.cspViolations).toEqual([])
        expect(current.network.consoleErrors.filter((t) => t.startsWith('Hydration'))).toEqual([])
        if (!options.allowPageErrors) expect(current.network.pageErrors).toEqual([])
      }
    } finally {
      await Promise.all(pages.map((current) => current.close()))
    }
  })

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
