import { afterEach, describe, expect, it, vi } from 'vitest'
import { revealElement } from './reveal'

/** An element whose box is at `top`..`bottom` of a 600 px high view. */
function placed(top: number, bottom: number): HTMLElement {
  const element = document.createElement('div')
  element.getBoundingClientRect = () => ({ top, bottom }) as DOMRect
  element.scrollIntoView = vi.fn()
  return element
}

function prefersReducedMotion(reduce: boolean): void {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
  })) as never
}

describe('revealElement', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('leaves an element wholly in view where it is', () => {
    vi.stubGlobal('innerHeight', 600)
    prefersReducedMotion(false)
    const element = placed(10, 590)
    revealElement(element)
    expect(element.scrollIntoView).not.toHaveBeenCalled()
  })

  it('scrolls smoothly to an element partly above or below the view', () => {
    vi.stubGlobal('innerHeight', 600)
    prefersReducedMotion(false)
    for (const [top, bottom] of [
      [-40, 300],
      [400, 700],
    ] as const) {
      const element = placed(top, bottom)
      revealElement(element, { block: 'center' })
      expect(element.scrollIntoView).toHaveBeenCalledWith({ block: 'center', behavior: 'smooth' })
    }
  })

  it('scrolls another element to the top when asked, at once under reduced motion', () => {
    vi.stubGlobal('innerHeight', 600)
    prefersReducedMotion(true)
    const screen = placed(-200, 100)
    const consoleBox = placed(-260, 500)
    revealElement(screen, { scrollTo: consoleBox, block: 'start' })
    expect(screen.scrollIntoView).not.toHaveBeenCalled()
    expect(consoleBox.scrollIntoView).toHaveBeenCalledWith({ block: 'start', behavior: 'auto' })
  })
})
