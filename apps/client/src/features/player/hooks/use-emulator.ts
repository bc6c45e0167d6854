// Owns one EmulatorHost for the lifetime of the player: created on mount (the core loads on the first intent
// to play, see hooks/use-play-intent.ts),
// disposed on unmount. Leaving the page stops the game through usePlayer, which keeps its saves first.
import { useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { createEmulator } from '../../../emulator/emulator-host'
import type { EmulatorHost } from '../../../emulator/types'

export function useEmulator(container: RefObject<HTMLElement | null>): EmulatorHost | undefined {
  const [host, setHost] = useState<EmulatorHost>()
  const hostRef = useRef<EmulatorHost | undefined>(undefined)

  useEffect(() => {
    const element = container.current
    if (!element) return
    const created = createEmulator(element)
    hostRef.current = created
    setHost(created)
    return () => {
      created.dispose()
      hostRef.current = undefined
    }
  }, [container])

  return host
}
