// The player's controller: a click on an on-screen button presses it for 100 ms through the game instance
// (and lights it for 150 ms), as the spec says. The desktop layout shows the pad's three groups
// (components/nes-pad.tsx) in the "Game Controls" panel; the handheld layout places them around the screen.
import { ActionButtons, Dpad, SystemButtons } from '../../../components/nes-pad'
import type { PadProps } from '../../../components/nes-pad'
import { getGameInstance } from '../../../emulator/game-instance'
import type { NesButton } from '../../../emulator/types'
import { PRESS_DURATION_MS } from '../../../lib/pad-timing'

export function pressOnScreenButton(button: NesButton): void {
  const game = getGameInstance()
  if (!game || typeof game.press !== 'function') {
    console.log(`Button ${button} pressed, but no game is running.`)
    return
  }
  try {
    game.press(button, PRESS_DURATION_MS)
  } catch (error) {
    console.log(`Button ${button} press failed:`, error)
  }
}

export function ControlsPanel(props: PadProps & { keysText: string; onOpenSettings: () => void }) {
  const { keysText, onOpenSettings, ...pad } = props
  return (
    <section className="panel controls" aria-labelledby="controls-title">
      <div className="controls__head">
        <h2 id="controls-title" className="panel__title">
          Game Controls
        </h2>
        <button type="button" className="btn btn--small" onClick={onOpenSettings}>
          REMAP
        </button>
      </div>
      <div className="controls__groups">
        <div className="controls__group">
          <h3 className="controls__label">MOVEMENT</h3>
          <Dpad {...pad} />
        </div>
        <div className="controls__group">
          <h3 className="controls__label">ACTIONS</h3>
          <ActionButtons {...pad} />
        </div>
        <div className="controls__group">
          <h3 className="controls__label">SYSTEM</h3>
          <SystemButtons {...pad} />
        </div>
      </div>
      <p className="controls__footer">Click buttons or use keyboard controls</p>
      <p className="controls__keys">Keys: {keysText}. Gamepads work too.</p>
    </section>
  )
}
