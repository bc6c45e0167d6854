// Reads the emulator's raw frame (its PNG screenshot, not the scaled canvas) inside the page and reduces
// it to colours the specs can compare with the NES palette.
import type {} from './globals'
import type { Page } from 'playwright-core'
import type { NesColorName } from './nes-colors'
import { nearestNesColor } from './nes-colors'

export type Rgb = [number, number, number]

export interface FrameSample {
  width: number
  height: number
  /** Colours of an evenly spaced grid of pixels (8 x 8). */
  samples: Rgb[]
}

/** Samples the current raw frame through window.gameInstance.screenshot(). */
export function readFrame(page: Page): Promise<FrameSample> {
  return page.evaluate(async () => {
    const game = window.gameInstance
    if (!game) throw new Error('No game instance')
    // The core writes its screenshot on its next frame: a game whose loop stopped never answers.
    const png = await Promise.race([
      game.screenshot(),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error('No screenshot within 10 s: the game loop is not running')),
          10_000,
        ),
      ),
    ])
    const bitmap = await createImageBitmap(png)
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2d context')
    context.drawImage(bitmap, 0, 0)
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height)
    const samples: [number, number, number][] = []
    for (let gy = 0; gy < 8; gy++) {
      for (let gx = 0; gx < 8; gx++) {
        const x = Math.floor(((gx + 0.5) * bitmap.width) / 8)
        const y = Math.floor(((gy + 0.5) * bitmap.height) / 8)
        const i = (y * bitmap.width + x) * 4
        samples.push([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0])
      }
    }
    return { width: bitmap.width, height: bitmap.height, samples }
  })
}

export interface FrameColor {
  rgb: Rgb
  /** Nearest NES colour of the test palette. */
  name: NesColorName
  /** True when every sample has the same colour. */
  uniform: boolean
}

export async function frameColor(page: Page): Promise<FrameColor> {
  const { samples } = await readFrame(page)
  const first = samples[0] ?? [0, 0, 0]
  const uniform = samples.every((s) => s[0] === first[0] && s[1] === first[1] && s[2] === first[2])
  return { rgb: first, name: nearestNesColor(first).name, uniform }
}

/**
 * Polls the frame until it is one uniform colour nearest to `expected`; returns the last reading either
 * way so the caller's assertion shows what was on screen.
 */
export async function waitForFrameColor(
  page: Page,
  expected: NesColorName,
  timeoutMs = 10_000,
): Promise<FrameColor> {
  const deadline = Date.now() + timeoutMs
  let last = await frameColor(page)
  while (!(last.uniform && last.name === expected) && Date.now() < deadline) {
    await page.waitForTimeout(50)
    last = await frameColor(page)
  }
  return last
}

/**
 * How many of an 8 x 8 grid of points inside the game's picture, as the page shows it (a screenshot of
 * the game's iframe, not the core's raw frame), are lit (not black): 0 when the canvas lost its picture.
 */
export async function litPicturePoints(page: Page): Promise<number> {
  const png = await page.locator('iframe.emulator-frame:not(.emulator-frame--idle)').screenshot()
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2d context')
    context.drawImage(bitmap, 0, 0)
    let lit = 0
    for (let gy = 0; gy < 8; gy++) {
      for (let gx = 0; gx < 8; gx++) {
        const x = Math.floor(((gx + 0.5) * bitmap.width) / 8)
        const y = Math.floor(((gy + 0.5) * bitmap.height) / 8)
        const [r = 0, g = 0, b = 0] = context.getImageData(x, y, 1, 1).data
        if (r + g + b > 48) lit++
      }
    }
    return lit
  }, png.toString('base64'))
}
