// Keyboard play while a game runs, in the player and in the studio's preview: keydown/keyup on the page
// drive controller 1. Auto-repeat is ignored, and keys typed into form fields or an editable editor (and
// shortcuts such as Ctrl+Enter) are left alone.
import { useEffect } from 'react'
import { buttonForKey } from '../emulator/key-map'
import type { NesButton } from '../emulator/types'

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

export function useGameKeys(
  isActive: boolean,
  onButton: (button: NesButton, down: boolean) => void,
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
      const down = event.type === 'keydown'
      if (down) held.add(button)
      else held.delete(button)
      onButton(button, down)
    }
    // Releasing everything on blur avoids a button stuck down after switching windows.
    const releaseAll = () => {
      for (const button of held) onButton(button, false)
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
  }, [isActive, onButton])
}
