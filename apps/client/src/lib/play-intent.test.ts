import { afterEach, describe, expect, it, vi } from 'vitest'
import { DROPPED_ATTRIBUTE, hasChosenFile, keepEarlyDrops, watchPlayIntent } from './play-intent'

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

describe('keepEarlyDrops', () => {
  /** A drop event carrying `files` (jsdom has no DataTransfer). */
  function drop(target: Element, files: File[], type = 'drop'): Event {
    const event = new Event(type, { bubbles: true, cancelable: true })
    Object.defineProperty(event, 'dataTransfer', { value: { files } })
    target.dispatchEvent(event)
    return event
  }

  it('puts a file dropped on a marked element into its input, marked, until the app runs', () => {
    const input = slotWithInput()
    let stored: File[] = []
    // jsdom's files setter takes only a real FileList.
    Object.defineProperty(input, 'files', {
      get: () => stored,
      set: (files: File[]) => (stored = files),
    })
    const file = new File([new Uint8Array(4)], 'early.nes')
    let isBefore = true
    const onDrop = vi.fn()
    const appDrop = vi.fn()
    document.body.addEventListener('drop', appDrop)
    keepEarlyDrops(document, () => isBefore, onDrop)

    expect(drop(input, [file], 'dragover').defaultPrevented).toBe(true)
    const early = drop(input, [file])
    expect(early.defaultPrevented).toBe(true)
    expect(stored).toEqual([file])
    expect(input.hasAttribute(DROPPED_ATTRIBUTE)).toBe(true)
    expect(onDrop).toHaveBeenCalledTimes(1)
    expect(appDrop).not.toHaveBeenCalled()

    // Elsewhere, or once the app runs, drops are the app's.
    input.removeAttribute(DROPPED_ATTRIBUTE)
    expect(drop(document.getElementById('other') as Element, [file]).defaultPrevented).toBe(false)
    isBefore = false
    expect(drop(input, [file]).defaultPrevented).toBe(false)
    expect(input.hasAttribute(DROPPED_ATTRIBUTE)).toBe(false)
    expect(appDrop).toHaveBeenCalledTimes(2)
    expect(onDrop).toHaveBeenCalledTimes(1)
  })
})
