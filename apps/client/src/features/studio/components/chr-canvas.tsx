// One 4 KiB pattern table as a 16 x 16 grid of tiles, drawn at x3 with a tile grid; pointer (mouse, pen or touch)
// paints with the chosen tool. Reports pixels in table coordinates (tile 0-255, x and y 0-7).
import { useEffect, useRef } from 'react'
import type { PointerEvent } from 'react'
import { TILE_BYTES, getPixel } from '../project/chr-image'
import { NES_PALETTE } from '../project/nes-palette'

export const CHR_SCALE = 3
const SIZE = 128 * CHR_SCALE

interface ChrCanvasProps {
  /** The table's bytes (up to 4096; missing tiles are blank). */
  bytes: Uint8Array
  palette: readonly number[]
  label: string
  /** Tiles per side: 16 for a pattern table, 1 for the large single-tile view. */
  columns?: number
  onStroke: (phase: 'start' | 'move' | 'end', tile: number, x: number, y: number) => void
}

export function ChrCanvas({ bytes, palette, label, columns = 16, onStroke }: ChrCanvasProps) {
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
    context.strokeStyle = 'rgb(255 255 255 / 14%)'
    context.lineWidth = 1
    // Tile lines on a table, pixel lines on a single tile.
    const cells = columns === 1 ? 8 : columns
    for (let i = 1; i < cells; i += 1) {
      const p = Math.round((i * SIZE) / cells) + 0.5
      context.beginPath()
      context.moveTo(p, 0)
      context.lineTo(p, SIZE)
      context.moveTo(0, p)
      context.lineTo(SIZE, p)
      context.stroke()
    }
  }, [bytes, palette, columns, pixels])

  const at = (event: PointerEvent<HTMLCanvasElement>): [number, number, number] | undefined => {
    // Inside the border: clientLeft/Top are the border widths, clientWidth/Height the drawn picture.
    const target = event.currentTarget
    const box = target.getBoundingClientRect()
    const px = Math.floor(
      ((event.clientX - box.left - target.clientLeft) / target.clientWidth) * 128,
    )
    const py = Math.floor(
      ((event.clientY - box.top - target.clientTop) / target.clientHeight) * 128,
    )
    if (px < 0 || py < 0 || px > 127 || py > 127) return undefined
    return [(py >> 3) * 16 + (px >> 3), px & 7, py & 7]
  }
  const handle = (phase: 'start' | 'move' | 'end') => (event: PointerEvent<HTMLCanvasElement>) => {
    if (phase === 'move' && event.buttons === 0) return
    if (phase === 'start') event.currentTarget.setPointerCapture(event.pointerId)
    const where = at(event)
    if (where) onStroke(phase, ...where)
    else if (phase === 'end') onStroke('end', -1, 0, 0)
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
    />
  )
}
