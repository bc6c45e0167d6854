// Tap targets on touch screens: how much of a control a finger's tap lands on, measured through
// document.elementFromPoint (so a hit area grown with padding or a pseudo-element counts, and one covered
// by a neighbour does not), against the 44 × 44 px the project gives every control on a touch screen.
import type { Locator } from 'playwright-core'

export const MIN_TARGET_PX = 44

export interface HitArea {
  name: string
  width: number
  height: number
}

/**
 * How far across and along a control, through its centre, a tap still lands on it (in whole CSS pixels,
 * up to 60 each way). The control is scrolled to the middle of the view first.
 */
export async function hitAreas(locator: Locator): Promise<HitArea[]> {
  return locator.evaluateAll((controls) =>
    controls.map((control) => {
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' })
      const box = control.getBoundingClientRect()
      const x = box.left + box.width / 2
      const y = box.top + box.height / 2
      const lands = (px: number, py: number) => {
        const hit = document.elementFromPoint(px, py)
        return hit !== null && control.contains(hit)
      }
      const reach = (dx: number, dy: number) => {
        let distance = 0
        while (distance < 60 && lands(x + dx * (distance + 1), y + dy * (distance + 1))) distance++
        return distance
      }
      const name =
        control.getAttribute('aria-label') ??
        (control.textContent?.trim() || control.getAttribute('type') || control.tagName)
      return {
        name,
        width: lands(x, y) ? reach(-1, 0) + reach(1, 0) + 1 : 0,
        height: lands(x, y) ? reach(0, -1) + reach(0, 1) + 1 : 0,
      }
    }),
  )
}

export const tooSmall = (areas: HitArea[]) =>
  areas.filter((area) => area.width < MIN_TARGET_PX || area.height < MIN_TARGET_PX)

export async function fontSizeOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).fontSize)
}
