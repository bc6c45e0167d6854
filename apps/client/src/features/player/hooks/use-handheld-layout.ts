// Which player layout fits the screen. Narrow screens (under the spec's 768 px breakpoint, or a short
// landscape window) and touch screens play "handheld": the game with the pad around it, inside one
// viewport. Everything else keeps the desktop console with the controller panel beside the library.
import { TOUCH_QUERY, useMediaQuery } from '../../../hooks/use-media-query'

export type PlayerLayout = 'desktop' | 'portrait' | 'landscape'

export const NARROW_QUERY = '(max-width: 767px), (orientation: landscape) and (max-height: 500px)'
export const PORTRAIT_QUERY = '(orientation: portrait)'

export function pickLayout(isNarrow: boolean, isTouch: boolean, isPortrait: boolean): PlayerLayout {
  if (!isNarrow && !isTouch) return 'desktop'
  return isPortrait ? 'portrait' : 'landscape'
}

export function usePlayerLayout(): PlayerLayout {
  const isNarrow = useMediaQuery(NARROW_QUERY)
  const isTouch = useMediaQuery(TOUCH_QUERY)
  const isPortrait = useMediaQuery(PORTRAIT_QUERY)
  return pickLayout(isNarrow, isTouch, isPortrait)
}
