// The studio workspace specs run every flow on a desktop and on a touch phone: a device says how to press.
import type { Locator, Page } from 'playwright-core'
import { TOUCH_DEVICES } from './browser'
import type { PageOptions } from './browser'

export interface StudioDevice {
  name: string
  options: PageOptions
  isTouch: boolean
}

export const STUDIO_DEVICES: readonly StudioDevice[] = [
  { name: 'desktop 1280×900', options: { width: 1280, height: 900 }, isTouch: false },
  { name: TOUCH_DEVICES[0]!.name, options: TOUCH_DEVICES[0]!, isTouch: true },
]

/** A tap on a touch device, a click elsewhere. */
export async function press(device: StudioDevice, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded()
  if (device.isTouch) await target.tap()
  else await target.click()
}

/** Opens /editor on a page of the suite and waits for the editor. */
export async function gotoStudio(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/editor`)
  await page.locator('.cm-content').waitFor()
}
