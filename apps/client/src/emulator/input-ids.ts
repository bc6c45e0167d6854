// libretro joypad ids of the NES buttons, as EmulatorJS's simulateInput and defaultControllers use them.
import type { NesButton } from './types'

export const LIBRETRO_JOYPAD_ID: Readonly<Record<NesButton, number>> = {
  b: 0,
  select: 2,
  start: 3,
  up: 4,
  down: 5,
  left: 6,
  right: 7,
  a: 8,
}

/**
 * Keys EmulatorJS listens for when its own iframe has focus (it reads the deprecated `keyCode`).
 * Same map as the player's keyboard handler: arrows, z = B, x = A, Shift = SELECT, Enter = START.
 */
export const EMULATOR_KEY_CODES: Readonly<Record<NesButton, number>> = {
  b: 90,
  a: 88,
  select: 16,
  start: 13,
  up: 38,
  down: 40,
  left: 37,
  right: 39,
}
