// Keyboard play in the preview while a game runs (spec section 9: arrows, z = B, x = A, Shift = SELECT,
// Enter = START). Keys typed into the unlocked editor or a form field are left alone; while the editor is locked
// after a compile, the keyboard plays the game. Auto-repeat is ignored.
import { useEffect } from 'react'
import type { NesButton } from '../../../emulator/types'

const KEY_TO_BUTTON: Readonly<Record<string, NesButton>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  z: 'b',
  Z: 'b',
  x: 'a',
  X: 'a',
  Shift: 'select',
  Enter: 'start',
}

/** The NES button a key plays, if any. */
export function buttonForKey(key: string): NesButton | undefined {
  return KEY_TO_BUTTON[key]
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

export function useGameKeys(
  isActive: boolean,
  setButton: (button: NesButton, down: boolean) => void,
): void {
  useEffect(() => {
    if (!isActive) return
    const held = new Set<NesButton>()
    const handle = (event: KeyboardEvent) => {
      const button = buttonForKey(event.key)
      if (!button || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target))
        return
      event.preventDefault()
      if (event.repeat) return
      const isDown = event.type === 'keydown'
      if (isDown) held.add(button)
      else held.delete(button)
      setButton(button, isDown)
    }
    const releaseAll = () => {
      for (const button of held) setButton(button, false)
      held.clear()
    }
    window.addEventListener('keydown', handle)
    window.addEventListener('keyup', handle)
    window.addEventListener('blur', releaseAll)
    return () => {
      window.removeEventListener('keydown', handle)
      window.removeEventListener('keyup', handle)
      window.removeEventListener('blur', releaseAll)
      releaseAll()
    }
  }, [isActive, setButton])
}
