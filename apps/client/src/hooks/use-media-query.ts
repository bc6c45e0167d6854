// Whether a CSS media query matches now, updated when it changes (rotation, resize, a mouse plugged in).
import { useCallback, useSyncExternalStore } from 'react'

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** A screen whose main pointer is a finger (a phone, a tablet, a touch laptop). */
export const TOUCH_QUERY = '(any-pointer: coarse)'
