// Checks for the touch-phone flow specs: what a finger meets where it taps, whether a control is in view,
// and whether the page stays within the phone's width.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { saveScreenshot } from './artifacts'
import { TOUCH_DEVICES } from './browser'

/** The phones every flow is tapped through: portrait 375×667 and landscape 844×390. */
export const PHONES = [TOUCH_DEVICES[0]!, TOUCH_DEVICES[2]!] as const

export const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts')

export interface TapReport {
  /** Wholly inside the window (within a pixel's rounding). */
  inView: boolean
  /** A tap at its centre lands on it (not on a pad, a toolbar or an overlay above it). */
  onTop: boolean
  width: number
  height: number
}

/** Where the control is once it has been scrolled into view, as a finger meets it. */
export async function tapReport(target: Locator): Promise<TapReport> {
  await target.scrollIntoViewIfNeeded()
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return {
      inView:
        box.top >= -1 &&
        box.left >= -1 &&
        box.bottom <= window.innerHeight + 1 &&
        box.right <= window.innerWidth + 1,
      onTop: hit !== null && element.contains(hit),
      width: Math.round(box.width),
      height: Math.round(box.height),
    }
  })
}

/** Whether the element is wholly inside the window as the page stands now (nothing is scrolled first). */
export function isWhollyInView(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return (
      box.width > 0 &&
      box.top >= -1 &&
      box.left >= -1 &&
      box.bottom <= window.innerHeight + 1 &&
      box.right <= window.innerWidth + 1
    )
  })
}

/** How far the page is wider than the window (0 when nothing sticks out sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/** Saves a screenshot of the window as e2e/artifacts/<name>-<w>x<h>.png (unless E2E_SCREENSHOTS=off). */
export async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  const size = page.viewportSize()!
  await saveScreenshot(page, path.join(ARTIFACTS, `${name}-${size.width}x${size.height}.png`), {
    fullPage,
  })
}
