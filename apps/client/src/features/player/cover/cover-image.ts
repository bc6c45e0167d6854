// A library entry's cover from the running game's picture: the 256x224 frame scaled to half in the
// browser and encoded small enough for the server (COVER_MAX_BYTES): WebP where the browser can encode
// it, else PNG, smaller still when a busy picture does not fit.
import { COVER_MAX_BYTES } from '@nes-studio/shared'

/** Width of a cover in pixels; its height keeps the frame's shape (112 for 256x224). */
export const COVER_WIDTH = 128

/** Encodings tried in order until one fits; scale is of COVER_WIDTH. */
const ATTEMPTS = [
  { type: 'image/webp', quality: 0.85, scale: 1 },
  { type: 'image/webp', quality: 0.6, scale: 1 },
  { type: 'image/png', quality: undefined, scale: 1 },
  { type: 'image/png', quality: undefined, scale: 0.5 },
] as const

function toBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded.'))),
      type,
      quality,
    ),
  )
}

function draw(picture: ImageBitmap, scale: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.width = Math.round(COVER_WIDTH * scale)
  canvas.height = Math.round((canvas.width * picture.height) / picture.width)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('The picture could not be drawn.')
  context.imageSmoothingQuality = 'high'
  context.drawImage(picture, 0, 0, canvas.width, canvas.height)
  return canvas
}

/** A cover (WebP or PNG, at most COVER_MAX_BYTES) of `frame`, a PNG of the game's picture. */
export async function encodeCover(frame: Blob): Promise<Blob> {
  const picture = await createImageBitmap(frame)
  try {
    for (const attempt of ATTEMPTS) {
      const blob = await toBlob(draw(picture, attempt.scale), attempt.type, attempt.quality)
      // A browser that cannot write WebP gives PNG instead: the PNG attempts cover it.
      if (blob.type === attempt.type && blob.size <= COVER_MAX_BYTES) return blob
    }
  } finally {
    picture.close()
  }
  throw new Error('The picture is too detailed to keep as a cover.')
}
