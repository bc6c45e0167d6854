// Touch (and pen) input for one zone of the on-screen pad: every finger on the zone holds the buttons
// under it until it lifts, slides away or is cancelled. Pointer capture keeps a sliding finger's moves
// coming to the zone, so sliding across the d-pad changes direction. Several fingers — on one zone or on
// several — hold several buttons. Mouse pointers are left to the buttons' click (a 100 ms press).
// A finger that lifts sooner still gives its buttons that 100 ms (TAP_HOLD_MS): a quick tap, its touchstart and
// touchend a few ms apart, would otherwise press and release between two frames and the game would not see it.
import { useCallback, useEffect, useRef } from 'react'
import type { PointerEvent as ReactPointerEvent } from 'react'
import type { NesButton } from '../emulator/types'

/** The buttons a finger at client position (x, y) holds on `zone`. */
export type ZoneResolver = (x: number, y: number, zone: HTMLElement) => NesButton[]

export interface PadPointerHandlers {
  onPointerDown(event: ReactPointerEvent<HTMLElement>): void
  onPointerMove(event: ReactPointerEvent<HTMLElement>): void
  onPointerUp(event: ReactPointerEvent<HTMLElement>): void
  onPointerCancel(event: ReactPointerEvent<HTMLElement>): void
  onLostPointerCapture(event: ReactPointerEvent<HTMLElement>): void
}

/** The shortest press a lifted finger gives its buttons (the spec's press duration), in ms. */
export const TAP_HOLD_MS = 100

export function usePadPointers(
  resolve: ZoneResolver,
  onHold: (button: NesButton, down: boolean) => void,
): PadPointerHandlers {
  const fingers = useRef(new Map<number, NesButton[]>())
  const held = useRef(new Set<NesButton>())
  const heldSince = useRef(new Map<NesButton, number>())
  /** Buttons of lifted fingers kept down until their TAP_HOLD_MS is over (performance.now() ms). */
  const keepUntil = useRef(new Map<NesButton, number>())
  const releaseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const onHoldRef = useRef(onHold)
  useEffect(() => {
    onHoldRef.current = onHold
  }, [onHold])

  const sync = useCallback(function sync() {
    const now = performance.now()
    const next = new Set<NesButton>()
    for (const buttons of fingers.current.values()) for (const b of buttons) next.add(b)
    let wait = 0
    for (const [b, until] of keepUntil.current) {
      if (until <= now) keepUntil.current.delete(b)
      else if (!next.has(b)) {
        next.add(b)
        wait = Math.max(wait, until - now)
      }
    }
    for (const b of held.current) if (!next.has(b)) onHoldRef.current(b, false)
    for (const b of next) {
      if (held.current.has(b)) continue
      heldSince.current.set(b, now)
      onHoldRef.current(b, true)
    }
    held.current = next
    clearTimeout(releaseTimer.current)
    if (wait > 0) releaseTimer.current = setTimeout(sync, wait)
  }, [])

  const track = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      fingers.current.set(
        event.pointerId,
        resolve(event.clientX, event.clientY, event.currentTarget),
      )
      sync()
    },
    [resolve, sync],
  )

  const lift = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const buttons = fingers.current.get(event.pointerId)
      if (!buttons) return
      fingers.current.delete(event.pointerId)
      for (const b of buttons) {
        const until = (heldSince.current.get(b) ?? 0) + TAP_HOLD_MS
        if (until > (keepUntil.current.get(b) ?? 0)) keepUntil.current.set(b, until)
      }
      sync()
    },
    [sync],
  )

  useEffect(
    () => () => {
      fingers.current.clear()
      keepUntil.current.clear()
      sync()
      clearTimeout(releaseTimer.current)
    },
    [sync],
  )

  return {
    onPointerDown(event) {
      if (event.pointerType === 'mouse') return
      event.preventDefault()
      event.currentTarget.setPointerCapture?.(event.pointerId)
      track(event)
    },
    onPointerMove(event) {
      if (fingers.current.has(event.pointerId)) track(event)
    },
    onPointerUp: lift,
    onPointerCancel: lift,
    onLostPointerCapture: lift,
  }
}

/** True for a click that a touch or pen produced (its press was already held by the pointer handlers). */
export function isTouchClick(event: { nativeEvent: Event }): boolean {
  const native = event.nativeEvent
  return (
    typeof PointerEvent !== 'undefined' &&
    native instanceof PointerEvent &&
    (native.pointerType === 'touch' || native.pointerType === 'pen')
  )
}
