// Pixel-space drawing on a pattern table for the CHR tile editor: a pattern table is 128 x 128 pixels (16 x 16
// tiles of 8 x 8); these functions read and write its pixels straight in the NES tile bytes. Lines (Bresenham) and
// rectangle selections that copy, clear, paste and move blocks of pixels across tile edges.
import { TILE_BYTES, getPixel, setPixel } from './chr-image'

/** Pixels per side of a pattern table. */
export const TABLE_PIXELS = 128
const TILES_PER_TABLE = 256

/** A rectangle in table pixels: x and y of the top-left pixel (0-127), width and height in pixels (at least 1). */
export interface PixelRect {
  x: number
  y: number
  w: number
  h: number
}

/** A block of colour indices (0-3), row by row: what Copy keeps and Paste puts down. */
export interface PixelBlock {
  w: number
  h: number
  pixels: Uint8Array
}

function tileAt(bytes: Uint8Array, table: number, x: number, y: number): number | undefined {
  if (x < 0 || y < 0 || x >= TABLE_PIXELS || y >= TABLE_PIXELS) return undefined
  const tile = table * TILES_PER_TABLE + (y >> 3) * 16 + (x >> 3)
  // Tiles past the end of a short file are not there: reads give 0, writes are dropped.
  return (tile + 1) * TILE_BYTES <= bytes.length ? tile : undefined
}

/** Colour (0-3) of pixel (x, y) of a pattern table; 0 outside the table or past the end of the bytes. */
export function getTablePixel(bytes: Uint8Array, table: number, x: number, y: number): number {
  const tile = tileAt(bytes, table, x, y)
  return tile === undefined ? 0 : getPixel(bytes, tile, x & 7, y & 7)
}

/** Sets pixel (x, y) of a pattern table in place; pixels outside the table or the bytes are ignored. */
export function setTablePixel(
  bytes: Uint8Array,
  table: number,
  x: number,
  y: number,
  colour: number,
): void {
  const tile = tileAt(bytes, table, x, y)
  if (tile !== undefined) setPixel(bytes, tile, x & 7, y & 7, colour)
}

/** The pixels of a line from (x0, y0) to (x1, y1), both ends included (Bresenham, integer steps). */
export function linePoints(x0: number, y0: number, x1: number, y1: number): [number, number][] {
  const points: [number, number][] = []
  const dx = Math.abs(x1 - x0)
  const dy = -Math.abs(y1 - y0)
  const sx = x0 < x1 ? 1 : -1
  const sy = y0 < y1 ? 1 : -1
  let error = dx + dy
  let x = x0
  let y = y0
  for (;;) {
    points.push([x, y])
    if (x === x1 && y === y1) return points
    const twice = 2 * error
    if (twice >= dy) {
      error += dy
      x += sx
    }
    if (twice <= dx) {
      error += dx
      y += sy
    }
  }
}

/** Draws a line in one colour on a pattern table, in place (clipped to the table). */
export function drawLine(
  bytes: Uint8Array,
  table: number,
  from: readonly [number, number],
  to: readonly [number, number],
  colour: number,
): void {
  for (const [x, y] of linePoints(from[0], from[1], to[0], to[1])) {
    setTablePixel(bytes, table, x, y, colour)
  }
}

const clamp = (value: number) => Math.max(0, Math.min(TABLE_PIXELS - 1, value))

/** The rectangle with two opposite corner pixels a and b (both included), clipped to the table. */
export function rectFromCorners(
  a: readonly [number, number],
  b: readonly [number, number],
): PixelRect {
  const [x0, x1] = [clamp(Math.min(a[0], b[0])), clamp(Math.max(a[0], b[0]))]
  const [y0, y1] = [clamp(Math.min(a[1], b[1])), clamp(Math.max(a[1], b[1]))]
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 }
}

export function rectContains(rect: PixelRect, x: number, y: number): boolean {
  return x >= rect.x && y >= rect.y && x < rect.x + rect.w && y < rect.y + rect.h
}

/** The pixels inside a rectangle of a pattern table. */
export function copyRect(bytes: Uint8Array, table: number, rect: PixelRect): PixelBlock {
  const pixels = new Uint8Array(rect.w * rect.h)
  for (let y = 0; y < rect.h; y += 1) {
    for (let x = 0; x < rect.w; x += 1) {
      pixels[y * rect.w + x] = getTablePixel(bytes, table, rect.x + x, rect.y + y)
    }
  }
  return { w: rect.w, h: rect.h, pixels }
}

/** Sets every pixel of a rectangle to colour 0, in place. */
export function clearRect(bytes: Uint8Array, table: number, rect: PixelRect): void {
  for (let y = rect.y; y < rect.y + rect.h; y += 1) {
    for (let x = rect.x; x < rect.x + rect.w; x += 1) setTablePixel(bytes, table, x, y, 0)
  }
}

/** Puts a block down with its top-left pixel at (x, y), in place; the parts outside the table are dropped. */
export function pasteBlock(
  bytes: Uint8Array,
  table: number,
  x: number,
  y: number,
  block: PixelBlock,
): void {
  for (let by = 0; by < block.h; by += 1) {
    for (let bx = 0; bx < block.w; bx += 1) {
      setTablePixel(bytes, table, x + bx, y + by, block.pixels[by * block.w + bx]!)
    }
  }
}

/**
 * Moves the pixels of a rectangle by (dx, dy): a new array where the vacated area is colour 0 (as Aseprite and
 * YY-CHR do) and the moved pixels cover what was there; pixels moved off the table are lost.
 */
export function moveRect(
  bytes: Uint8Array,
  table: number,
  rect: PixelRect,
  dx: number,
  dy: number,
): Uint8Array {
  const next = bytes.slice()
  const block = copyRect(bytes, table, rect)
  clearRect(next, table, rect)
  pasteBlock(next, table, rect.x + dx, rect.y + dy, block)
  return next
}
