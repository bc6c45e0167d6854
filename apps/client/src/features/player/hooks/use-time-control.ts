// Rewind (held) and fast-forward (off → 3× → as fast as possible) for the running game, and the player's
// hotkeys: F2 quick save, F4 quick load (RetroArch's keys; F5 would reload the page), R held rewinds,
// F steps fast-forward. Keys typed into fields or dialogs are left alone.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { EmulatorHost, FastForward } from '../../../emulator/types'
import { isTypingTarget } from '../../../hooks/use-game-keys'

const NEXT_SPEED: Readonly<Record<FastForward, FastForward>> = {
  off: 'x3',
  x3: 'unlimited',
  unlimited: 'off',
}

export interface TimeControl {
  fastForward: FastForward
  cycleFastForward(): void
  isRewinding: boolean
  setRewinding(on: boolean): void
}

/**
 * `refuse(what)` is true (and says why) while something turns time control off: online play, where every
 * player's game must stay the same.
 */
export function useTimeControl(
  host: EmulatorHost | undefined,
  isRunning: boolean,
  refuse: (what: string) => boolean = () => false,
): TimeControl {
  const [fastForward, setFastForward] = useState<FastForward>('off')
  const [isRewinding, setIsRewinding] = useState(false)

  useEffect(() => {
    if (isRunning) return
    setFastForward('off')
    setIsRewinding(false)
  }, [isRunning])

  const cycleFastForward = useCallback(() => {
    if (!host?.isRunning() || refuse('Fast-forward')) return
    setFastForward((speed) => {
      const next = NEXT_SPEED[speed]
      host.setFastForward(next)
      return next
    })
  }, [host, refuse])

  const setRewinding = useCallback(
    (on: boolean) => {
      if (!host?.isRunning() || (on && refuse('Rewind'))) return
      host.setRewinding(on)
      setIsRewinding(on)
    },
    [host, refuse],
  )

  return { fastForward, cycleFastForward, isRewinding, setRewinding }
}

export interface Hotkeys {
  quickSave(): void
  quickLoad(): void
  time: TimeControl
}

export function usePlayerHotkeys(isActive: boolean, keys: Hotkeys): void {
  const latest = useRef(keys)
  useEffect(() => {
    latest.current = keys
  })
  useEffect(() => {
    if (!isActive) return
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return
      const { quickSave, quickLoad, time } = latest.current
      const down = event.type === 'keydown'
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
      if (key === 'r') {
        event.preventDefault()
        if (!event.repeat) time.setRewinding(down)
        return
      }
      if (!down || event.repeat) return
      if (key === 'F2') quickSave()
      else if (key === 'F4') quickLoad()
      else if (key === 'f') time.cycleFastForward()
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('keyup', onKey)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('keyup', onKey)
      latest.current.time.setRewinding(false)
    }
  }, [isActive])
}
