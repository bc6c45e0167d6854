// The player's behaviour: state machine + emulator host + the running game's saves. Starting reads the
// file, validates it, restores its battery save and hands the bytes to the emulator; stopping (EJECT,
// POWER, another cartridge, leaving the page) first captures the battery save and a resume state.
// Failures land in the error state with a message, never a hang.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { EmulatorError } from '../../../emulator/types'
import type { EmulatorHost } from '../../../emulator/types'
import { AUTOSTART_DELAY_MS } from '../constants'
import { initialPlayerState, playerReducer } from '../lib/player-state'
import type { PlayerState } from '../lib/player-state'
import { LOAD_FAILED_MESSAGE, validateFileChoice, validateRomBytes } from '../lib/validate-rom'
import type { CartridgeSource } from '../saves/cartridge'
import { createSaveSession } from '../saves/save-session'
import type { SaveSession } from '../saves/save-session'
import type { BatteryConflict } from '../saves/saves'
import { BATTERY_CONFLICT_MESSAGE } from '../saves/server-saves'

/** Where a cartridge comes from, and what to do once it runs. */
export interface ChooseOptions {
  autoStart?: boolean
  source?: CartridgeSource
  /** A state to load as soon as the game runs (a shared moment): its id among the cartridge's states. */
  stateId?: string
  /**
   * The game of an online room this browser joined: it runs without saves of its own (only the host's
   * browser writes battery saves) and gets its state from the room.
   */
  isRoomGuest?: boolean
}

/** The cartridge in the slot and where it came from. */
export interface Cartridge {
  file: File
  romId?: string
}

export interface PlayerController {
  state: PlayerState
  /** The running game's saves (undefined while no game runs). */
  session: SaveSession | undefined
  /** The last problem with saves (shown by the Saves panel), or undefined. */
  savesProblem: string | undefined
  /** A battery save kept in this browser that the library's newer one did not let through. */
  batteryConflict: BatteryConflict | undefined
  clearSavesProblem(): void
  /** The state to load when the game starts (from a shared link), consumed once read. */
  takePendingStateId(): string | undefined
  /** Puts `file` in the slot (stopping any game); `autoStart` starts it after 500 ms. */
  choose(file: File, options?: ChooseOptions): boolean
  /** Puts `file` in the slot and starts it now; resolves when it runs, rejects with the reason it did not. */
  playNow(file: File, options?: ChooseOptions): Promise<void>
  /** The cartridge in the slot, or undefined. */
  cartridge(): Cartridge | undefined
  start(): void
  retry(): void
  eject(): void
  powerOff(): void
  dismissAlert(): void
  /** Shows `message` as the slot's alert. */
  showProblem(message: string): void
}

function errorMessage(error: unknown): string {
  if (error instanceof EmulatorError || error instanceof Error)
    return error.message || LOAD_FAILED_MESSAGE
  return LOAD_FAILED_MESSAGE
}

/** Keeps the running game's saves when the page is hidden (a phone switching apps) or left. */
function usePageExit(host: EmulatorHost | undefined, end: (isFinal: boolean) => void): void {
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') end(false)
    }
    const onPageHide = () => {
      end(true)
      host?.stop()
    }
    document.addEventListener('visibilitychange', onHidden)
    window.addEventListener('pagehide', onPageHide)
    return () => {
      document.removeEventListener('visibilitychange', onHidden)
      window.removeEventListener('pagehide', onPageHide)
    }
  }, [host, end])
}

export function usePlayer(host: EmulatorHost | undefined): PlayerController {
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState)
  const [session, setSession] = useState<SaveSession>()
  const [savesProblem, setSavesProblem] = useState<string>()
  const [batteryConflict, setBatteryConflict] = useState<BatteryConflict>()
  const autoStart = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const sessionRef = useRef<SaveSession | undefined>(undefined)
  const chosen = useRef<ChooseOptions>({})
  // Each start gets a number; a result for an older one (ejected, replaced) is ignored.
  const attempt = useRef(0)

  const cancelPending = useCallback(() => {
    clearTimeout(autoStart.current)
    autoStart.current = undefined
    attempt.current += 1
  }, [])

  /** Keeps the battery save and a resume state of the running game (final: the game is stopping). */
  const endSession = useCallback((isFinal: boolean) => {
    const current = sessionRef.current
    if (!current) return
    void current.checkpoint({ keepResume: true, isFinal })
    if (isFinal) {
      sessionRef.current = undefined
      setSession(undefined)
    }
  }, [])

  const stopGame = useCallback(() => {
    endSession(true)
    host?.stop()
  }, [host, endSession])

  const startFile = useCallback(
    async (file: File): Promise<string | undefined> => {
      cancelPending()
      stopGame()
      const mine = attempt.current
      dispatch({ type: 'load' })
      try {
        const bytes = new Uint8Array(await file.arrayBuffer())
        const invalid = validateRomBytes(file.name, bytes)
        if (invalid) throw new Error(invalid)
        if (!host) throw new Error(LOAD_FAILED_MESSAGE)
        if (chosen.current.isRoomGuest) {
          await host.start(bytes, file.name, { batterySave: null })
          if (attempt.current !== mine) return 'The game was stopped.'
          dispatch({ type: 'started' })
          return undefined
        }
        const saves = createSaveSession(
          bytes,
          chosen.current.source ?? {},
          host,
          setSavesProblem,
          (conflict) => {
            setBatteryConflict(conflict)
            // Settled: the problem that announced it is over too.
            if (!conflict) {
              setSavesProblem((shown) => (shown === BATTERY_CONFLICT_MESSAGE ? undefined : shown))
            }
          },
        )
        const batterySave = await saves.prepare().catch((error: unknown) => {
          setSavesProblem(
            `${errorMessage(error)} The game starts without it and will not overwrite it.`,
          )
          return null
        })
        if (attempt.current !== mine) return 'The game was stopped.'
        await host.start(bytes, file.name, { batterySave })
        if (attempt.current !== mine) return 'The game was stopped.'
        saves.begin()
        sessionRef.current = saves
        setSession(saves)
        dispatch({ type: 'started' })
        return undefined
      } catch (error) {
        if (attempt.current !== mine) return 'The game was stopped.'
        host?.stop()
        dispatch({ type: 'failed', message: errorMessage(error) })
        return errorMessage(error)
      }
    },
    [host, cancelPending, stopGame],
  )

  // The autostart timer runs the latest startFile: a file dropped on a server-rendered page while it
  // hydrates is chosen in a render whose startFile still has no emulator (useEmulator creates it in an
  // effect), and that one would fail the start with LOAD_FAILED_MESSAGE half a second later.
  const latestStartFile = useRef(startFile)
  useEffect(() => {
    latestStartFile.current = startFile
  }, [startFile])

  const choose = useCallback(
    (file: File, options: ChooseOptions = {}) => {
      const invalid = validateFileChoice(file.name)
      if (invalid) {
        dispatch({ type: 'reject', message: invalid })
        return false
      }
      cancelPending()
      stopGame()
      chosen.current = options
      setSavesProblem(undefined)
      setBatteryConflict(undefined)
      dispatch({ type: 'choose', file })
      if (options.autoStart) {
        autoStart.current = setTimeout(() => void latestStartFile.current(file), AUTOSTART_DELAY_MS)
      }
      return true
    },
    [cancelPending, stopGame],
  )

  const playNow = useCallback(
    async (file: File, options: ChooseOptions = {}) => {
      if (!choose(file, options))
        throw new Error(validateFileChoice(file.name) ?? LOAD_FAILED_MESSAGE)
      const problem = await startFile(file)
      if (problem) throw new Error(problem)
    },
    [choose, startFile],
  )

  const { file } = state
  const cartridge = useCallback(
    (): Cartridge | undefined =>
      file
        ? { file, ...(chosen.current.source?.romId ? { romId: chosen.current.source.romId } : {}) }
        : undefined,
    [file],
  )
  const start = useCallback(() => {
    if (file) void startFile(file)
  }, [file, startFile])

  const stopAnd = useCallback(
    (type: 'eject' | 'powerOff' | 'retry') => {
      cancelPending()
      stopGame()
      if (type === 'eject') chosen.current = {}
      dispatch({ type })
    },
    [cancelPending, stopGame],
  )

  usePageExit(host, endSession)
  useEffect(() => () => clearTimeout(autoStart.current), [])

  return {
    state,
    session,
    savesProblem,
    batteryConflict: session ? batteryConflict : undefined,
    clearSavesProblem: useCallback(() => setSavesProblem(undefined), []),
    takePendingStateId: useCallback(() => {
      const id = chosen.current.stateId
      chosen.current = { ...chosen.current, stateId: undefined }
      return id
    }, []),
    choose,
    playNow,
    cartridge,
    start,
    retry: useCallback(() => stopAnd('retry'), [stopAnd]),
    eject: useCallback(() => stopAnd('eject'), [stopAnd]),
    powerOff: useCallback(() => stopAnd('powerOff'), [stopAnd]),
    dismissAlert: useCallback(() => dispatch({ type: 'dismissAlert' }), []),
    showProblem: useCallback((message: string) => dispatch({ type: 'reject', message }), []),
  }
}
