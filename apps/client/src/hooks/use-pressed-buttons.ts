// Which on-screen buttons look pressed: a click lights one for 150 ms; a held key or gamepad button
// lights it until released.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { NesButton } from '../emulator/types'
import { PRESSED_HIGHLIGHT_MS } from '../lib/pad-timing'

export interface PressedButtons {
  pressed: ReadonlySet<NesButton>
  flash(button: NesButton): void
  hold(button: NesButton, down: boolean): void
}

export function usePressedButtons(): PressedButtons {
  const [pressed, setPressed] = useState<ReadonlySet<NesButton>>(new Set())
  const timers = useRef(new Map<NesButton, ReturnType<typeof setTimeout>>())

  const update = useCallback((button: NesButton, down: boolean) => {
    setPressed((current) => {
      if (current.has(button) === down) return current
      const next = new Set(current)
      if (down) next.add(button)
      else next.delete(button)
      return next
    })
  }, [])

  const flash = useCallback(
    (button: NesButton) => {
      clearTimeout(timers.current.get(button))
      update(button, true)
      timers.current.set(
        button,
        setTimeout(() => update(button, false), PRESSED_HIGHLIGHT_MS),
      )
    },
    [update],
  )

  const hold = useCallback(
    (button: NesButton, down: boolean) => {
      clearTimeout(timers.current.get(button))
      update(button, down)
    },
    [update],
  )

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
    }
  }, [])

  return { pressed, flash, hold }
}
