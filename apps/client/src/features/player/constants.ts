// Business constants of the player (spec section 9).

/** Smallest file the player will try to start, in bytes. */
export const MIN_ROM_BYTES = 1024
/** A dropped file starts by itself after this delay. */
export const AUTOSTART_DELAY_MS = 500
/** How long an on-screen button holds the NES button down. */
export const PRESS_DURATION_MS = 100
/** How long an on-screen button shows as pressed. */
export const PRESSED_HIGHLIGHT_MS = 150
/** The NES picture and its scale in the player. */
export const CANVAS_WIDTH = 256
export const CANVAS_HEIGHT = 240
export const PLAYER_SCALE = 2.5
