// Loads the emulator core only when the visitor shows an intent to play, so a first visit that only reads
// the library or opens the studio does not download 1.4 MB of core: a pointer over (or a press or focus
// on) an element marked data-play-intent — the cartridge slot, PRESS START, a library entry's load
// button, COMPILE & RUN — or a file dragged into the page.
import { useEffect } from 'react'

/** Put `{...PLAY_INTENT}` on elements whose hover, press or focus means "about to play". */
export const PLAY_INTENT = { 'data-play-intent': '' } as const

export function usePlayIntent(onIntent: (() => void) | undefined): void {
  useEffect(() => {
    if (!onIntent) return
    const onMarked = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('[data-play-intent]')) fire()
    }
    const events = ['pointerover', 'pointerdown', 'focusin'] as const
    const remove = () => {
      for (const type of events) document.removeEventListener(type, onMarked, true)
      window.removeEventListener('dragenter', fire, true)
    }
    function fire() {
      remove()
      onIntent?.()
    }
    for (const type of events) document.addEventListener(type, onMarked, true)
    window.addEventListener('dragenter', fire, true)
    return remove
  }, [onIntent])
}
