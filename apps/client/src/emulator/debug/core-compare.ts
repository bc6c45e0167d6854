// "Check on both cores": the same ROM and the same buttons on jsnes (the debug core) and fceumm (Run), one frame at
// a time, until the first frame whose pictures differ.
//
// The cores draw with different RGB palettes, so pictures are compared as NES colour indices (0-63): each core's
// RGB is mapped back through its own palette (the nearest entry when colour emphasis tints it). Indices the palettes
// cannot tell apart in either core count as one colour: the blacks ($0D-$0F, $1D-$1F, $2E, $2F, $3E, $3F) and, in
// fceumm, $20 and $30 (both white). fceumm's table below was measured from the pinned core (4.2.3) with a ROM of our
// assembler that shows each colour in turn; e2e/studio-debug.spec.ts checks it against the running core.
//
// Alignment: fceumm's first frame after power-on is one jsnes does not have (measured with that ROM: fceumm shows
// colour k on its frame k + 4, jsnes on its frame k + 3), so jsnes frame N is compared with fceumm frame N + 1. Only
// the rows fceumm outputs are compared: it crops 8 overscan rows at the top and bottom (256×224).
import type { FramePicture, NesButton } from '../types'
import { nesColor } from './nes-palette'

export const WIDTH = 256
export const HEIGHT = 224
/** jsnes draws 240 rows; fceumm's picture starts at its row 8. */
const JSNES_TOP = 8
/** fceumm frames that come before jsnes's first frame. */
export const FCEUMM_LEAD_FRAMES = 1

// prettier-ignore
/** fceumm's 64 colours as RGB565, measured from the core (EmulatorJS 4.2.3, default palette). */
export const FCEUMM_RGB565: readonly number[] = [
  0x73ae, 0x20d1, 0x0015, 0x4013, 0x880e, 0xa802, 0xa000, 0x7840, 0x4160, 0x0220, 0x0280, 0x01e2, 0x19eb, 0x0000, 0x0000, 0x0000,
  0xbdf7, 0x039d, 0x21dd, 0x801e, 0xb817, 0xe00b, 0xd940, 0xca61, 0x8b80, 0x04a0, 0x0540, 0x0487, 0x0411, 0x0000, 0x0000, 0x0000,
  0xffff, 0x3dff, 0x5cbf, 0xcc5f, 0xf3df, 0xfbb6, 0xfbac, 0xfcc7, 0xf5e7, 0x8682, 0x4ee9, 0x5fd3, 0x075b, 0x7bcf, 0x0000, 0x0000,
  0xffff, 0xaf3f, 0xc6bf, 0xd65f, 0xfe3f, 0xfe3b, 0xfdf6, 0xfed5, 0xff34, 0xe7f4, 0xaf97, 0xb7f9, 0x9ffe, 0xc638, 0x0000, 0x0000,
]

type Rgb = [number, number, number]

const rgb565ToRgb = (c: number): Rgb => [
  ((c >> 11) & 0x1f) * 8.226,
  ((c >> 5) & 0x3f) * 4.048,
  (c & 0x1f) * 8.226,
]

const JSNES_RGB: readonly Rgb[] = Array.from({ length: 64 }, (_, i) => nesColor(i))
const FCEUMM_RGB: readonly Rgb[] = FCEUMM_RGB565.map(rgb565ToRgb)

/** The smallest index of each index's class: indices either core draws alike. */
export const CANONICAL: Uint8Array = (() => {
  const parent = Uint8Array.from({ length: 64 }, (_, i) => i)
  const find = (i: number): number => (parent[i] === i ? i : find(parent[i]!))
  const same = (a: Rgb, b: Rgb) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2]
  for (let i = 0; i < 64; i++)
    for (let j = 0; j < i; j++)
      if (same(JSNES_RGB[i]!, JSNES_RGB[j]!) || FCEUMM_RGB565[i] === FCEUMM_RGB565[j]) {
        const [a, b] = [find(i), find(j)]
        parent[Math.max(a, b)] = Math.min(a, b)
      }
  return Uint8Array.from({ length: 64 }, (_, i) => find(i))
})()

function nearest(palette: readonly Rgb[], [r, g, b]: Rgb): number {
  let best = 0
  let bestDistance = Infinity
  palette.forEach(([pr, pg, pb], i) => {
    const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2
    if (d < bestDistance) [best, bestDistance] = [i, d]
  })
  return CANONICAL[best]!
}

/** Caches RGB key -> canonical index for one palette. */
function indexer(palette: readonly Rgb[]): (key: number, rgb: () => Rgb) => number {
  const cache = new Map<number, number>()
  return (key, rgb) => {
    let index = cache.get(key)
    if (index === undefined) {
      index = nearest(palette, rgb())
      cache.set(key, index)
    }
    return index
  }
}

const jsnesIndex = indexer(JSNES_RGB)
const fceummIndex = indexer(FCEUMM_RGB)

/** jsnes's RGBA picture (256×240) as canonical colour indices of the rows fceumm shows (256×224). */
export function indicesFromJsnes(rgba: Uint8ClampedArray): Uint8Array {
  const out = new Uint8Array(WIDTH * HEIGHT)
  for (let i = 0; i < out.length; i++) {
    const o = (JSNES_TOP * WIDTH + i) * 4
    const [r, g, b] = [rgba[o]!, rgba[o + 1]!, rgba[o + 2]!]
    out[i] = jsnesIndex((r << 16) | (g << 8) | b, () => [r, g, b])
  }
  return out
}

/** fceumm's RGB565 picture (256×224) as canonical colour indices. */
export function indicesFromFceumm(picture: FramePicture): Uint8Array {
  if (picture.width !== WIDTH || picture.height !== HEIGHT)
    throw new Error(`fceumm drew ${picture.width}×${picture.height}, not ${WIDTH}×${HEIGHT}`)
  const out = new Uint8Array(WIDTH * HEIGHT)
  for (let i = 0; i < out.length; i++) {
    const c = picture.rgb565[i]!
    out[i] = fceummIndex(c, () => rgb565ToRgb(c))
  }
  return out
}

/** The pixels whose colour indices differ: a 0/1 mask and their count. */
export function diffPictures(a: Uint8Array, b: Uint8Array): { count: number; mask: Uint8Array } {
  const mask = new Uint8Array(a.length)
  let count = 0
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i]) {
      mask[i] = 1
      count += 1
    }
  return { count, mask }
}

/** One core run frame by frame: a step runs one frame and answers its picture as canonical colour indices. */
export interface SteppedCore {
  setButton(button: NesButton, down: boolean): void
  step(): Promise<Uint8Array>
}

export type CheckResult =
  | { kind: 'same'; frames: number }
  | {
      kind: 'different'
      /** The frame, counted as the debugger counts (jsnes frames since power on, from 1). */
      frame: number
      jsnes: Uint8Array
      fceumm: Uint8Array
      mask: Uint8Array
      count: number
    }

export interface CheckOptions {
  frames: number
  /** Buttons held during `frame` (1-based), the same on both cores; none by default. */
  buttons?: (frame: number) => readonly NesButton[]
  onProgress?: (frame: number) => void
  signal?: AbortSignal
}

/** Steps both cores (fceumm's lead frame first) and stops at the first frame whose pictures differ. */
export async function findFirstDifference(
  jsnes: SteppedCore,
  fceumm: SteppedCore,
  options: CheckOptions,
): Promise<CheckResult> {
  for (let i = 0; i < FCEUMM_LEAD_FRAMES; i++) await fceumm.step()
  let held = new Set<NesButton>()
  for (let frame = 1; frame <= options.frames; frame++) {
    options.signal?.throwIfAborted()
    const now = new Set(options.buttons?.(frame) ?? [])
    for (const core of [jsnes, fceumm]) {
      for (const b of held) if (!now.has(b)) core.setButton(b, false)
      for (const b of now) if (!held.has(b)) core.setButton(b, true)
    }
    held = now
    const [a, b] = [await jsnes.step(), await fceumm.step()]
    const { count, mask } = diffPictures(a, b)
    if (count > 0) return { kind: 'different', frame, jsnes: a, fceumm: b, mask, count }
    options.onProgress?.(frame)
  }
  return { kind: 'same', frames: options.frames }
}
