// The size of the game picture inside the screen: the core shows 256×224 pixels (overscan rows cropped). With
// square pixels the picture is the largest whole multiple of that which fits, so every NES pixel is the same
// number of screen pixels (sharp, even stripes); below twice the size a whole multiple would waste too much of a
// small screen (a phone: 1× is 256 px of 343), so it then fills the room at a fractional scale. The 4:3 shape
// (stretched as a TV did) is the largest box that fits of fceumm's "4:3": the whole 240-line frame at 4:3, so the
// 224 lines shown are 4/3 × 240/224 = 10:7.
import type { PictureShape } from '../../../emulator/types'

export const PICTURE_WIDTH = 256
export const PICTURE_HEIGHT = 224
/** fceumm's 4:3: a 240-line frame at 4:3, shown with its overscan rows (8 at the top and bottom) cropped. */
export const TV_ASPECT = ((4 / 3) * 240) / PICTURE_HEIGHT
/** From this scale on, the square picture keeps a whole scale. */
const SMALLEST_WHOLE_SCALE = 2

export interface Box {
  width: number
  height: number
}

/** The picture's box (CSS pixels) inside a screen of `room`. */
export function pictureBox(room: Box, shape: PictureShape): Box {
  const aspect = shape === '4:3' ? TV_ASPECT : PICTURE_WIDTH / PICTURE_HEIGHT
  if (room.width <= 0 || room.height <= 0) return { width: 0, height: 0 }
  if (shape === '4:3') {
    return room.height * aspect <= room.width
      ? { width: room.height * aspect, height: room.height }
      : { width: room.width, height: room.width / aspect }
  }
  const fit = Math.min(room.width / PICTURE_WIDTH, room.height / PICTURE_HEIGHT)
  const scale = fit >= SMALLEST_WHOLE_SCALE ? Math.floor(fit) : fit
  return { width: PICTURE_WIDTH * scale, height: PICTURE_HEIGHT * scale }
}

/** The CSS aspect-ratio of a shape (for screens sized by the picture's shape). */
export function pictureAspect(shape: PictureShape): string {
  return shape === '4:3' ? '10 / 7' : `${PICTURE_WIDTH} / ${PICTURE_HEIGHT}`
}
