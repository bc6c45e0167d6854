// Loads the emulator core only when the visitor shows an intent to play (lib/play-intent.ts), so a first
// visit that only reads the library or opens the studio does not download 1.4 MB of core.
import { useEffect } from 'react'
import { watchPlayIntent } from '../lib/play-intent'

export { PLAY_INTENT } from '../lib/play-intent'

export function usePlayIntent(onIntent: (() => void) | undefined): void {
  useEffect(() => {
    if (!onIntent) return
    return watchPlayIntent(document, onIntent)
  }, [onIntent])
}
