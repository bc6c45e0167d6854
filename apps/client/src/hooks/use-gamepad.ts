// Gamepad play (Gamepad API, standard mapping) while a game runs: polls once per animation frame and
// reports only changes.
import { useEffect } from 'react'
import type { NesButton } from '../../../emulator/types'
import { gamepadButtons } from '../../../emulator/key-map'

export function useGamepad(
  isActive: boolean,
  onButton: (button: NesButton, down: boolean) => void,
): void {
  useEffect(() => {
    if (!isActive || typeof navigator.getGamepads !== 'function') return
    let held = new Set<NesButton>()
    let frame = 0
    const poll = () => {
      const next = new Set<NesButton>()
      for (const pad of navigator.getGamepads()) {
        if (pad?.connected) for (const b of gamepadButtons(pad.buttons, pad.axes)) next.add(b)
      }
      for (const button of next) if (!held.has(button)) onButton(button, true)
      for (const button of held) if (!next.has(button)) onButton(button, false)
      held = next
      frame = requestAnimationFrame(poll)
    }
    frame = requestAnimationFrame(poll)
    return () => {
      cancelAnimationFrame(frame)
      for (const button of held) onButton(button, false)
    }
  }, [isActive, onButton])
}
