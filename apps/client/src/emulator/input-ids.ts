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
