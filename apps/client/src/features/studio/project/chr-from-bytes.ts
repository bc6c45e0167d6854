// Binary tile data (a .chr pattern table) -> editable CHR text, losslessly: chrTextToBytes() of the text gives back
// exactly the original bytes. Runs of blank tiles become `.fill N` so an 8 KiB bank of mostly empty tiles stays short.
import { chrTextToBytes } from './chr-text'

const TILE_BYTES = 16

/** A run of blank tiles at least this long (inside the data) is written as `.fill`; a trailing run always is. */
const MIN_FILL_TILES = 2

function hex(value: number, width: number): string {
  return `$${value.toString(16).toUpperCase().padStart(width, '0')}`
}

function isBlankTile(bytes: Uint8Array, tile: number): boolean {
  for (let i = tile * TILE_BYTES; i < (tile + 1) * TILE_BYTES; i += 1) {
    if (bytes[i] !== 0) return false
  }
  return true
}

/** The 8 pixel rows of one tile: plane 0 gives bit 0 of each colour, plane 1 bit 1; `.` is colour 0. */
function tileRows(bytes: Uint8Array, tile: number): string[] {
  const base = tile * TILE_BYTES
  const rows: string[] = []
  for (let y = 0; y < 8; y += 1) {
    const plane0 = bytes[base + y]!
    const plane1 = bytes[base + 8 + y]!
    let row = ''
    for (let bit = 7; bit >= 0; bit -= 1) {
      const colour = ((plane0 >> bit) & 1) | (((plane1 >> bit) & 1) << 1)
      row += colour === 0 ? '.' : String(colour)
    }
    rows.push(row)
  }
  return rows
}

/**
 * Writes tile bytes as CHR text (see chr-text.ts): a header comment, then every tile with a comment giving its
 * number and byte offset, and `.fill` for runs of blank tiles. Undefined when the length is not a multiple of 16
 * bytes (such a file is not a whole number of tiles and stays binary).
 */
export function bytesToChrText(bytes: Uint8Array): string | undefined {
  if (bytes.length % TILE_BYTES !== 0) return undefined
  const tiles = bytes.length / TILE_BYTES
  const lines = [
    `; CHR tile data, ${bytes.length} bytes (${tiles} tiles of 16 bytes), converted from the binary file.`,
    '; Each tile is 8 rows of 8 pixels; a pixel is a colour 0-3 (. is 0).',
    '; ".fill N" pads with zero bytes up to N bytes in total: blank tiles are written that way,',
    '; so the tiles after them keep their positions. Exported as binary again.',
  ]
  let tile = 0
  while (tile < tiles) {
    let end = tile
    while (end < tiles && isBlankTile(bytes, end)) end += 1
    const run = end - tile
    if (run >= MIN_FILL_TILES || (run > 0 && end === tiles)) {
      const which = run === 1 ? `tile ${hex(tile, 2)}` : `tiles ${hex(tile, 2)}-${hex(end - 1, 2)}`
      lines.push('', `; ${which} blank`, `.fill ${end * TILE_BYTES}`)
      tile = end
      continue
    }
    lines.push(
      '',
      `; tile ${hex(tile, 2)} at ${hex(tile * TILE_BYTES, 4)}`,
      ...tileRows(bytes, tile),
    )
    tile += 1
  }
  return `${lines.join('\n')}\n`
}

/**
 * What goes before a `.fill` line (which pads up to byte `to`) once the tiles from byte `from` to `to` got pixels:
 * the tiles from the first to the last one with pixels, written out, after a `.fill` for the blank tiles before
 * them. Both bounds are whole tiles. The `.fill` line itself stays after these lines for the blank tiles after.
 */
export function filledTileLines(bytes: Uint8Array, from: number, to: number): string[] {
  const end = to / TILE_BYTES
  let first = from / TILE_BYTES
  while (first < end && isBlankTile(bytes, first)) first += 1
  let last = end
  while (last > first && isBlankTile(bytes, last - 1)) last -= 1
  const lines = first > from / TILE_BYTES ? [`.fill ${first * TILE_BYTES}`] : []
  for (let tile = first; tile < last; tile += 1)
    lines.push(
      '',
      `; tile ${hex(tile, 2)} at ${hex(tile * TILE_BYTES, 4)}`,
      ...tileRows(bytes, tile),
      '',
    )
  return lines
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

/** True when `text` is CHR text without problems that converts to exactly `bytes`. */
export function isChrTextFor(text: string, bytes: Uint8Array): boolean {
  const converted = chrTextToBytes(text)
  return converted.problems.length === 0 && sameBytes(converted.bytes, bytes)
}

/**
 * The editable CHR text for binary tile data, or undefined when it cannot be represented exactly (length not a
 * multiple of 16). The result is checked by converting it back, so a caller never loses a byte.
 */
export function chrTextFromBytes(bytes: Uint8Array): string | undefined {
  const text = bytesToChrText(bytes)
  return text !== undefined && isChrTextFor(text, bytes) ? text : undefined
}
