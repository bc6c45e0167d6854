// Keyboard and gamepad maps for controllers 1 and 2, shared by the player and the studio. The spec's map
// (arrows; z = B, x = A, Shift = SELECT, Enter = START) is the default for player 1; everything can be
// rebound (see hooks/use-input-settings.ts, which keeps the user's map in the browser).
import { NES_BUTTONS } from './types'
import type { NesButton } from './types'

/** Controller port: 0 is controller 1, 1 is controller 2. */
export type PlayerIndex = 0 | 1

export const PLAYERS: readonly PlayerIndex[] = [0, 1]

/** Keys (normalised `KeyboardEvent.key` values) and gamepad button indices, per NES button. */
export type KeyBindings = Record<NesButton, string[]>
export type PadBindings = Record<NesButton, number[]>

export interface ControlBindings {
  keyboard: readonly [KeyBindings, KeyBindings]
  gamepad: readonly [PadBindings, PadBindings]
}

function emptyKeys(): KeyBindings {
  return { up: [], down: [], left: [], right: [], a: [], b: [], select: [], start: [] }
}
function emptyPad(): PadBindings {
  return { up: [], down: [], left: [], right: [], a: [], b: [], select: [], start: [] }
}

/**
 * W3C "standard" gamepad layout: face buttons 0 (bottom) and 2 (left) are B, 1 (right) and 3 (top)
 * are A, like the NES pad where A sits right of B; 8/9 are back/start; 12-15 the d-pad.
 */
const STANDARD_PAD: PadBindings = {
  b: [0, 2],
  a: [1, 3],
  select: [8],
  start: [9],
  up: [12],
  down: [13],
  left: [14],
  right: [15],
}

export const DEFAULT_BINDINGS: ControlBindings = {
  keyboard: [
    {
      up: ['ArrowUp'],
      down: ['ArrowDown'],
      left: ['ArrowLeft'],
      right: ['ArrowRight'],
      b: ['z'],
      a: ['x'],
      select: ['Shift'],
      start: ['Enter'],
    },
    emptyKeys(),
  ],
  gamepad: [STANDARD_PAD, STANDARD_PAD],
}

/** Keys the page itself uses while a game runs; they cannot be bound to a NES button. */
export const RESERVED_KEYS: Readonly<Record<string, string>> = {
  Escape: 'closes dialogs and leaves fullscreen',
  Tab: 'moves between controls',
  F2: 'is quick save',
  F4: 'is quick load',
  r: 'is rewind (hold)',
  f: 'is fast-forward',
  F5: 'reloads the page',
  F11: 'is fullscreen',
  F12: 'opens the developer tools',
}

/** One form per key: letters are lower case (so Z and z are one key), `Spacebar` is a space. */
export function normalizeKey(key: string): string {
  if (key === 'Spacebar') return ' '
  return key.length === 1 ? key.toLowerCase() : key
}

const KEY_SYMBOLS: Readonly<Record<string, string>> = {
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  ' ': 'Space',
}

/** How a key is shown to people: `z` → `Z`, `ArrowUp` → `↑`, `' '` → `Space`. */
export function keyLabel(key: string): string {
  return KEY_SYMBOLS[key] ?? (key.length === 1 ? key.toUpperCase() : key)
}

export interface BoundButton {
  player: PlayerIndex
  button: NesButton
}

/** The controller button `key` drives, or undefined. Uses `key`, so it follows the user's layout. */
export function buttonForKey(bindings: ControlBindings, key: string): BoundButton | undefined {
  const wanted = normalizeKey(key)
  for (const player of PLAYERS) {
    const map = bindings.keyboard[player]
    for (const button of NES_BUTTONS) if (map[button].includes(wanted)) return { player, button }
  }
  return undefined
}

/** The first key bound to `button` of `player`, as shown to people, or '—' when none is. */
export function keyHint(bindings: ControlBindings, button: NesButton, player: PlayerIndex = 0) {
  const key = bindings.keyboard[player][button][0]
  return key === undefined ? '—' : keyLabel(key)
}

const BUTTON_NAMES: Readonly<Record<NesButton, string>> = {
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  a: 'A',
  b: 'B',
  select: 'SELECT',
  start: 'START',
}

export function buttonName(button: NesButton): string {
  return BUTTON_NAMES[button]
}

/** One line for the page: `Keys: ↑ ↓ ← → move, Z = B, X = A, Shift = SELECT, Enter = START.` */
export function describeKeys(bindings: ControlBindings): string {
  const hint = (button: NesButton) => keyHint(bindings, button)
  const moves = (['up', 'down', 'left', 'right'] as const).map(hint).join(' ')
  const rest = (['b', 'a', 'select', 'start'] as const)
    .map((button) => `${hint(button)} = ${buttonName(button)}`)
    .join(', ')
  return `${moves} move, ${rest}`
}

/** Why `key` cannot be bound to `target`, or undefined when it can. */
export function keyBindingProblem(
  bindings: ControlBindings,
  key: string,
  target: BoundButton,
): string | undefined {
  const wanted = normalizeKey(key)
  const reserved = RESERVED_KEYS[wanted]
  if (reserved) return `${keyLabel(wanted)} ${reserved}: pick another key.`
  const owner = buttonForKey(bindings, wanted)
  if (owner && (owner.player !== target.player || owner.button !== target.button)) {
    return `${keyLabel(wanted)} is already used for Player ${owner.player + 1} ${buttonName(owner.button)}: pick another key, or rebind that one first.`
  }
  return undefined
}

function copyBindings(bindings: ControlBindings): {
  keyboard: [KeyBindings, KeyBindings]
  gamepad: [PadBindings, PadBindings]
} {
  const keys = (map: KeyBindings) => {
    const out = emptyKeys()
    for (const b of NES_BUTTONS) out[b] = [...map[b]]
    return out
  }
  const pads = (map: PadBindings) => {
    const out = emptyPad()
    for (const b of NES_BUTTONS) out[b] = [...map[b]]
    return out
  }
  return {
    keyboard: [keys(bindings.keyboard[0]), keys(bindings.keyboard[1])],
    gamepad: [pads(bindings.gamepad[0]), pads(bindings.gamepad[1])],
  }
}

/** A copy of `bindings` where `target` is driven by `key` alone (`undefined` unbinds it). */
export function withKey(
  bindings: ControlBindings,
  target: BoundButton,
  key: string | undefined,
): ControlBindings {
  const next = copyBindings(bindings)
  next.keyboard[target.player][target.button] = key === undefined ? [] : [normalizeKey(key)]
  return next
}

/** A copy of `bindings` where `target` is driven by gamepad button `index` alone (`undefined` unbinds). */
export function withPadButton(
  bindings: ControlBindings,
  target: BoundButton,
  index: number | undefined,
): ControlBindings {
  const next = copyBindings(bindings)
  for (const button of NES_BUTTONS) {
    next.gamepad[target.player][button] = next.gamepad[target.player][button].filter(
      (i) => i !== index,
    )
  }
  next.gamepad[target.player][target.button] = index === undefined ? [] : [index]
  return next
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length > 0)
}
function isIndexList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((v) => Number.isInteger(v) && v >= 0 && v < 64)
}

/**
 * Reads bindings saved by an earlier visit. Anything missing or malformed falls back to the default
 * for that button, so a damaged entry never leaves a controller without a map.
 */
export function parseBindings(value: unknown): ControlBindings {
  const next = copyBindings(DEFAULT_BINDINGS)
  if (typeof value !== 'object' || value === null) return next
  const { keyboard, gamepad } = value as { keyboard?: unknown; gamepad?: unknown }
  for (const player of PLAYERS) {
    const keys = Array.isArray(keyboard) ? (keyboard[player] as Record<string, unknown>) : undefined
    const pads = Array.isArray(gamepad) ? (gamepad[player] as Record<string, unknown>) : undefined
    for (const button of NES_BUTTONS) {
      const k = keys?.[button]
      if (isStringList(k)) next.keyboard[player][button] = k.map(normalizeKey)
      const p = pads?.[button]
      if (isIndexList(p)) next.gamepad[player][button] = [...p]
    }
  }
  return next
}

/** Left-stick deflection beyond which it counts as a d-pad direction. */
export const GAMEPAD_AXIS_THRESHOLD = 0.5

/** The set of NES buttons a gamepad currently holds (its map, left stick as d-pad). */
export function gamepadButtons(
  buttons: readonly { pressed: boolean }[],
  axes: readonly number[],
  map: PadBindings = STANDARD_PAD,
): Set<NesButton> {
  const held = new Set<NesButton>()
  for (const nes of NES_BUTTONS) {
    if (map[nes].some((index) => buttons[index]?.pressed)) held.add(nes)
  }
  const [x = 0, y = 0] = axes
  if (x <= -GAMEPAD_AXIS_THRESHOLD) held.add('left')
  if (x >= GAMEPAD_AXIS_THRESHOLD) held.add('right')
  if (y <= -GAMEPAD_AXIS_THRESHOLD) held.add('up')
  if (y >= GAMEPAD_AXIS_THRESHOLD) held.add('down')
  return held
}
