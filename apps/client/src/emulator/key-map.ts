// Keyboard and gamepad maps shared by the player and the studio (spec: arrows; z = B, x = A, Shift = SELECT, Enter = START).
import type { NesButton } from './types'

const KEY_TO_BUTTON: Readonly<Record<string, NesButton>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  z: 'b',
  Z: 'b',
  x: 'a',
  X: 'a',
  Shift: 'select',
  Enter: 'start',
}

/** The NES button a key controls, or undefined. Uses `key`, so it follows the user's layout. */
export function buttonForKey(key: string): NesButton | undefined {
  return Object.hasOwn(KEY_TO_BUTTON, key) ? KEY_TO_BUTTON[key] : undefined
}

/** Keys shown in the controls panel, by button. */
export const KEY_LABELS: Readonly<Record<NesButton, string>> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  b: 'Z',
  a: 'X',
  select: 'Shift',
  start: 'Enter',
}

/**
 * W3C "standard" gamepad layout: face buttons 0 (bottom) and 2 (left) are B, 1 (right) and 3 (top)
 * are A, like the NES pad where A sits right of B; 8/9 are back/start; 12-15 the d-pad.
 */
export const GAMEPAD_BUTTON_TO_NES: Readonly<Record<number, NesButton>> = {
  0: 'b',
  1: 'a',
  2: 'b',
  3: 'a',
  8: 'select',
  9: 'start',
  12: 'up',
  13: 'down',
  14: 'left',
  15: 'right',
}

/** Left-stick deflection beyond which it counts as a d-pad direction. */
export const GAMEPAD_AXIS_THRESHOLD = 0.5

/** The set of NES buttons a gamepad currently holds (standard mapping, left stick as d-pad). */
export function gamepadButtons(
  buttons: readonly { pressed: boolean }[],
  axes: readonly number[],
): Set<NesButton> {
  const held = new Set<NesButton>()
  buttons.forEach((button, index) => {
    const nes = GAMEPAD_BUTTON_TO_NES[index]
    if (button.pressed && nes) held.add(nes)
  })
  const [x = 0, y = 0] = axes
  if (x <= -GAMEPAD_AXIS_THRESHOLD) held.add('left')
  if (x >= GAMEPAD_AXIS_THRESHOLD) held.add('right')
  if (y <= -GAMEPAD_AXIS_THRESHOLD) held.add('up')
  if (y >= GAMEPAD_AXIS_THRESHOLD) held.add('down')
  return held
}
