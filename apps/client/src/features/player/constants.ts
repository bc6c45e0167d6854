// Business constants of the player (spec section 9).

/** Smallest file the player will try to start, in bytes. */
export const MIN_ROM_BYTES = 1024
/** A dropped file starts by itself after this delay. */
export const AUTOSTART_DELAY_MS = 500
/**
 * The picture's shape: the core shows 256×224 pixels (overscan cropped) at the NES's 8:7 pixel aspect,
 * 256 × 8/7 : 224 = 64 : 49. The player.css `64 / 49` must match.
 */
export const PICTURE_ASPECT = 64 / 49
