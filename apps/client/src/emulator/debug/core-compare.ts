// "Check on both cores": the same ROM and the same buttons on jsnes (the debug core) and fceumm (Run), one frame at
// a time, until the first frame whose pictures differ.
//
// The cores draw with different RGB palettes, so pictures are compared as NES colours under their colour emphasis
// ($2001 bits 5-7), entry = emphasis * 64 + colour: each core's RGB stands for the entries it draws in that RGB
// (core-palettes.ts; the nearest entry if a core ever drew another RGB), and a pixel agrees when the two cores' sets
// share an entry: the blacks ($0D-$0F, $1D-$1F, $2E, $2F, $3E, $3F), fceumm's two whites ($20, $30) and the
// emphasised entries one core draws alike (jsnes darkens all three channels for any two emphasis bits). (Mapping an emphasised colour to the nearest plain one, as this check first did,
// gave the two cores different colours: every pixel of a program that sets emphasis differed.)
//
// Alignment: fceumm shows one picture at power-on that jsnes does not (a colour set in the first NMI shows in fceumm's
// frame k + 1 and jsnes's frame k), so jsnes frame N is compared with fceumm frame N + 1. But a program can start a
// frame later on one core: jsnes emulates the race of reading $2002 on the very dot its vblank flag is set (the
// read sees 0 and the flag is lost), so a vblank wait loop whose timing meets it waits a frame more on jsnes than on
// fceumm, and every later frame is one apart. The check therefore follows the alignments 1, 0 and 2 together and
// keeps the one that agrees longest (1 on a tie); a real difference ends all three. Only the rows fceumm outputs are
// compared: it crops 8 overscan rows at the top and bottom (256×224).
import type { FramePicture } from '../types'
import { ENTRIES, FCEUMM_RGB565, jsnesRgb, rgb565ToRgb } from './core-palettes'
import type { Rgb } from './core-palettes'

export const WIDTH = 256
export const HEIGHT = 224
/** jsnes draws 240 rows; fceumm's picture starts at its row 8. */
const JSNES_TOP = 8
/** fceumm pictures before the one that matches jsnes's first frame, in the order they are preferred. */
export const LEADS = [1, 0, 2] as const
export type Lead = (typeof LEADS)[number]
/** The usual alignment (see above). */
export const FCEUMM_LEAD_FRAMES: Lead = 1

const JSNES_RGB: readonly Rgb[] = Array.from({ length: ENTRIES }, (_, i) => jsnesRgb(i))
const FCEUMM_RGB: readonly Rgb[] = FCEUMM_RGB565.map(rgb565ToRgb)
const rgbKey = ([r, g, b]: Rgb) => (r << 16) | (g << 8) | b

/**
 * One core's colours: each colour it draws gets an id, which stands for the entries it draws in that colour. The
 * id of a colour outside its table is the nearest entry's.
 */
class CoreColours {
  /** Entries by colour id. */
  readonly entries: number[][] = []
  private readonly ids = new Map<number, number>()

  constructor(
    private readonly palette: readonly Rgb[],
    keyOf: (entry: number) => number,
  ) {
    palette.forEach((_, entry) => {
      const key = keyOf(entry)
      let id = this.ids.get(key)
      if (id === undefined) {
        id = this.entries.push([]) - 1
        this.ids.set(key, id)
      }
      this.entries[id]!.push(entry)
    })
  }

  id(key: number, rgb: () => Rgb): number {
    let id = this.ids.get(key)
    if (id === undefined) {
      id = this.ids.get(this.keyOfNearest(rgb()))!
      this.ids.set(key, id)
    }
    return id
  }

  private keyOfNearest([r, g, b]: Rgb): number {
    let best = 0
    let bestDistance = Infinity
    this.palette.forEach(([pr, pg, pb], i) => {
      const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2
      if (d < bestDistance) [best, bestDistance] = [i, d]
    })
    return this.palette === JSNES_RGB ? rgbKey(JSNES_RGB[best]!) : FCEUMM_RGB565[best]!
  }
}

const jsnesColours = new CoreColours(JSNES_RGB, (entry) => rgbKey(JSNES_RGB[entry]!))
const fceummColours = new CoreColours(FCEUMM_RGB, (entry) => FCEUMM_RGB565[entry]!)

/**
 * Whether a jsnes colour id and a fceumm colour id can show the same entry (row: jsnes id). A pixel agrees when
 * they can: the blacks, fceumm's two whites and the entries one core draws alike count as one, and nothing else
 * does. (Joining every entry that either core draws alike into one class, as a first version of this did, chained
 * distinct colours together: plain $09 and $0A, for one, through their emphasised entries.)
 */
const COMPATIBLE: Uint8Array = (() => {
  const columns = fceummColours.entries.length
  const fceummIdOf = new Uint16Array(ENTRIES)
  fceummColours.entries.forEach((entries, id) => entries.forEach((e) => (fceummIdOf[e] = id)))
  const table = new Uint8Array(jsnesColours.entries.length * columns)
  jsnesColours.entries.forEach((entries, id) => {
    for (const entry of entries) table[id * columns + fceummIdOf[entry]!] = 1
  })
  return table
})()

/** The RGB to show for a jsnes colour id: the colour jsnes drew. */
export const jsnesShownRgb = (id: number): Rgb => JSNES_RGB[jsnesColours.entries[id]?.[0] ?? 0]!

/** The RGB to show for a fceumm colour id: jsnes's colour of its first entry, so agreeing pictures look alike. */
export const fceummShownRgb = (id: number): Rgb => JSNES_RGB[fceummColours.entries[id]?.[0] ?? 0]!

/** jsnes's RGBA picture (256×240) as jsnes colour ids of the rows fceumm shows (256×224). */
export function indicesFromJsnes(rgba: Uint8ClampedArray): Uint16Array {
  const out = new Uint16Array(WIDTH * HEIGHT)
  for (let i = 0; i < out.length; i++) {
    const o = (JSNES_TOP * WIDTH + i) * 4
    const rgb: Rgb = [rgba[o]!, rgba[o + 1]!, rgba[o + 2]!]
    out[i] = jsnesColours.id(rgbKey(rgb), () => rgb)
  }
  return out
}

/** fceumm's RGB565 picture (256×224) as fceumm colour ids. */
export function indicesFromFceumm(picture: FramePicture): Uint16Array {
  if (picture.width !== WIDTH || picture.height !== HEIGHT)
    throw new Error(`fceumm drew ${picture.width}×${picture.height}, not ${WIDTH}×${HEIGHT}`)
  const out = new Uint16Array(WIDTH * HEIGHT)
  for (let i = 0; i < out.length; i++) {
    const c = picture.rgb565[i]!
    out[i] = fceummColours.id(c, () => rgb565ToRgb(c))
  }
  return out
}

/** The pixels where jsnes's picture (`a`) and fceumm's (`b`) cannot show the same entry: a 0/1 mask and their count. */
export function diffPictures(a: Uint16Array, b: Uint16Array): { count: number; mask: Uint8Array } {
  const columns = fceummColours.entries.length
  const mask = new Uint8Array(a.length)
  let count = 0
  for (let i = 0; i < a.length; i++)
    if (!COMPATIBLE[a[i]! * columns + b[i]!]) {
      mask[i] = 1
      count += 1
    }
  return { count, mask }
}
