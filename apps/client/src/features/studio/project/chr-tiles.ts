// Decodes NES tile bytes (16 bytes per 8x8 tile, two bit planes) into colour indices for the CHR preview.

export const TILES_PER_ROW = 8

/** How many tiles to show: up to the last tile that is not all zero, rounded up to a full row (at least one row). */
export function visibleTileCount(bytes: Uint8Array): number {
  const tiles = Math.floor(bytes.length / 16)
  let last = -1
  for (let t = 0; t < tiles; t += 1) {
    if (bytes.subarray(t * 16, t * 16 + 16).some((b) => b !== 0)) last = t
  }
  return Math.max(TILES_PER_ROW, Math.ceil((last + 1) / TILES_PER_ROW) * TILES_PER_ROW)
}

/**
 * Colour index (0-3) of every pixel of the first `tileCount` tiles laid out TILES_PER_ROW tiles per row; the result
 * is (TILES_PER_ROW * 8) pixels wide. Missing bytes read as 0.
 */
export function tileSheetPixels(bytes: Uint8Array, tileCount: number): Uint8Array {
  const width = TILES_PER_ROW * 8
  const rows = Math.ceil(tileCount / TILES_PER_ROW)
  const out = new Uint8Array(width * rows * 8)
  for (let t = 0; t < tileCount; t += 1) {
    const originX = (t % TILES_PER_ROW) * 8
    const originY = Math.floor(t / TILES_PER_ROW) * 8
    for (let y = 0; y < 8; y += 1) {
      const plane0 = bytes[t * 16 + y] ?? 0
      const plane1 = bytes[t * 16 + 8 + y] ?? 0
      for (let x = 0; x < 8; x += 1) {
        const bit = 7 - x
        out[(originY + y) * width + originX + x] =
          ((plane0 >> bit) & 1) | (((plane1 >> bit) & 1) << 1)
      }
    }
  }
  return out
}
