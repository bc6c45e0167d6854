import { afterEach, describe, expect, it, vi } from 'vitest'
import { hasChosenFile, watchPlayIntent } from './play-intent'

afterEach(() => document.body.replaceChildren())

function slotWithInput(): HTMLInputElement {
  document.body.innerHTML =
    '<div data-play-intent><input type="file"></div><input type="file" id="other">'
  return document.querySelector('[data-play-intent] input') as HTMLInputElement
}

describe('watchPlayIntent', () => {
  it('counts a file chosen in a marked element as an intent, once; other inputs not', () => {
    const input = slotWithInput()
    const onIntent = vi.fn()
    const stop = watchPlayIntent(document, onIntent)
    document.getElementById('other')?.dispatchEvent(new Event('change', { bubbles: true }))
    expect(onIntent).not.toHaveBeenCalled()
    input.dispatchEvent(new Event('change', { bubbles: true }))
    input.dispatchEvent(new Event('change', { bubbles: true }))
    expect(onIntent).toHaveBeenCalledTimes(1)
    stop()
  })

  it('stops watching when asked', () => {
    const input = slotWithInput()
    const onIntent = vi.fn()
    watchPlayIntent(document, onIntent)()
    input.dispatchEvent(new Event('change', { bubbles: true }))
    window.dispatchEvent(new Event('dragenter'))
    expect(onIntent).not.toHaveBeenCalled()
  })
})

describe('hasChosenFile', () => {
  it('sees a file already in a marked element’s input', () => {
    const input = slotWithInput()
    expect(hasChosenFile(document)).toBe(false)
    Object.defineProperty(input, 'files', { value: [new File(['x'], 'a.nes')] })
    expect(hasChosenFile(document)).toBe(true)
  })
})
