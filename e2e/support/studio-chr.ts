// PNG files for the CHR tile editor specs, made and read in the page's canvas (no image library in the specs).
import type { Page } from 'playwright-core'

/** NES $0F, $16, $21, $30 as the editor's default palette draws them. */
export const CHR_COLOURS: readonly (readonly [number, number, number])[] = [
  [0x00, 0x00, 0x00],
  [0xf8, 0x38, 0x00],
  [0x3c, 0xbc, 0xfc],
  [0xfc, 0xfc, 0xfc],
]

/** Colour index of pixel (x, y) of a tile in NES tile bytes. */
export function tilePixel(bytes: Uint8Array, tile: number, x: number, y: number): number {
  const bit = 7 - x
  return (
    (((bytes[tile * 16 + y] ?? 0) >> bit) & 1) |
    ((((bytes[tile * 16 + 8 + y] ?? 0) >> bit) & 1) << 1)
  )
}

/** Encodes RGBA pixels as a PNG in the page. */
export async function makePng(
  page: Page,
  width: number,
  height: number,
  rgba: number[],
): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height, rgba }) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')!
      context.putImageData(new ImageData(Uint8ClampedArray.from(rgba), width, height), 0, 0)
      return canvas.toDataURL('image/png').split(',')[1]!
    },
    { width, height, rgba },
  )
  return Buffer.from(base64, 'base64')
}

/** Decodes a PNG in the page: its size and RGBA pixels. */
export function readPng(
  page: Page,
  png: Uint8Array,
): Promise<{ width: number; height: number; rgba: number[] }> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
    const canvas = document.createElement('canvas')
    canvas.width = bitmap.width
    canvas.height = bitmap.height
    const context = canvas.getContext('2d')!
    context.drawImage(bitmap, 0, 0)
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data
    return { width: bitmap.width, height: bitmap.height, rgba: Array.from(data) }
  }, Buffer.from(png).toString('base64'))
}
