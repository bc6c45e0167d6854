// On-screen controller: the d-pad, B and A, SELECT and START. A mouse click (or Enter/Space on a focused
// button) presses the button for 100 ms through the game instance and lights it for 150 ms, as the spec
// says; a finger holds it for as long as it stays (use-pad-pointers.ts). The desktop layout shows the three
// groups in the "Game Controls" panel; the handheld layout places the same pieces around the screen.
import { useCallback } from 'react'
import { getGameInstance } from '../../../emulator/game-instance'
import type { NesButton } from '../../../emulator/types'
import { PRESS_DURATION_MS } from '../constants'
import { isTouchClick, usePadPointers } from '../hooks/use-pad-pointers'
import type { ZoneResolver } from '../hooks/use-pad-pointers'
import { buttonsAt, dpadButtonsAt } from '../lib/pad-geometry'

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

export interface PadProps {
  pressed: ReadonlySet<NesButton>
  /** A click: the spec's 100 ms press. */
  onPress: (button: NesButton) => void
  /** A finger went down on (`true`) or left (`false`) a button. */
  onHold: (button: NesButton, down: boolean) => void
  /** The key shown beside each button's name, from the user's key map. */
  hints: Readonly<Record<NesButton, string>>
}

interface PadButtonProps extends PadProps {
  button: NesButton
  label: string
  ariaLabel: string
  className: string
}

function PadButton({
  button,
  label,
  ariaLabel,
  className,
  pressed,
  onPress,
  hints,
}: PadButtonProps) {
  const isPressed = pressed.has(button)
  return (
    <button
      type="button"
      className={`pad-btn ${className}${isPressed ? ' pad-btn--pressed' : ''}`}
      aria-label={`${ariaLabel} (${hints[button]})`}
      data-button={button}
      data-pressed={isPressed}
      onClick={(event) => {
        if (!isTouchClick(event)) onPress(button)
      }}
    >
      {label}
    </button>
  )
}

const resolveDpad: ZoneResolver = (x, y, zone) => dpadButtonsAt(x, y, zone.getBoundingClientRect())

function childBoxes(zone: HTMLElement) {
  return [...zone.querySelectorAll<HTMLElement>('[data-button]')].map((element) => ({
    button: element.dataset.button as NesButton,
    box: element.getBoundingClientRect(),
  }))
}

const resolveActions: ZoneResolver = (x, y, zone) =>
  buttonsAt(x, y, childBoxes(zone), { pairs: true })
const resolveSystem: ZoneResolver = (x, y, zone) => buttonsAt(x, y, childBoxes(zone))

export function Dpad(props: PadProps) {
  const pointers = usePadPointers(resolveDpad, props.onHold)
  return (
    <div className="dpad pad-zone" data-zone="dpad" {...pointers}>
      <PadButton button="up" label="▲" ariaLabel="Up" className="dpad__up" {...props} />
      <PadButton button="left" label="◀" ariaLabel="Left" className="dpad__left" {...props} />
      <span className="dpad__center" aria-hidden="true" />
      <PadButton button="right" label="▶" ariaLabel="Right" className="dpad__right" {...props} />
      <PadButton button="down" label="▼" ariaLabel="Down" className="dpad__down" {...props} />
    </div>
  )
}

export function ActionButtons(props: PadProps) {
  const pointers = usePadPointers(resolveActions, props.onHold)
  return (
    <div className="actions pad-zone" data-zone="actions" {...pointers}>
      <PadButton button="b" label="B" ariaLabel="B" className="round-btn" {...props} />
      <PadButton button="a" label="A" ariaLabel="A" className="round-btn" {...props} />
    </div>
  )
}

/** SELECT and START (`only` shows one of them, for layouts that put them apart). */
export function SystemButtons({ only, ...props }: PadProps & { only?: NesButton[] }) {
  const pointers = usePadPointers(resolveSystem, props.onHold)
  const shows = (button: NesButton) => !only || only.includes(button)
  return (
    <div className="system pad-zone" data-zone="system" {...pointers}>
      {shows('select') ? (
        <PadButton
          button="select"
          label="SELECT"
          ariaLabel="Select"
          className="pill-btn"
          {...props}
        />
      ) : null}
      {shows('start') ? (
        <PadButton button="start" label="START" ariaLabel="Start" className="pill-btn" {...props} />
      ) : null}
    </div>
  )
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

/** Vibrates briefly for a touch press where the browser can (and the user has not turned it off). */
export function useTouchFeedback(isEnabled: boolean): () => void {
  return useCallback(() => {
    if (isEnabled && typeof navigator.vibrate === 'function') navigator.vibrate(12)
  }, [isEnabled])
}
