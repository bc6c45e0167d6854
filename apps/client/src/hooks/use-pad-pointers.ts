// Touch (and pen) input for one zone of the on-screen pad: every finger on the zone holds the buttons
// under it until it lifts, slides away or is cancelled. Pointer capture keeps a sliding finger's moves
// coming to the zone, so sliding across the d-pad changes direction. Several fingers — on one zone or on
// several — hold several buttons. Mouse pointers are left to the buttons' click (a 100 ms press).
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

export function usePadPointers(
  resolve: ZoneResolver,
  onHold: (button: NesButton, down: boolean) => void,
): PadPointerHandlers {
  const fingers = useRef(new Map<number, NesButton[]>())
  const held = useRef(new Set<NesButton>())
  const onHoldRef = useRef(onHold)
  useEffect(() => {
    onHoldRef.current = onHold
  }, [onHold])

  const sync = useCallback(() => {
    const next = new Set<NesButton>()
    for (const buttons of fingers.current.values()) for (const b of buttons) next.add(b)
    for (const b of held.current) if (!next.has(b)) onHoldRef.current(b, false)
    for (const b of next) if (!held.current.has(b)) onHoldRef.current(b, true)
    held.current = next
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
      if (!fingers.current.delete(event.pointerId)) return
      sync()
    },
    [sync],
  )

  useEffect(
    () => () => {
      fingers.current.clear()
      sync()
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
