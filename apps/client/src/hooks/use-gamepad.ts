// Gamepad play (Gamepad API, standard mapping) while a game runs: polls once per animation frame and
// reports only changes. The first connected gamepad plays controller 1, the second controller 2, each
// through its player's gamepad map.
import { useEffect } from 'react'
import { gamepadButtons, PLAYERS } from '../emulator/key-map'
import type { PlayerIndex } from '../emulator/key-map'
import type { NesButton } from '../emulator/types'
import type { ButtonHandler } from './use-game-keys'
import { getInputSettings } from './use-input-settings'

type Held = [Set<NesButton>, Set<NesButton>]

/** The NES buttons each controller's gamepad holds now (pads in index order: 1st → 1, 2nd → 2). */
export function readPads(pads: readonly (Gamepad | null)[]): Held {
  const { bindings } = getInputSettings()
  const connected = pads.filter((pad): pad is Gamepad => pad?.connected === true)
  return [0, 1].map((player) => {
    const pad = connected[player]
    return pad
      ? gamepadButtons(pad.buttons, pad.axes, bindings.gamepad[player as PlayerIndex])
      : new Set<NesButton>()
  }) as Held
}

export function useGamepad(isActive: boolean, onButton: ButtonHandler): void {
  useEffect(() => {
    if (!isActive || typeof navigator.getGamepads !== 'function') return
    let held: Held = [new Set(), new Set()]
    let frame = 0
    const poll = () => {
      const next = readPads(navigator.getGamepads())
      for (const player of PLAYERS) {
        for (const button of next[player])
          if (!held[player].has(button)) onButton(button, true, player)
        for (const button of held[player])
          if (!next[player].has(button)) onButton(button, false, player)
      }
      held = next
      frame = requestAnimationFrame(poll)
    }
    frame = requestAnimationFrame(poll)
    return () => {
      cancelAnimationFrame(frame)
      for (const player of PLAYERS)
        for (const button of held[player]) onButton(button, false, player)
    }
  }, [isActive, onButton])
}
