// How the on-screen pad's buttons behave when clicked (spec section 9), in the player and the studio.

/** How long an on-screen button holds the NES button down. */
export const PRESS_DURATION_MS = 100
/** How long an on-screen button shows as pressed. */
export const PRESSED_HIGHLIGHT_MS = 150
