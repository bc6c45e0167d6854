// The controls dialog: rebind every NES button of controllers 1 and 2 for the keyboard and the gamepad,
// switch touch vibration and scanlines, or go back to the defaults. Kept in the browser
// (hooks/use-input-settings.ts). A key that is already taken, or kept by the page, is refused with a message.
import { useEffect, useRef, useState } from 'react'
import type { KeyboardEvent as ReactKeyboardEvent } from 'react'
import {
  buttonName,
  keyBindingProblem,
  keyLabel,
  normalizeKey,
  PLAYERS,
  withKey,
  withPadButton,
} from '../../../emulator/key-map'
import type { BoundButton, PlayerIndex } from '../../../emulator/key-map'
import { NES_BUTTONS } from '../../../emulator/types'
import {
  DEFAULT_INPUT_SETTINGS,
  saveInputSettings,
  useInputSettings,
} from '../../../hooks/use-input-settings'
import type { InputSettings } from '../../../hooks/use-input-settings'

type Device = 'key' | 'pad'

/** The player's own keys (use-time-control.ts); they cannot be bound to a button. */
const HOTKEYS: readonly (readonly [string, string])[] = [
  ['F2', 'Quick save'],
  ['F4', 'Quick load'],
  ['R (hold)', 'Rewind'],
  ['F', 'Fast-forward: ×1, ×3, as fast as possible'],
]
interface Listening extends BoundButton {
  device: Device
}

/** Keys that can never drive a button: modifiers are read as shortcuts, dead keys have no name. */
const UNUSABLE_KEYS = new Set(['Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'Dead', 'Unidentified'])

/** Waits for a gamepad button that was not held when listening began; returns a stop function. */
function listenForPadButton(onButton: (index: number) => void): () => void {
  if (typeof navigator.getGamepads !== 'function') return () => undefined
  const heldAtStart = new Set<string>()
  for (const pad of navigator.getGamepads()) {
    pad?.buttons.forEach((b, i) => b.pressed && heldAtStart.add(`${pad.index}:${i}`))
  }
  let frame = requestAnimationFrame(function poll() {
    for (const pad of navigator.getGamepads()) {
      const index = pad?.buttons.findIndex(
        (b, i) => b.pressed && !heldAtStart.has(`${pad.index}:${i}`),
      )
      if (index !== undefined && index >= 0) return onButton(index)
    }
    frame = requestAnimationFrame(poll)
  })
  return () => cancelAnimationFrame(frame)
}

function BindingCell(props: {
  target: BoundButton
  device: Device
  value: string
  isListening: boolean
  onListen: () => void
  onClear: () => void
}) {
  const { target, device, value, isListening } = props
  const what = `${device === 'key' ? 'Key' : 'Gamepad button'} for ${buttonName(target.button)}, player ${target.player + 1}`
  return (
    <td className="binding">
      <button
        type="button"
        className={`binding__value${isListening ? ' binding__value--listening' : ''}`}
        aria-label={what}
        onClick={props.onListen}
      >
        {isListening ? (device === 'key' ? 'Press a key…' : 'Press a button…') : value}
      </button>
      <button
        type="button"
        className="binding__clear"
        aria-label={`Clear ${what.toLowerCase()}`}
        onClick={props.onClear}
        disabled={value === '—'}
      >
        ×
      </button>
    </td>
  )
}

export function ControlsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const settings = useInputSettings()
  const [player, setPlayer] = useState<PlayerIndex>(0)
  const [listening, setListening] = useState<Listening>()
  const [message, setMessage] = useState<{ text: string; isError: boolean }>()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (isOpen && !element.open) element.showModal()
    if (!isOpen && element.open) element.close()
  }, [isOpen])

  const save = (next: InputSettings, done?: string) => {
    try {
      saveInputSettings(next)
      setMessage(done ? { text: done, isError: false } : undefined)
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), isError: true })
    }
  }

  useEffect(() => {
    if (listening?.device !== 'pad') return
    return listenForPadButton((index) => {
      setListening(undefined)
      save(
        { ...settings, bindings: withPadButton(settings.bindings, listening, index) },
        `${buttonName(listening.button)} is gamepad button ${index} now.`,
      )
    })
  })

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (listening?.device !== 'key') return
    event.preventDefault()
    event.stopPropagation()
    if (event.key === 'Escape') return setListening(undefined)
    const key = normalizeKey(event.key)
    if (UNUSABLE_KEYS.has(key)) {
      return setMessage({ text: `${key} cannot drive a button: pick another key.`, isError: true })
    }
    const problem = keyBindingProblem(settings.bindings, key, listening)
    if (problem) return setMessage({ text: problem, isError: true })
    setListening(undefined)
    save(
      { ...settings, bindings: withKey(settings.bindings, listening, key) },
      `${buttonName(listening.button)} is ${keyLabel(key)} now.`,
    )
  }

  const pads = settings.bindings.gamepad[player]
  const keys = settings.bindings.keyboard[player]
  return (
    <dialog
      ref={dialog}
      className="controls-dialog"
      aria-labelledby="controls-dialog-title"
      onClose={() => {
        setListening(undefined)
        setMessage(undefined)
        onClose()
      }}
      onCancel={(event) => {
        // Escape while waiting for a key cancels the wait, not the dialog.
        if (listening) {
          event.preventDefault()
          setListening(undefined)
        }
      }}
      onKeyDown={onKeyDown}
    >
      {/* Only while open: a closed dialog costs the page's first render nothing. */}
      {isOpen ? (
        <>
          <h2 id="controls-dialog-title" className="panel__title">
            Controls
          </h2>
          <div className="controls-dialog__players" role="group" aria-label="Controller">
            {PLAYERS.map((p) => (
              <button
                key={p}
                type="button"
                className="btn btn--small"
                aria-pressed={player === p}
                onClick={() => {
                  setPlayer(p)
                  setListening(undefined)
                }}
              >
                PLAYER {p + 1}
              </button>
            ))}
          </div>
          <p className="controls-dialog__hint">
            Pick a binding, then press the key or gamepad button for it. The first gamepad plays
            controller 1, the second controller 2.
          </p>
          <table className="controls-dialog__table">
            <thead>
              <tr>
                <th scope="col">Button</th>
                <th scope="col">Keyboard</th>
                <th scope="col">Gamepad</th>
              </tr>
            </thead>
            <tbody>
              {NES_BUTTONS.map((button) => {
                const target = { player, button }
                const cell = (device: Device, value: string) => (
                  <BindingCell
                    target={target}
                    device={device}
                    value={value}
                    isListening={
                      listening?.button === button &&
                      listening.player === player &&
                      listening.device === device
                    }
                    onListen={() => {
                      setMessage(undefined)
                      setListening({ ...target, device })
                    }}
                    onClear={() => {
                      setListening(undefined)
                      const bindings =
                        device === 'key'
                          ? withKey(settings.bindings, target, undefined)
                          : withPadButton(settings.bindings, target, undefined)
                      save({ ...settings, bindings })
                    }}
                  />
                )
                const key = keys[button][0]
                return (
                  <tr key={button}>
                    <th scope="row">{buttonName(button)}</th>
                    {cell('key', key === undefined ? '—' : keyLabel(key))}
                    {cell('pad', pads[button].length ? pads[button].join(' / ') : '—')}
                  </tr>
                )
              })}
            </tbody>
          </table>
          <p
            className={`controls-dialog__message${message?.isError ? ' controls-dialog__message--error' : ''}`}
            role={message?.isError ? 'alert' : 'status'}
          >
            {message?.text ?? ''}
          </p>
          <h3 className="controls-dialog__subtitle">Player keys</h3>
          <dl className="controls-dialog__hotkeys">
            {HOTKEYS.map(([key, what]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
          <div className="controls-dialog__options">
            <label>
              <input
                type="checkbox"
                checked={settings.vibration}
                onChange={(event) => save({ ...settings, vibration: event.target.checked })}
              />{' '}
              Vibrate on touch
            </label>
            <label>
              <input
                type="checkbox"
                checked={settings.scanlines}
                onChange={(event) => save({ ...settings, scanlines: event.target.checked })}
              />{' '}
              Scanlines
            </label>
            <label>
              <input
                type="checkbox"
                checked={settings.pictureShape === '4:3'}
                onChange={(event) =>
                  save({ ...settings, pictureShape: event.target.checked ? '4:3' : 'square' })
                }
              />{' '}
              4:3 picture (wider, as on a TV)
            </label>
          </div>
          <div className="controls-dialog__actions">
            <button
              type="button"
              className="btn btn--small"
              onClick={() => {
                setListening(undefined)
                save(DEFAULT_INPUT_SETTINGS, 'Controls are back to the defaults.')
              }}
            >
              RESET TO DEFAULTS
            </button>
            <button type="button" className="btn btn--primary btn--small" onClick={onClose}>
              DONE
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  )
}
