// The preview's emulator: created on the preview container, one game at a time, and a state for the panel.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { createEmulator } from '../../../emulator/emulator-host'
import type { EmulatorHost, NesButton } from '../../../emulator/types'

export const COMPILED_FILE_NAME = 'compiled-game.nes'
export const PREVIEW_ERROR_DEFAULT = 'Failed to load the compiled game.'
const STILL_TIMEOUT_MS = 300

export type PreviewState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'running' }

export function usePreview(container: RefObject<HTMLDivElement | null>) {
  const host = useRef<EmulatorHost | undefined>(undefined)
  const [state, setState] = useState<PreviewState>({ status: 'empty' })
  const runId = useRef(0)

  const getHost = useCallback((): EmulatorHost | undefined => {
    if (!host.current && container.current) host.current = createEmulator(container.current)
    return host.current
  }, [container])

  useEffect(() => {
    return () => {
      host.current?.dispose()
      host.current = undefined
    }
  }, [])

  /** Stops the running game (a new compile stops the previous game first) and shows the loading state. */
  const beginLoading = useCallback(() => {
    runId.current += 1
    host.current?.stop()
    setState({ status: 'loading' })
  }, [])

  const clear = useCallback(() => {
    runId.current += 1
    host.current?.stop()
    setState({ status: 'empty' })
  }, [])

  /** Starts the ROM as compiled-game.nes; resolves when the first frame is shown (or the start failed). */
  const run = useCallback(
    async (rom: Uint8Array): Promise<boolean> => {
      const id = runId.current
      const emulator = getHost()
      if (!emulator) {
        setState({ status: 'error', message: PREVIEW_ERROR_DEFAULT })
        return false
      }
      try {
        await emulator.start(rom, COMPILED_FILE_NAME)
        if (id === runId.current) setState({ status: 'running' })
        // start() used the idle pre-loaded frame; load the next one now, so the next compile starts at once.
        emulator.preload()
        return true
      } catch (error) {
        if (id !== runId.current) return false
        const message =
          error instanceof Error && error.message ? error.message : PREVIEW_ERROR_DEFAULT
        setState({ status: 'error', message })
        return false
      }
    },
    [getHost],
  )

  /**
   * Live mode: replaces the running game with a new ROM. The last picture of the old game stays over the screen
   * (`still`, an object URL) until the new game shows its first frame, so the preview never flashes empty.
   */
  const [still, setStill] = useState<string | undefined>(undefined)
  const swap = useCallback(
    async (rom: Uint8Array): Promise<boolean> => {
      const emulator = host.current
      let picture: string | undefined
      if (emulator && state.status === 'running') {
        // The picture is a nicety: a screenshot that does not come within 300 ms is not waited for.
        picture = await Promise.race([
          emulator.screenshot().then(
            (blob) => URL.createObjectURL(blob),
            () => undefined,
          ),
          new Promise<undefined>((resolve) => setTimeout(resolve, STILL_TIMEOUT_MS)),
        ])
      }
      setStill(picture)
      runId.current += 1
      try {
        return await run(rom)
      } finally {
        setStill(undefined)
        if (picture) URL.revokeObjectURL(picture)
      }
    },
    [run, state.status],
  )

  const preload = useCallback(() => getHost()?.preload(), [getHost])
  const setButton = useCallback(
    (button: NesButton, down: boolean, player: 0 | 1) =>
      host.current?.setButton(button, down, player),
    [],
  )

  return { state, still, beginLoading, clear, run, swap, preload, setButton }
}
