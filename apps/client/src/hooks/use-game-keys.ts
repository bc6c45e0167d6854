// Keyboard play while a game runs, in the player and in the studio's preview: keydown/keyup on the page
// drive controllers 1 and 2 through the user's key map. Auto-repeat is ignored, and keys typed into form
// fields, an editable editor or a dialog (and shortcuts such as Ctrl+Enter) are left alone, and so are
// Enter and Space on a focused button or link (a keyboard user's way to press it).
import { useEffect } from 'react'
import { buttonForKey, normalizeKey } from '../emulator/key-map'
import type { BoundButton, PlayerIndex } from '../emulator/key-map'
import type { NesButton } from '../emulator/types'
import { getInputSettings } from './use-input-settings'

export type ButtonHandler = (button: NesButton, down: boolean, player: PlayerIndex) => void

/** Keys typed into fields, an editable editor or a dialog are not game keys. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.closest('dialog')) return true
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** What Enter and Space act on when focused (the on-screen pad's buttons are the game's, not these). */
const CONTROL_SELECTOR = [
  'button',
  'a[href]',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="radio"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
].join(', ')

/**
 * Enter or Space on a focused control (EJECT, PAUSE, a library entry's Load… reached with Tab) presses
 * that control. On the page's body, the game's frame or the on-screen pad they stay game keys, and so on
 * `clicked`, the control last pressed with a pointer: it keeps the focus, but the player's hands are on
 * the game's keys (MUTE clicked, then Enter for START, must not mute again).
 */
export function isControlActivation(
  target: EventTarget | null,
  key: string,
  clicked: Element | null = null,
): boolean {
  if (key !== 'Enter' && key !== ' ') return false
  if (!(target instanceof Element)) return false
  const control = target.closest(CONTROL_SELECTOR)
  return control !== null && control !== clicked && !control.hasAttribute('data-button')
}

export function useGameKeys(isActive: boolean, onButton: ButtonHandler): void {
  useEffect(() => {
    if (!isActive) return
    // What each held key pressed, so its keyup releases that even if the map changed in between.
    const held = new Map<string, BoundButton>()
    // The control last pressed with a pointer, while it keeps the focus that press gave it.
    let clicked: Element | null = null
    const onPointerDown = (event: PointerEvent) => {
      clicked = event.target instanceof Element ? event.target.closest(CONTROL_SELECTOR) : null
    }
    const onFocusIn = (event: FocusEvent) => {
      if (clicked !== null && event.target !== clicked) clicked = null
    }
    const handle = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return
      const key = normalizeKey(event.key)
      const down = event.type === 'keydown'
      // A key held for the game before focus moved to a control is still released on its keyup below.
      if (down && isControlActivation(event.target, key, clicked)) return
      const bound = down ? buttonForKey(getInputSettings().bindings, key) : held.get(key)
      if (!bound) return
      event.preventDefault()
      if (event.repeat) return
      if (down) held.set(key, bound)
      else held.delete(key)
      onButton(bound.button, down, bound.player)
    }
    // Releasing everything on blur avoids a button stuck down after switching windows.
    const releaseAll = () => {
      for (const { button, player } of held.values()) onButton(button, false, player)
      held.clear()
    }
    window.addEventListener('keydown', handle)
    window.addEventListener('keyup', handle)
    window.addEventListener('blur', releaseAll)
    window.addEventListener('pointerdown', onPointerDown, true)
    window.addEventListener('focusin', onFocusIn, true)
    return () => {
      window.removeEventListener('pointerdown', onPointerDown, true)
      window.removeEventListener('focusin', onFocusIn, true)
      window.removeEventListener('keydown', handle)
      window.removeEventListener('keyup', handle)
      window.removeEventListener('blur', releaseAll)
      releaseAll()
    }
  }, [isActive, onButton])
}
