// The player's behaviour: state machine + emulator host. Starting reads the file, validates it and hands
// the bytes to the emulator; failures land in the error state with a message, never a hang.
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { EmulatorError } from '../../../emulator/types'
import type { EmulatorHost } from '../../../emulator/types'
import { AUTOSTART_DELAY_MS } from '../constants'
import { initialPlayerState, playerReducer } from '../lib/player-state'
import type { PlayerState } from '../lib/player-state'
import { LOAD_FAILED_MESSAGE, validateFileChoice, validateRomBytes } from '../lib/validate-rom'

export interface PlayerController {
  state: PlayerState
  /** Puts `file` in the slot (stopping any game); `autoStart` starts it after 500 ms. */
  choose(file: File, options?: { autoStart?: boolean }): boolean
  start(): void
  retry(): void
  eject(): void
  powerOff(): void
  dismissAlert(): void
}

function errorMessage(error: unknown): string {
  if (error instanceof EmulatorError || error instanceof Error)
    return error.message || LOAD_FAILED_MESSAGE
  return LOAD_FAILED_MESSAGE
}

export function usePlayer(host: EmulatorHost | undefined): PlayerController {
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState)
  const autoStart = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Each start gets a number; a result for an older one (ejected, replaced) is ignored.
  const attempt = useRef(0)

  const cancelPending = useCallback(() => {
    clearTimeout(autoStart.current)
    autoStart.current = undefined
    attempt.current += 1
  }, [])

  const startFile = useCallback(
    async (file: File) => {
      cancelPending()
      const mine = attempt.current
      dispatch({ type: 'load' })
      try {
        const bytes = new Uint8Array(await file.arrayBuffer())
        const invalid = validateRomBytes(file.name, bytes)
        if (invalid) throw new Error(invalid)
        if (!host) throw new Error(LOAD_FAILED_MESSAGE)
        await host.start(bytes, file.name)
        if (attempt.current === mine) dispatch({ type: 'started' })
      } catch (error) {
        if (attempt.current !== mine) return
        host?.stop()
        dispatch({ type: 'failed', message: errorMessage(error) })
      }
    },
    [host, cancelPending],
  )

  const choose = useCallback(
    (file: File, options: { autoStart?: boolean } = {}) => {
      const invalid = validateFileChoice(file.name)
      if (invalid) {
        dispatch({ type: 'reject', message: invalid })
        return false
      }
      cancelPending()
      host?.stop()
      dispatch({ type: 'choose', file })
      if (options.autoStart) {
        autoStart.current = setTimeout(() => void startFile(file), AUTOSTART_DELAY_MS)
      }
      return true
    },
    [host, cancelPending, startFile],
  )

  const { file } = state
  const start = useCallback(() => {
    if (file) void startFile(file)
  }, [file, startFile])

  const stopAnd = useCallback(
    (type: 'eject' | 'powerOff' | 'retry') => {
      cancelPending()
      host?.stop()
      dispatch({ type })
    },
    [host, cancelPending],
  )

  useEffect(() => () => clearTimeout(autoStart.current), [])

  return {
    state,
    choose,
    start,
    retry: useCallback(() => stopAnd('retry'), [stopAnd]),
    eject: useCallback(() => stopAnd('eject'), [stopAnd]),
    powerOff: useCallback(() => stopAnd('powerOff'), [stopAnd]),
    dismissAlert: useCallback(() => dispatch({ type: 'dismissAlert' }), []),
  }
}
