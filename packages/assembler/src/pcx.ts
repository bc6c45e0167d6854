// PCX picture decoding for .incchr (8-bit single plane, or 1-bit with up to 4 planes, RLE) and
// the conversion of an 8x8 block of colour indexes into a 16-byte NES tile.

export interface PcxImage {
  width: number
  height: number
  /** One colour index per pixel, row by row. */
  pixels: Uint8Array
}

/** Decodes a PCX file; returns an error message (NESASM's wording) on failure. */
export function decodePcx(data: Uint8Array): PcxImage | string {
  const u16 = (o: number): number => (data[o] ?? 0) | ((data[o + 1] ?? 0) << 8)
  let w = u16(8) - u16(4) + 1
  const h = u16(10) - u16(6) + 1
  if (w & 1) w++
  if (w > 1024 || h > 768) return 'Picture size too big, max. 1024x768!'
  if (w < 16 || h < 16) return 'Picture size too small, min. 16x16!'
  const bpp = data[3] ?? 0
  const np = data[65] ?? 0
  const encoding = data[2] ?? 0
  const pixels = new Uint8Array(w * h)
  if (bpp === 8 && np === 1) {
    if (encoding === 0) {
      pixels.set(data.subarray(128, 128 + w * h))
    } else if (encoding === 1) {
      decodeRle256(data, pixels, w, h)
    } else {
      return 'Unsupported PCX encoding scheme!'
    }
  } else if (bpp === 1 && np <= 4) {
    if (encoding !== 1) return 'Unsupported PCX encoding scheme!'
    decodeRle16(data, pixels, w, h, np)
  } else {
    return 'Unsupported or invalid PCX format!'
  }
  return { width: w, height: h, pixels }
}

function decodeRle256(data: Uint8Array, out: Uint8Array, w: number, h: number): void {
  let p = 128
  let o = 0
  let x = 0
  let y = 0
  while (y < h && p < data.length) {
    let c = data[p++] ?? 0
    let n = 1
    if ((c & 0xc0) === 0xc0) {
      n = c & 0x3f
      c = data[p++] ?? 0
    }
    // NESASM's do/while runs the body once even for a count of 0 (then wraps); keep it bounded
    if (n === 0) n = 64
    while (n-- > 0) {
      x++
      if (o < out.length) out[o++] = c
      if (x === w) {
        x = 0
        y++
      }
    }
  }
}

function decodeRle16(data: Uint8Array, out: Uint8Array, w: number, h: number, np: number): void {
  const planes = new Uint8Array(128 * 4)
  let p = 128
  let o = 0
  let x = 0
  let y = 0
  let plane = 0
  const bytesPerRow = (w + 7) >> 3
  while (y < h && p < data.length) {
    let c = data[p++] ?? 0
    let n = 1
    if ((c & 0xc0) === 0xc0) {
      n = c & 0x3f
      c = data[p++] ?? 0
    }
    if (n === 0) n = 64
    while (n-- > 0) {
      planes[(x >> 3) * 4 + plane] = c
      x += 8
      if (x >= w) {
        x = 0
        plane++
        if (plane === np) {
          plane = 0
          y++
          let px = 0
          for (let j = 0; j < bytesPerRow; j++) {
            for (let k = 7; k >= 0; k--) {
              let pix = 0
              for (let q = np - 1; q >= 0; q--) pix |= ((planes[j * 4 + q]! >> k) & 1) << q
              if (px < w && o < out.length) out[o++] = pix
              px++
            }
          }
        }
      }
    }
  }
}

/** Packs the 8x8 block at (x, y) as a NES tile: bit 0 of each index to plane 0, bit 1 to plane 1. */
export function packTile(img: PcxImage, x: number, y: number, out: Uint8Array): void {
  out.fill(0)
  for (let i = 0; i < 8; i++) {
    const row = (y + i) * img.width + x
    for (let j = 0; j < 8; j++) {
      const pixel = img.pixels[row + (j ^ 7)] ?? 0
      if (pixel & 1) out[i] = (out[i] ?? 0) | (1 << j)
      if (pixel & 2) out[i + 8] = (out[i + 8] ?? 0) | (1 << j)
    }
  }
}
