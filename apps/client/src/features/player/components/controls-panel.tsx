// On-screen controller: MOVEMENT, ACTIONS and SYSTEM groups. A click presses the button for 100 ms
// through the game instance and lights it for 150 ms; without a game instance it only logs.
import { getGameInstance } from '../../../emulator/game-instance'
import type { NesButton } from '../../../emulator/types'
import { PRESS_DURATION_MS } from '../constants'
import { KEY_LABELS } from '../../../emulator/key-map'

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

interface PadButtonProps {
  button: NesButton
  label: string
  ariaLabel: string
  className: string
  pressed: ReadonlySet<NesButton>
  onPress: (button: NesButton) => void
}

function PadButton({ button, label, ariaLabel, className, pressed, onPress }: PadButtonProps) {
  const isPressed = pressed.has(button)
  return (
    <button
      type="button"
      className={`pad-btn ${className}${isPressed ? ' pad-btn--pressed' : ''}`}
      aria-label={`${ariaLabel} (${KEY_LABELS[button]})`}
      data-button={button}
      data-pressed={isPressed}
      onClick={() => onPress(button)}
    >
      {label}
    </button>
  )
}

export function ControlsPanel({
  pressed,
  onPress,
}: {
  pressed: ReadonlySet<NesButton>
  onPress: (button: NesButton) => void
}) {
  const common = { pressed, onPress }
  return (
    <section className="panel controls" aria-labelledby="controls-title">
      <h2 id="controls-title" className="panel__title">
        Game Controls
      </h2>
      <div className="controls__groups">
        <div className="controls__group">
          <h3 className="controls__label">MOVEMENT</h3>
          <div className="dpad">
            <PadButton button="up" label="▲" ariaLabel="Up" className="dpad__up" {...common} />
            <PadButton
              button="left"
              label="◀"
              ariaLabel="Left"
              className="dpad__left"
              {...common}
            />
            <span className="dpad__center" aria-hidden="true" />
            <PadButton
              button="right"
              label="▶"
              ariaLabel="Right"
              className="dpad__right"
              {...common}
            />
            <PadButton
              button="down"
              label="▼"
              ariaLabel="Down"
              className="dpad__down"
              {...common}
            />
          </div>
        </div>
        <div className="controls__group">
          <h3 className="controls__label">ACTIONS</h3>
          <div className="actions">
            <PadButton button="b" label="B" ariaLabel="B" className="round-btn" {...common} />
            <PadButton button="a" label="A" ariaLabel="A" className="round-btn" {...common} />
          </div>
        </div>
        <div className="controls__group">
          <h3 className="controls__label">SYSTEM</h3>
          <div className="system">
            <PadButton
              button="select"
              label="SELECT"
              ariaLabel="Select"
              className="pill-btn"
              {...common}
            />
            <PadButton
              button="start"
              label="START"
              ariaLabel="Start"
              className="pill-btn"
              {...common}
            />
          </div>
        </div>
      </div>
      <p className="controls__footer">Click buttons or use keyboard controls</p>
      <p className="controls__keys">
        Keys: arrows move, Z = B, X = A, Shift = SELECT, Enter = START. Gamepads work too.
      </p>
    </section>
  )
}
