// Live picture of a CHR file's tiles (8 per row, shown at 2x), drawn in the same four colours as the CHR text highlighting.
import { useEffect, useMemo, useRef } from 'react'
import { TILES_PER_ROW, tileSheetPixels, visibleTileCount } from '../project/chr-tiles'

const COLOURS: readonly (readonly [number, number, number])[] = [
  [11, 11, 15],
  [200, 50, 42],
  [94, 200, 255],
  [243, 239, 226],
]

export function ChrPreview({ bytes }: { bytes: Uint8Array }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const tileCount = useMemo(() => visibleTileCount(bytes), [bytes])
  const width = TILES_PER_ROW * 8
  const height = Math.ceil(tileCount / TILES_PER_ROW) * 8

  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) return
    const pixels = tileSheetPixels(bytes, tileCount)
    const image = context.createImageData(width, height)
    pixels.forEach((index, i) => {
      const [r, g, b] = COLOURS[index] ?? COLOURS[0]!
      image.data.set([r, g, b, 255], i * 4)
    })
    context.putImageData(image, 0, 0)
  }, [bytes, tileCount, width, height])

  return (
    <figure className="studio-chr" aria-label="Tile preview">
      <canvas
        ref={canvas}
        width={width}
        height={height}
        className="studio-chr__canvas"
        data-testid="chr-preview"
      />
      <figcaption className="studio-chr__caption">
        {tileCount} tiles shown, {bytes.length} bytes
      </figcaption>
    </figure>
  )
}
