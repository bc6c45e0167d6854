import { describe, expect, it } from 'vitest'
import { pictureBox } from './picture-box'

describe('pictureBox', () => {
  it('keeps square pixels at a whole scale where the screen allows twice the size', () => {
    expect(pictureBox({ width: 736, height: 600 }, 'square')).toEqual({ width: 512, height: 448 })
    expect(pictureBox({ width: 1920, height: 1080 }, 'square')).toEqual({
      width: 1024,
      height: 896,
    })
  })

  it('fills a smaller screen with square pixels at the largest scale that fits', () => {
    // The desktop console's screen (736×400): 400 / 224 of the NES's pixels, 457×400, not 522×400.
    const box = pictureBox({ width: 736, height: 400 }, 'square')
    expect(box.height).toBe(400)
    expect(box.width / box.height).toBeCloseTo(256 / 224, 6)
    expect(pictureBox({ width: 343, height: 600 }, 'square').width).toBe(343)
  })

  it('stretches to the largest box of a 4:3 TV frame (its 224 shown lines: 10:7) when that shape is chosen', () => {
    const box = pictureBox({ width: 736, height: 400 }, '4:3')
    expect(box.height).toBe(400)
    expect(box.width).toBeCloseTo(4000 / 7, 6)
    expect(pictureBox({ width: 300, height: 400 }, '4:3')).toEqual({ width: 300, height: 210 })
  })

  it('is empty while the screen has no size', () => {
    expect(pictureBox({ width: 0, height: 400 }, 'square')).toEqual({ width: 0, height: 0 })
  })
})
