// Business constants of the player (spec section 9).

/** Smallest file the player will try to start, in bytes. */
export const MIN_ROM_BYTES = 1024
/** A dropped file starts by itself after this delay. */
export const AUTOSTART_DELAY_MS = 500
/**
 * The picture's width : height for each shape: the core shows 256×224 pixels (overscan cropped), square
 * (256 : 224 = 8 : 7) or stretched as a TV did (fceumm's "PP" and "4:3"; its 4:3 is of the whole 240-line
 * frame, so the 224 lines shown are 10 : 7). handheld.css sizes the screen by it.
 */
export const PICTURE_RATIO = { square: 8 / 7, '4:3': 10 / 7 } as const
