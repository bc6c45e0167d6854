// NES palette indices the test ROMs use, with approximate RGB values of the 2C02 palette (close to the
// FCEUX/fceumm default palette). Tests match a frame's colour to the nearest of these, so a palette that
// differs a little still passes; the colours are chosen far apart from each other.

export type NesButtonName = 'a' | 'b' | 'select' | 'start' | 'up' | 'down' | 'left' | 'right'

/** The order the controller shift register reports buttons in. */
export const STANDARD_BUTTON_ORDER: readonly NesButtonName[] = [
  'a',
  'b',
  'select',
  'start',
  'up',
  'down',
  'left',
  'right',
]

export const NES_COLOR = {
  grey: 0x00,
  blue: 0x12,
  purple: 0x14,
  red: 0x16,
  olive: 0x18,
  green: 0x1a,
  teal: 0x1c,
  orange: 0x27,
  sky: 0x21,
  white: 0x30,
} as const

export type NesColorName = keyof typeof NES_COLOR

/** Approximate sRGB of each colour above (2C02, as most emulator palettes render it). */
export const NES_RGB: Readonly<Record<NesColorName, readonly [number, number, number]>> = {
  grey: [116, 116, 116],
  blue: [36, 56, 236],
  purple: [188, 0, 188],
  red: [220, 40, 0],
  olive: [136, 112, 0],
  green: [0, 168, 0],
  teal: [0, 128, 136],
  orange: [252, 152, 56],
  sky: [60, 188, 252],
  white: [252, 252, 252],
}

/** The colour each button switches the button ROM to (all distinct, none equal to the start colour). */
export const BUTTON_COLOR_NAMES: Readonly<Record<NesButtonName, NesColorName>> = {
  a: 'red',
  b: 'blue',
  select: 'purple',
  start: 'orange',
  up: 'green',
  down: 'teal',
  left: 'sky',
  right: 'white',
}

export const BUTTON_COLORS: Readonly<Record<NesButtonName, number>> = Object.fromEntries(
  Object.entries(BUTTON_COLOR_NAMES).map(([button, name]) => [button, NES_COLOR[name]]),
) as Record<NesButtonName, number>

/** The NES colour whose RGB is nearest to `rgb`, and how far away it is (Euclidean). */
export function nearestNesColor(rgb: readonly [number, number, number]): {
  name: NesColorName
  distance: number
} {
  let best: { name: NesColorName; distance: number } = { name: 'grey', distance: Infinity }
  for (const [name, ref] of Object.entries(NES_RGB) as [NesColorName, readonly number[]][]) {
    const distance = Math.hypot(
      rgb[0] - (ref[0] ?? 0),
      rgb[1] - (ref[1] ?? 0),
      rgb[2] - (ref[2] ?? 0),
    )
    if (distance < best.distance) best = { name, distance }
  }
  return best
}
