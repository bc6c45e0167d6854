// Pixels of NES tiles (16 bytes per 8x8 tile, two bit planes) for the CHR tile editor: read and write one pixel,
// flood fill inside a tile, tiles to an RGBA sheet (PNG export) and an RGBA image to tiles (PNG import), and
// writing edited bytes back into CHR text without losing its comments.
import { chrTextFromBytes, filledTileLines } from './chr-from-bytes'
import { chrTextToBytes } from './chr-text'
import type { Rgb } from './nes-palette'

export const TILE_BYTES = 16
/** A pattern table: 256 tiles, 4 KiB, shown as 16 x 16 tiles. */
export const TABLE_BYTES = 4096
export const SHEET_TILES_PER_ROW = 16

export function getPixel(bytes: Uint8Array, tile: number, x: number, y: number): number {
  const bit = 7 - x
  const p0 = bytes[tile * TILE_BYTES + y] ?? 0
  const p1 = bytes[tile * TILE_BYTES + 8 + y] ?? 0
  return ((p0 >> bit) & 1) | (((p1 >> bit) & 1) << 1)
}

/** Sets one pixel (colour 0-3) in place. */
export function setPixel(
  bytes: Uint8Array,
  tile: number,
  x: number,
  y: number,
  colour: number,
): void {
  const mask = 1 << (7 - x)
  const i = tile * TILE_BYTES + y
  bytes[i] = colour & 1 ? bytes[i]! | mask : bytes[i]! & ~mask
  bytes[i + 8] = colour & 2 ? bytes[i + 8]! | mask : bytes[i + 8]! & ~mask
}

/** Flood fill (4-neighbour) of the area of one colour around (x, y), inside one tile, in place. */
export function fillTile(
  bytes: Uint8Array,
  tile: number,
  x: number,
  y: number,
  colour: number,
): void {
  const target = getPixel(bytes, tile, x, y)
  if (target === colour) return
  const stack: [number, number][] = [[x, y]]
  while (stack.length > 0) {
    const [px, py] = stack.pop()!
    if (px < 0 || py < 0 || px > 7 || py > 7 || getPixel(bytes, tile, px, py) !== target) continue
    setPixel(bytes, tile, px, py, colour)
    stack.push([px + 1, py], [px - 1, py], [px, py + 1], [px, py - 1])
  }
}

/** The tiles as an RGBA sheet 16 tiles wide (128 px), in the 4 given colours. */
export function chrToRgba(
  bytes: Uint8Array,
  colours: readonly Rgb[],
): { width: number; height: number; data: Uint8ClampedArray<ArrayBuffer> } {
  const tiles = Math.max(1, Math.ceil(bytes.length / TILE_BYTES))
  const width = SHEET_TILES_PER_ROW * 8
  const height = Math.ceil(tiles / SHEET_TILES_PER_ROW) * 8
  const data = new Uint8ClampedArray(width * height * 4)
  for (let t = 0; t < tiles; t += 1) {
    const ox = (t % SHEET_TILES_PER_ROW) * 8
    const oy = Math.floor(t / SHEET_TILES_PER_ROW) * 8
    for (let y = 0; y < 8; y += 1) {
      for (let x = 0; x < 8; x += 1) {
        const [r, g, b] = colours[getPixel(bytes, t, x, y)]!
        data.set([r, g, b, 255], ((oy + y) * width + ox + x) * 4)
      }
    }
  }
  return { width, height, data }
}

function nearest(colours: readonly Rgb[], r: number, g: number, b: number): number {
  let best = 0
  let bestDistance = Infinity
  colours.forEach(([cr, cg, cb], i) => {
    const d = (cr - r) ** 2 + (cg - g) ** 2 + (cb - b) ** 2
    if (d < bestDistance) {
      bestDistance = d
      best = i
    }
  })
  return best
}

export type ImageToChrResult = { ok: true; bytes: Uint8Array } | { ok: false; message: string }

/**
 * An RGBA image to tiles, read left to right, top to bottom. Each 8x8 tile may use at most 4 colours; each colour is
 * mapped to the nearest of the palette's 4 (transparent pixels are colour 0).
 */
export function rgbaToChr(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  colours: readonly Rgb[],
): ImageToChrResult {
  if (width % 8 !== 0 || height % 8 !== 0 || width === 0 || height === 0) {
    return {
      ok: false,
      message: `The image is ${width}×${height} pixels: both sides must be a multiple of 8.`,
    }
  }
  const across = width / 8
  const tiles = across * (height / 8)
  const bytes = new Uint8Array(tiles * TILE_BYTES)
  for (let t = 0; t < tiles; t += 1) {
    const ox = (t % across) * 8
    const oy = Math.floor(t / across) * 8
    const seen = new Map<number, number>()
    for (let y = 0; y < 8; y += 1) {
      for (let x = 0; x < 8; x += 1) {
        const i = ((oy + y) * width + ox + x) * 4
        const a = data[i + 3]!
        const key = a < 128 ? -1 : (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!
        let colour = seen.get(key)
        if (colour === undefined) {
          colour = key === -1 ? 0 : nearest(colours, data[i]!, data[i + 1]!, data[i + 2]!)
          seen.set(key, colour)
        }
        if (seen.size > 4) {
          const name = `$${t.toString(16).toUpperCase().padStart(2, '0')}`
          return {
            ok: false,
            message: `Tile ${name} (column ${(t % across) + 1}, row ${Math.floor(t / across) + 1}) uses more than 4 colours.`,
          }
        }
        setPixel(bytes, t, x, y, colour)
      }
    }
  }
  return { ok: true, bytes }
}

function parseCount(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10)
  const hex = /^(?:\$|0x)([0-9a-f]+)$/i.exec(text)
  return hex ? Number.parseInt(hex[1]!, 16) : undefined
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}

/**
 * CHR text with its pixel rows rewritten to match `bytes`, keeping comments and layout. A `.fill` region that got
 * pixels has the tiles with pixels written out before its `.fill` line (see filledTileLines), the rest untouched.
 * When the bytes still do not fit the text's shape (the size changed, a `.fill` inside a tile) the whole text
 * is regenerated.
 */
export function patchChrText(text: string, bytes: Uint8Array): string {
  let tileBase = 0
  let row = 0
  let fits = true
  const patched = text.split('\n').map((line) => {
    const code = line.split(';')[0]!
    const trimmed = code.trim()
    const fill = /^\.fill\s+(\S+)$/i.exec(trimmed)
    if (fill) {
      const size = parseCount(fill[1]!) ?? tileBase
      const from = tileBase
      tileBase = Math.max(tileBase, size)
      if (!bytes.subarray(from, size).some((b) => b !== 0)) return line
      if (row !== 0 || size % TILE_BYTES !== 0) fits = false
      else return [...filledTileLines(bytes, from, size), line].join('\n')
      return line
    }
    if (!/^[0-3.]{8}$/.test(trimmed)) return line
    const tile = tileBase / TILE_BYTES
    let pixels = ''
    for (let x = 0; x < 8; x += 1) {
      const c = getPixel(bytes, tile, x, row)
      // A cleared pixel is written as the text writes colour 0 there ('0' stays '0', else '.').
      pixels += c !== 0 ? String(c) : trimmed[x] === '0' ? '0' : '.'
    }
    row += 1
    if (row === 8) {
      row = 0
      tileBase += TILE_BYTES
    }
    const start = code.indexOf(trimmed)
    return line.slice(0, start) + pixels + line.slice(start + 8)
  })
  const result = patched.join('\n')
  if (fits && equalBytes(chrTextToBytes(result).bytes, bytes)) return result
  return chrTextFromBytes(bytes) ?? result
}

/** Flips one tile horizontally or vertically, or turns it a quarter clockwise, in place. */
export function transformTile(
  bytes: Uint8Array,
  tile: number,
  how: 'flip-h' | 'flip-v' | 'rotate',
): void {
  const before: number[] = []
  for (let y = 0; y < 8; y += 1)
    for (let x = 0; x < 8; x += 1) before.push(getPixel(bytes, tile, x, y))
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      const [sx, sy] = how === 'flip-h' ? [7 - x, y] : how === 'flip-v' ? [x, 7 - y] : [y, 7 - x]
      setPixel(bytes, tile, x, y, before[sy * 8 + sx]!)
    }
  }
}
