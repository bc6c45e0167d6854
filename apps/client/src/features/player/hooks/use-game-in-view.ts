// Keeps the running game's screen in sight. It is scrolled into view when a game starts, and again while
// it runs when the view changes width or the player changes layout (a phone turned from portrait to
// landscape mid-game left the top of the screen above the view) — unless the visitor had scrolled the
// screen wholly out of sight (to the library, the Saves panel) before the change. Height-only changes
// are left alone: a phone's address bar shows and hides as the visitor scrolls.
import { useCallback, useEffect, useRef } from 'react'
import type { RefObject } from 'react'
import { revealElement } from '../../../lib/reveal'
import type { PlayerLayout } from './use-handheld-layout'

/**
 * Scrolls the console to the top of the view when the game's screen is not wholly in sight: a game
 * started from the library (below the console on a phone, and on a desktop once scrolled), or with
 * PRESS START on a phone (below the screen, so the screen is partly scrolled away) would otherwise play
 * out of sight. On a phone the console's top row, the screen and the pad then fill the view.
 */
export function revealGame(consoleElement: HTMLElement | null, screen: HTMLElement | null): void {
  revealElement(screen ?? consoleElement, { scrollTo: consoleElement, block: 'start' })
}

function isPartlyInView(element: HTMLElement | null): boolean {
  if (!element) return false
  const box = element.getBoundingClientRect()
  return box.bottom > 0 && box.top < window.innerHeight
}

export function useGameInView(
  isRunning: boolean,
  layout: PlayerLayout,
  consoleRef: RefObject<HTMLElement | null>,
  screenRef: RefObject<HTMLElement | null>,
): void {
  // Whether the visitor is watching the game (its screen at least partly in view), as of the last scroll.
  const isWatched = useRef(false)
  const reveal = useCallback(() => {
    revealGame(consoleRef.current, screenRef.current)
    isWatched.current = true
  }, [consoleRef, screenRef])

  useEffect(() => {
    if (!isRunning) return
    reveal()
    let width = window.innerWidth
    let frame = 0
    const onScroll = () => {
      isWatched.current = isPartlyInView(screenRef.current)
    }
    // The new layout is rendered by the next frame (its media queries update before frames run).
    const onResize = () => {
      if (window.innerWidth === width) return
      width = window.innerWidth
      if (!isWatched.current) return
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(reveal)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('resize', onResize)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('resize', onResize)
    }
  }, [isRunning, reveal, screenRef])

  // A layout change without a change of width (a touch screen's pointer, a media query of height).
  const shownLayout = useRef(layout)
  useEffect(() => {
    if (shownLayout.current === layout) return
    shownLayout.current = layout
    if (isRunning && isWatched.current) reveal()
  }, [layout, isRunning, reveal])
}
