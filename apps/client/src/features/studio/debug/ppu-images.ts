// Pictures of the PPU's memory for the PPU views: a pattern table (256 tiles) in one of the eight palettes, a
// nametable with its attributes, and the 64 OAM sprites. RGBA bytes, ready for ImageData.
import { nesColor } from '../../../emulator/debug/nes-palette'
import type { PpuState } from '../../../emulator/types'

/** The four NES colour indexes of palette `index` (0-3 background, 4-7 sprites); colour 0 is the backdrop. */
export function paletteColors(palette: Uint8Array, index: number): number[] {
  return [0, 1, 2, 3].map((i) => palette[i === 0 ? 0 : index * 4 + i]! & 0x3f)
}

function putPixel(
  out: Uint8ClampedArray,
  width: number,
  x: number,
  y: number,
  color: number,
): void {
  const [r, g, b] = nesColor(color)
  out.set([r, g, b, 255], (y * width + x) * 4)
}

/** Colour 0-3 of pixel (x, y) of tile `tile` in the pattern table at `base`. */
function tilePixel(vram: Uint8Array, base: number, tile: number, x: number, y: number): number {
  const lo = vram[base + tile * 16 + y]!
  const hi = vram[base + tile * 16 + y + 8]!
  return (((hi >> (7 - x)) & 1) << 1) | ((lo >> (7 - x)) & 1)
}

/** Pattern table `table` (0: $0000, 1: $1000) as 128×128 pixels, 16 tiles a row, in palette `palette` (0-7). */
export function patternTableRgba(ppu: PpuState, table: 0 | 1, palette: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(128 * 128 * 4)
  const colors = paletteColors(ppu.palette, palette)
  for (let tile = 0; tile < 256; tile++)
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) {
        const c = tilePixel(ppu.vram, table * 0x1000, tile, x, y)
        putPixel(out, 128, (tile % 16) * 8 + x, Math.floor(tile / 16) * 8 + y, colors[c]!)
      }
  return out
}

/** The four nametables as 512×480 pixels ($2000 top left, $2400 top right, $2800, $2C00), with attributes. */
export function nametablesRgba(ppu: PpuState): Uint8ClampedArray {
  const out = new Uint8ClampedArray(512 * 480 * 4)
  const base = ppu.backgroundTable * 0x1000
  for (let nt = 0; nt < 4; nt++) {
    const at = 0x2000 + nt * 0x400
    const ox = (nt & 1) * 256
    const oy = (nt >> 1) * 240
    for (let row = 0; row < 30; row++)
      for (let col = 0; col < 32; col++) {
        const tile = ppu.vram[at + row * 32 + col]!
        const attribute = ppu.vram[at + 0x3c0 + (row >> 2) * 8 + (col >> 2)]!
        const shift = ((row & 2) << 1) | (col & 2)
        const colors = paletteColors(ppu.palette, (attribute >> shift) & 3)
        for (let y = 0; y < 8; y++)
          for (let x = 0; x < 8; x++)
            putPixel(
              out,
              512,
              ox + col * 8 + x,
              oy + row * 8 + y,
              colors[tilePixel(ppu.vram, base, tile, x, y)]!,
            )
      }
  }
  return out
}

export interface OamSprite {
  index: number
  x: number
  y: number
  tile: number
  palette: number
  flipH: boolean
  flipV: boolean
  behind: boolean
}

/** The 64 sprites of OAM, as the PPU reads them (y is the byte plus one: the line the sprite starts on). */
export function oamSprites(oam: Uint8Array): OamSprite[] {
  return Array.from({ length: 64 }, (_, index) => {
    const [y, tile, attr, x] = [
      oam[index * 4]!,
      oam[index * 4 + 1]!,
      oam[index * 4 + 2]!,
      oam[index * 4 + 3]!,
    ]
    return {
      index,
      x,
      y: y + 1,
      tile,
      palette: attr & 3,
      flipH: (attr & 0x40) !== 0,
      flipV: (attr & 0x80) !== 0,
      behind: (attr & 0x20) !== 0,
    }
  })
}
