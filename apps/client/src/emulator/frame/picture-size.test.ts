import { describe, expect, it } from 'vitest'
import { drawAtPictureSize, hasPictureShape } from './picture-size'
import type { CanvasResizeEntry } from './picture-size'

const canvas = { nodeName: 'CANVAS' }

function entry(width: number, height: number, target: unknown = canvas): CanvasResizeEntry {
  return {
    target,
    contentRect: { width, height },
    devicePixelContentBoxSize: [{ inlineSize: width * 2, blockSize: height * 2 }],
  }
}

/** A window whose ResizeObserver lets the test deliver entries; returns what the core's callback heard. */
function observedWindow(isSquarePixels: () => boolean) {
  let deliver: ((entries: CanvasResizeEntry[]) => void) | undefined
  class BrowserResizeObserver {
    constructor(callback: (entries: CanvasResizeEntry[], observer: unknown) => void) {
      deliver = (entries) => callback(entries, this)
    }
  }
  const win = { ResizeObserver: BrowserResizeObserver, devicePixelRatio: 2 }
  drawAtPictureSize(win, isSquarePixels)
  const heard: CanvasResizeEntry[][] = []
  new win.ResizeObserver((entries) => heard.push(entries))
  return { heard, deliver: (entries: CanvasResizeEntry[]) => deliver!(entries) }
}

describe('drawAtPictureSize', () => {
  it('tells the core that a canvas of the picture’s shape is 256×224 device pixels', () => {
    const { heard, deliver } = observedWindow(() => true)
    deliver([entry(457, 400)])
    expect(heard[0]![0]!.devicePixelContentBoxSize).toEqual([{ inlineSize: 256, blockSize: 224 }])
    // A browser without device pixels: the core multiplies the CSS box by the ratio (2).
    expect(heard[0]![0]!.contentRect).toEqual({ width: 128, height: 112 })
    expect(heard[0]![0]!.target).toBe(canvas)
  })

  it('leaves the box of another shape, the 4:3 picture and other elements as they are', () => {
    let square = true
    const { heard, deliver } = observedWindow(() => square)
    const fullScreen = entry(1280, 720)
    const other = entry(457, 400, { nodeName: 'DIV' })
    deliver([fullScreen, other])
    square = false
    const tv = entry(457, 400)
    deliver([tv])
    expect(heard).toEqual([[fullScreen, other], [tv]])
  })
})

describe('hasPictureShape', () => {
  it('accepts the 8:7 box at any scale, within a pixel of rounding, and nothing else', () => {
    expect(hasPictureShape(256, 224)).toBe(true)
    expect(hasPictureShape(457, 400)).toBe(true)
    expect(hasPictureShape(343, 300)).toBe(true)
    expect(hasPictureShape(571, 400)).toBe(false) // 10:7, the 4:3 shape
    expect(hasPictureShape(0, 0)).toBe(false)
  })
})
