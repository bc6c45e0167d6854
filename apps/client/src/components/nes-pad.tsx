// The on-screen NES pad: the d-pad, B and A, SELECT and START, in the player and the studio's preview. A
// mouse click (or Enter/Space on a focused button) is a short press (`onPress`, the spec's 100 ms through
// the game instance); a finger holds a button for as long as it stays (`onHold`, use-pad-pointers.ts),
// several fingers several buttons, and a finger sliding across the d-pad changes direction.
import './nes-pad.css'
import { useCallback, useMemo } from 'react'
import { getGameInstance } from '../emulator/game-instance'
import { keyHint } from '../emulator/key-map'
import { NES_BUTTONS } from '../emulator/types'
import type { NesButton } from '../emulator/types'
import { useInputSettings } from '../hooks/use-input-settings'
import { isTouchClick, usePadPointers } from '../hooks/use-pad-pointers'
import type { ZoneResolver } from '../hooks/use-pad-pointers'
import { usePressedButtons } from '../hooks/use-pressed-buttons'
import { buttonsAt, dpadButtonsAt } from '../lib/pad-geometry'
import { PRESS_DURATION_MS } from '../lib/pad-timing'

/** The spec's click on an on-screen button: pressed for 100 ms through the running game's instance. */
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

/** Vibrates briefly for a touch press where the browser can (and the user has not turned it off). */
function useTouchFeedback(isEnabled: boolean): () => void {
  return useCallback(() => {
    if (isEnabled && typeof navigator.vibrate === 'function') navigator.vibrate(12)
  }, [isEnabled])
}

/**
 * The pad's props: a click is `pressOnScreenButton`; a finger lights its button, vibrates and calls
 * `setHeld` (the game's button down or up); the hints are the key map's. `hold` lights a button held
 * some other way (a key, a gamepad).
 */
export function useNesPad(setHeld: (button: NesButton, down: boolean) => void): {
  pad: PadProps
  hold: (button: NesButton, down: boolean) => void
} {
  const settings = useInputSettings()
  const { pressed, flash, hold } = usePressedButtons()
  const vibrate = useTouchFeedback(settings.vibration)
  const onPress = useCallback(
    (button: NesButton) => {
      flash(button)
      pressOnScreenButton(button)
    },
    [flash],
  )
  const onHold = useCallback(
    (button: NesButton, down: boolean) => {
      hold(button, down)
      if (down) vibrate()
      setHeld(button, down)
    },
    [hold, vibrate, setHeld],
  )
  const hints = useMemo(
    () =>
      Object.fromEntries(NES_BUTTONS.map((b) => [b, keyHint(settings.bindings, b)])) as Record<
        NesButton,
        string
      >,
    [settings.bindings],
  )
  return { pad: { pressed, onPress, onHold, hints }, hold }
}

/**
 * The whole pad in one row: the d-pad, SELECT and START, B and A (the studio's preview on a touch
 * screen, where there are no keys to play with).
 */
export function NesPad(props: PadProps) {
  return (
    <div className="nes-pad-box">
      <div className="nes-pad" data-testid="nes-pad">
        <Dpad {...props} />
        <SystemButtons {...props} />
        <ActionButtons {...props} />
      </div>
    </div>
  )
}
