// Bringing what a tap just started into sight: on a phone the game (the player's screen, the studio's
// preview) is often above or below the button that started it.

export interface RevealOptions {
  /** The element to scroll into view (default: the one that must be seen). */
  scrollTo?: Element | null
  /** Where it lands: `start` (top of the view) or `nearest` (the least scrolling). */
  block?: ScrollLogicalPosition
}

/**
 * Scrolls when `element` is not wholly in the view: smoothly, or at once when the visitor prefers
 * reduced motion. Does nothing when it is in view (or when the browser cannot scroll to elements).
 */
export function revealElement(element: Element | null, options: RevealOptions = {}): void {
  const target = options.scrollTo ?? element
  if (!element || !target || typeof target.scrollIntoView !== 'function') return
  const box = element.getBoundingClientRect()
  if (box.top >= 0 && box.bottom <= window.innerHeight) return
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  target.scrollIntoView({
    block: options.block ?? 'nearest',
    behavior: reduceMotion ? 'auto' : 'smooth',
  })
}
