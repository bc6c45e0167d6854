// Keyboard play while a game runs: keydown/keyup on the page drive controller 1. Auto-repeat is ignored,
// and keys typed into form fields are left alone.
import { useEffect } from 'react'
import type { NesButton } from '../../../emulator/types'
import { buttonForKey } from '../lib/key-map'

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

export function useKeyboardControls(
  isActive: boolean,
  onButton: (button: NesButton, down: boolean) => void,
): void {
  useEffect(() => {
    if (!isActive) return
    const held = new Set<NesButton>()
    const handle = (event: KeyboardEvent) => {
      const button = buttonForKey(event.key)
      if (!button || isTypingTarget(event.target) || event.ctrlKey || event.metaKey) return
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
