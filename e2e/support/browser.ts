// Launches Debian's Chromium through playwright-core and records what a page asks the network for, so a
// spec can prove that nothing leaves our origin (CSP-blocked requests only show up as console errors).
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, Page } from 'playwright-core'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    // Benchmarks only: e.g. CHROMIUM_EXTRA_ARGS=--js-flags=--no-wasm-lazy-compilation (space-separated).
    args: [
      ...CHROMIUM_ARGS,
      ...(process.env.CHROMIUM_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  })
}

export interface NetworkLog {
  /** Every URL any frame or worker of the page requested. */
  readonly requests: string[]
  /** Console messages that report a Content-Security-Policy violation. */
  readonly cspViolations: string[]
  readonly consoleErrors: string[]
  readonly pageErrors: string[]
  /** The last console messages of every frame (type and text), for the report of a failed test. */
  readonly recentConsole: string[]
  /** Requests whose origin is not `origin` (data: and blob: URLs are local and never count). */
  foreignRequests(origin: string): string[]
}

const RECENT_CONSOLE_LINES = 60

export function recordNetwork(page: Page): NetworkLog {
  const log = {
    requests: [] as string[],
    cspViolations: [] as string[],
    consoleErrors: [] as string[],
    pageErrors: [] as string[],
    recentConsole: [] as string[],
    foreignRequests(origin: string) {
      return log.requests.filter((url) => {
        if (url.startsWith('data:') || url.startsWith('blob:')) return false
        return new URL(url).origin !== origin
      })
    },
  }
  page.on('request', (request) => log.requests.push(request.url()))
  page.on('console', (message) => {
    const text = message.text()
    if (/Content[- ]Security[- ]Policy/i.test(text)) log.cspViolations.push(text)
    if (message.type() === 'error') log.consoleErrors.push(text)
    log.recentConsole.push(`${new Date().toISOString().slice(11, 23)} ${message.type()}: ${text}`)
    if (log.recentConsole.length > RECENT_CONSOLE_LINES) log.recentConsole.shift()
  })
  page.on('pageerror', (error) => {
    log.pageErrors.push(error.message)
    log.recentConsole.push(`${new Date().toISOString().slice(11, 23)} pageerror: ${error.message}`)
  })
  return log
}

export interface OpenedPage {
  context: BrowserContext
  page: Page
  network: NetworkLog
  close(): Promise<void>
}

export interface PageOptions {
  width?: number
  height?: number
  /** A touch screen (Playwright's hasTouch): touch events, `any-pointer: coarse`. */
  hasTouch?: boolean
  /** A phone or tablet browser (Playwright's isMobile): meta viewport, mobile user agent behaviour. */
  isMobile?: boolean
  /**
   * The app's service worker is blocked unless a spec asks for it (offline.spec.ts): with it, requests
   * come from its cache and the specs that route or fail requests would not see them.
   */
  serviceWorkers?: 'allow' | 'block'
}

/** The touch devices every player and studio flow is tried on. */
export const TOUCH_DEVICES: readonly (Required<
  Pick<PageOptions, 'width' | 'height' | 'hasTouch' | 'isMobile'>
> & { name: string })[] = [
  { name: 'phone 375×667', width: 375, height: 667, hasTouch: true, isMobile: true },
  { name: 'phone 390×844', width: 390, height: 844, hasTouch: true, isMobile: true },
  { name: 'phone landscape 844×390', width: 844, height: 390, hasTouch: true, isMobile: true },
  { name: 'touch laptop 1280×800', width: 1280, height: 800, hasTouch: true, isMobile: false },
]

/** A fresh context (no cache, no storage) with one page whose network is recorded. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
    serviceWorkers: options.serviceWorkers ?? 'block',
  })
  const page = await context.newPage()
  const network = recordNetwork(page)
  return { context, page, network, close: () => context.close() }
}
