// One 4 KiB pattern table as a 16 x 16 grid of tiles (or one tile, large), drawn at x3 with a grid, and an outline
// over it for a selection or a floating paste. Pointer events (mouse, pen or touch) are reported in the canvas's
// own pixels: 0-127 on a table, 0-7 on a single tile, clamped to the edge while a drag goes outside.
import { useEffect, useRef } from 'react'
import type { PointerEvent } from 'react'
import { TILE_BYTES, getPixel } from '../project/chr-image'
import type { PixelRect } from '../project/chr-draw'
import { NES_PALETTE } from '../project/nes-palette'

export const CHR_SCALE = 3
const SIZE = 128 * CHR_SCALE

export type StrokePhase = 'start' | 'move' | 'end'

interface ChrCanvasProps {
  /** The table's bytes (up to 4096; missing tiles are blank). */
  bytes: Uint8Array
  palette: readonly number[]
  label: string
  /** Tiles per side: 16 for a pattern table, 1 for the large single-tile view. */
  columns?: number
  /** A rectangle to outline, in the canvas's pixels: a selection, or a floating paste (drawn brighter). */
  outline?: { rect: PixelRect; floating: boolean }
  /** x and y in the canvas's pixels; `inside` is false when the pointer is past the edge (x, y clamped). */
  onStroke: (phase: StrokePhase, x: number, y: number, inside: boolean) => void
}

function drawGrid(context: CanvasRenderingContext2D, cells: number) {
  context.strokeStyle = 'rgb(255 255 255 / 14%)'
  context.lineWidth = 1
  for (let i = 1; i < cells; i += 1) {
    const p = Math.round((i * SIZE) / cells) + 0.5
    context.beginPath()
    context.moveTo(p, 0)
    context.lineTo(p, SIZE)
    context.moveTo(0, p)
    context.lineTo(SIZE, p)
    context.stroke()
  }
}

function drawOutline(
  context: CanvasRenderingContext2D,
  scale: number,
  { rect, floating }: NonNullable<ChrCanvasProps['outline']>,
) {
  const [x, y, w, h] = [rect.x * scale, rect.y * scale, rect.w * scale, rect.h * scale]
  context.lineWidth = 2
  // Black under a dashed bright line: visible over any tile colour.
  context.setLineDash([])
  context.strokeStyle = 'rgb(0 0 0 / 80%)'
  context.strokeRect(x + 1, y + 1, w - 2, h - 2)
  context.setLineDash([6, 4])
  context.strokeStyle = floating ? '#ffd84a' : '#f3efe2'
  context.strokeRect(x + 1, y + 1, w - 2, h - 2)
  context.setLineDash([])
}

export function ChrCanvas({
  bytes,
  palette,
  label,
  columns = 16,
  outline,
  onStroke,
}: ChrCanvasProps) {
  const pixels = columns * 8
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    const image = context.createImageData(pixels, pixels)
    const tiles = Math.ceil(bytes.length / TILE_BYTES)
    for (let t = 0; t < tiles; t += 1) {
      for (let y = 0; y < 8; y += 1) {
        for (let x = 0; x < 8; x += 1) {
          const [r, g, b] = NES_PALETTE[palette[getPixel(bytes, t, x, y)]! & 0x3f]!
          const i = ((Math.floor(t / columns) * 8 + y) * pixels + (t % columns) * 8 + x) * 4
          image.data.set([r, g, b, 255], i)
        }
      }
    }
    const scaled = document.createElement('canvas')
    scaled.width = pixels
    scaled.height = pixels
    scaled.getContext('2d')?.putImageData(image, 0, 0)
    context.imageSmoothingEnabled = false
    context.clearRect(0, 0, SIZE, SIZE)
    context.drawImage(scaled, 0, 0, SIZE, SIZE)
    // Tile lines on a table, pixel lines on a single tile.
    drawGrid(context, columns === 1 ? 8 : columns)
    if (outline) drawOutline(context, SIZE / pixels, outline)
  }, [bytes, palette, columns, pixels, outline])

  const at = (event: PointerEvent<HTMLCanvasElement>): [number, number, boolean] => {
    // Inside the border: clientLeft/Top are the border widths, clientWidth/Height the drawn picture.
    const target = event.currentTarget
    const box = target.getBoundingClientRect()
    const px = Math.floor(
      ((event.clientX - box.left - target.clientLeft) / target.clientWidth) * pixels,
    )
    const py = Math.floor(
      ((event.clientY - box.top - target.clientTop) / target.clientHeight) * pixels,
    )
    const clamp = (v: number) => Math.max(0, Math.min(pixels - 1, v))
    const inside = px >= 0 && py >= 0 && px < pixels && py < pixels
    return [clamp(px), clamp(py), inside]
  }
  const handle = (phase: StrokePhase) => (event: PointerEvent<HTMLCanvasElement>) => {
    if (phase === 'move' && event.buttons === 0) return
    if (phase === 'start') {
      // Only the primary button (or one finger) draws.
      if (event.button !== 0) return
      event.currentTarget.setPointerCapture(event.pointerId)
    }
    onStroke(phase, ...at(event))
  }

  return (
    <canvas
      ref={canvas}
      width={SIZE}
      height={SIZE}
      className="studio-chred__canvas"
      aria-label={label}
      data-testid={columns === 1 ? 'chr-tile' : 'chr-table'}
      onPointerDown={handle('start')}
      onPointerMove={handle('move')}
      onPointerUp={handle('end')}
      onPointerCancel={handle('end')}
      // A finger held still to place a pixel must not open the long-press menu.
      onContextMenu={(e) => e.preventDefault()}
    />
  )
}
