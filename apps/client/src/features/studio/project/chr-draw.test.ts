import { describe, expect, it } from 'vitest'
import {
  clearRect,
  copyRect,
  drawLine,
  getTablePixel,
  linePoints,
  moveRect,
  pasteBlock,
  rectFromCorners,
  setTablePixel,
} from './chr-draw'
import { getPixel } from './chr-image'

/** Every non-zero pixel of table 0 as "x,y=colour". */
function drawn(bytes: Uint8Array, table = 0): string[] {
  const out: string[] = []
  for (let y = 0; y < 128; y += 1)
    for (let x = 0; x < 128; x += 1) {
      const c = getTablePixel(bytes, table, x, y)
      if (c !== 0) out.push(`${x},${y}=${c}`)
    }
  return out
}

describe('linePoints (Bresenham)', () => {
  it('includes both ends and steps one pixel at a time', () => {
    expect(linePoints(0, 0, 3, 0)).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
    ])
    expect(linePoints(2, 2, 2, 2)).toEqual([[2, 2]])
    // A shallow line: one pixel per column, each within half a pixel of the true line.
    const shallow = linePoints(0, 0, 4, 2)
    expect(shallow.map(([x]) => x)).toEqual([0, 1, 2, 3, 4])
    for (const [x, y] of shallow) expect(Math.abs(y - x / 2)).toBeLessThanOrEqual(0.5)
    expect(shallow.at(-1)).toEqual([4, 2])
  })
  it('is the same set of pixels drawn backwards, and steep lines have one pixel per row', () => {
    const forward = linePoints(1, 7, 12, 3).map(String).sort()
    const backward = linePoints(12, 3, 1, 7).map(String).sort()
    expect(backward).toEqual(forward)
    const steep = linePoints(0, 0, 3, 10)
    expect(steep).toHaveLength(11)
    expect(new Set(steep.map(([, y]) => y)).size).toBe(11)
  })
})

describe('table pixels', () => {
  it('address tiles across the 16 x 16 grid: pixel (9, 17) is tile $21 pixel (1, 1)', () => {
    const bytes = new Uint8Array(8192)
    setTablePixel(bytes, 0, 9, 17, 3)
    expect(getPixel(bytes, 0x21, 1, 1)).toBe(3)
    setTablePixel(bytes, 1, 0, 0, 2)
    expect(getPixel(bytes, 256, 0, 0)).toBe(2)
  })
  it('ignores pixels outside the table or past the end of a short file', () => {
    const bytes = new Uint8Array(32) // two tiles
    setTablePixel(bytes, 0, 20, 0, 3) // tile 2: not there
    setTablePixel(bytes, 0, -1, 0, 3)
    setTablePixel(bytes, 0, 128, 0, 3)
    expect([...bytes].every((b) => b === 0)).toBe(true)
    expect(bytes.length).toBe(32)
  })
})

describe('drawLine', () => {
  it('draws across tile edges into the tile bytes', () => {
    const bytes = new Uint8Array(4096)
    drawLine(bytes, 0, [6, 0], [9, 0], 1)
    // Tile 0 row 0: pixels 6 and 7 -> plane 0 bits 1 and 0; tile 1 row 0: pixels 0 and 1.
    expect(bytes[0]).toBe(0b00000011)
    expect(bytes[8]).toBe(0)
    expect(bytes[16]).toBe(0b11000000)
    expect(drawn(bytes)).toEqual(['6,0=1', '7,0=1', '8,0=1', '9,0=1'])
  })
  it('clips at the table edge', () => {
    const bytes = new Uint8Array(4096)
    drawLine(bytes, 0, [125, 0], [130, 0], 2)
    expect(drawn(bytes)).toEqual(['125,0=2', '126,0=2', '127,0=2'])
  })
})

describe('rectangle selection', () => {
  const sample = () => {
    const bytes = new Uint8Array(4096)
    setTablePixel(bytes, 0, 6, 6, 1)
    setTablePixel(bytes, 0, 7, 6, 2)
    setTablePixel(bytes, 0, 8, 7, 3) // tile 1
    return bytes
  }
  it('rectFromCorners orders and clips the corners', () => {
    expect(rectFromCorners([8, 7], [6, 6])).toEqual({ x: 6, y: 6, w: 3, h: 2 })
    expect(rectFromCorners([-5, 120], [3, 200])).toEqual({ x: 0, y: 120, w: 4, h: 8 })
  })
  it('copies the pixels of a rectangle that spans two tiles', () => {
    const block = copyRect(sample(), 0, { x: 6, y: 6, w: 3, h: 2 })
    expect([...block.pixels]).toEqual([1, 2, 0, 0, 0, 3])
  })
  it('clears a rectangle to colour 0 and leaves the rest', () => {
    const bytes = sample()
    setTablePixel(bytes, 0, 0, 0, 3)
    clearRect(bytes, 0, { x: 6, y: 6, w: 3, h: 2 })
    expect(drawn(bytes)).toEqual(['0,0=3'])
  })
  it('moves a selection: the vacated area becomes colour 0 and the block lands at the new place', () => {
    const bytes = sample()
    const moved = moveRect(bytes, 0, { x: 6, y: 6, w: 3, h: 2 }, 10, 1)
    expect(drawn(moved)).toEqual(['16,7=1', '17,7=2', '18,8=3'])
    expect(drawn(bytes)).toEqual(['6,6=1', '7,6=2', '8,7=3']) // the input is not changed
  })
  it('a move by one pixel overlapping itself keeps every moved pixel', () => {
    const moved = moveRect(sample(), 0, { x: 6, y: 6, w: 3, h: 2 }, 1, 0)
    expect(drawn(moved)).toEqual(['7,6=1', '8,6=2', '9,7=3'])
  })
  it('pastes a copy (colour 0 included) and clips it at the table edge', () => {
    const bytes = sample()
    const block = copyRect(bytes, 0, { x: 6, y: 6, w: 3, h: 2 })
    setTablePixel(bytes, 0, 127, 1, 2) // under the pasted colour 0: cleared
    pasteBlock(bytes, 0, 126, 0, block)
    expect(drawn(bytes)).toEqual(['126,0=1', '127,0=2', '6,6=1', '7,6=2', '8,7=3'])
    pasteBlock(bytes, 1, 0, 0, block) // table 1 is past the end of a 4 KiB file
    expect(bytes.length).toBe(4096)
  })
})
