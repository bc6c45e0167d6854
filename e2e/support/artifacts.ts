// Screenshots kept under e2e/artifacts for a person to look at (the retro look of a page): no assertion reads
// them. Each costs about 1-2 s on a loaded 2-core machine (a composited frame, then a PNG), and the suite
// takes about 90. E2E_SCREENSHOTS=off skips them, for a run whose artifacts nobody opens (a CI that keeps only
// the log); a failed test's page is shot either way (page-suite.ts).
import type { Locator, Page } from 'playwright-core'

/** False when E2E_SCREENSHOTS=off. */
export function screenshotsWanted(): boolean {
  return process.env.E2E_SCREENSHOTS !== 'off'
}

/** Saves a screenshot of the page (or of one element) to `file`, unless E2E_SCREENSHOTS=off. */
export async function saveScreenshot(
  target: Page | Locator,
  file: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted()) return
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage })
  else await target.screenshot({ path: file })
}
