// "Check on both cores" from the debug panel: one debug build, then jsnes and fceumm side by side from power-on
// until the first frame whose pictures differ (emulator/debug/core-check.ts). Cancellable; one check at a time.
import { useCallback, useEffect, useRef, useState } from 'react'
import { CHECK_FRAMES, checkOnBothCores } from '../../../emulator/debug/core-check'
import type { CheckResult } from '../../../emulator/debug/first-difference'
import type { DebugBuild } from './debug-build'

export type CoreCheckState =
  | { status: 'idle' }
  | { status: 'building' }
  | { status: 'loading' }
  | { status: 'running'; frame: number; frames: number }
  | { status: 'done'; result: CheckResult }
  | { status: 'cancelled' }
  | { status: 'error'; message: string }

export function useCoreCheck(
  build: () => Promise<DebugBuild>,
  container: React.RefObject<HTMLElement | null>,
) {
  const [state, setState] = useState<CoreCheckState>({ status: 'idle' })
  const running = useRef<AbortController | null>(null)

  const start = useCallback(async () => {
    if (running.current) return
    const controller = new AbortController()
    running.current = controller
    const live = () => running.current === controller
    try {
      setState({ status: 'building' })
      const built = await build()
      if (!live()) return
      if (!built.ok) return setState({ status: 'error', message: built.message })
      const where = container.current
      if (!where) return setState({ status: 'error', message: 'The check has nowhere to run' })
      const result = await checkOnBothCores(built.rom, {
        frames: CHECK_FRAMES,
        container: where,
        signal: controller.signal,
        onProgress: (p) => {
          if (!live()) return
          if (p.phase === 'loading') setState({ status: 'loading' })
          else setState({ status: 'running', frame: p.frame, frames: CHECK_FRAMES })
        },
      })
      if (live()) setState({ status: 'done', result })
    } catch (error) {
      // a cancelled check already says so (cancel)
      if (live() && !controller.signal.aborted)
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : String(error),
        })
    } finally {
      if (live()) running.current = null
    }
  }, [build, container])

  const cancel = useCallback(() => {
    running.current?.abort()
    running.current = null
    setState({ status: 'cancelled' })
  }, [])

  useEffect(() => () => running.current?.abort(), [])

  return { state, start: () => void start(), cancel }
}
