// What an open toast covers as the page stands (nothing is scrolled): whether a tap at the centre of each of
// the header's links (the logo, PLAYER, STUDIO) lands on the link, and which controls in the window share
// any of the toast's area.
import type { Page } from 'playwright-core'

export interface ToastCover {
  /** Each header link's name and whether a tap at its centre lands on it. */
  links: Record<string, boolean>
  /** The controls (links, buttons, fields, tabs, the editor) that the toast lies over, by name. */
  covered: string[]
}

const CONTROLS =
  'a[href], button, input, select, textarea, summary, [role="tab"], [role="button"], [contenteditable="true"]'

/**
 * Measures the open toast against the page once its entrance (a 150 ms slide up from 16 px lower) has ended,
 * so the box is where the toast stays; throws when no toast is showing.
 */
export function toastCover(page: Page): Promise<ToastCover> {
  return page.evaluate(async (selector) => {
    const toast = document.querySelector('.toast[data-state="open"]')
    if (!toast) throw new Error('no toast is showing')
    await Promise.all(toast.getAnimations().map((a) => a.finished))
    const area = toast.getBoundingClientRect()
    const nameOf = (e: Element) =>
      (e.getAttribute('aria-label') ?? e.textContent ?? e.tagName).trim().slice(0, 40)
    const links: Record<string, boolean> = {}
    for (const link of Array.from(document.querySelectorAll('.app-header a'))) {
      const box = link.getBoundingClientRect()
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      links[nameOf(link)] = hit !== null && link.contains(hit)
    }
    // A control counts when it is shown, in the window, and overlaps the toast by more than a pixel's rounding.
    const covered = Array.from(document.querySelectorAll(selector))
      .filter((e) => !toast.contains(e) && e.checkVisibility())
      .filter((e) => {
        const box = e.getBoundingClientRect()
        if (box.width < 4 || box.height < 4) return false
        const across = Math.min(box.right, area.right) - Math.max(box.left, area.left)
        const down = Math.min(box.bottom, area.bottom) - Math.max(box.top, area.top)
        return across > 1 && down > 1 && box.bottom > 0 && box.top < window.innerHeight
      })
      .map(nameOf)
    return { links, covered }
  }, CONTROLS)
}

/** `ToastCover.links` when every header link takes a tap at its centre. */
export const HEADER_LINKS_REACHABLE = { 'NES Studio home': true, PLAYER: true, STUDIO: true }

/**
 * Waits until no toast is showing. On a phone the studio's toast pushes the page down while it shows, so when it
 * leaves by itself (after 5 s) everything below moves up: a tap aimed just before that lands on whatever moved
 * under it. A test that taps through a flow after a toast waits here first, as a person would wait for the page
 * to settle.
 */
export async function toastsGone(page: Page): Promise<void> {
  await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 15_000 })
}
