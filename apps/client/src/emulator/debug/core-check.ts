// Runs "Check on both cores" for a ROM: jsnes in its own debug worker and fceumm in its own hidden, muted frame
// (neither touches the studio's debugger or preview), both from power-on, one frame at a time (first-difference.ts).
import { createEmulator } from '../emulator-host'
import { EmulatorError } from '../types'
import { indicesFromFceumm, indicesFromJsnes } from './core-compare'
import { findFirstDifference } from './first-difference'
import type { CheckOptions, CheckResult, SteppedCore } from './first-difference'
import { DebugClient } from './debug-client'

export const CHECK_FRAMES = 300

export interface CoreCheckOptions extends Omit<CheckOptions, 'onProgress'> {
  /** Where the hidden fceumm frame goes (it needs a document that renders). */
  container: HTMLElement
  onProgress?: (progress: { phase: 'loading' } | { phase: 'running'; frame: number }) => void
}

function aborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return
    const fail = () => reject(new EmulatorError('Stopped', 'The check was cancelled'))
    if (signal.aborted) fail()
    signal.addEventListener('abort', fail, { once: true })
  })
}

/** Resolves with the first differing frame or "same"; rejects with an EmulatorError (e.g. a mapper jsnes lacks). */
export async function checkOnBothCores(
  rom: Uint8Array,
  options: CoreCheckOptions,
): Promise<CheckResult> {
  const debug = new DebugClient(() => undefined)
  const host = createEmulator(options.container, { keepWarm: false, exposeGlobal: false })
  host.setMuted(true)
  const cancelled = aborted(options.signal)
  cancelled.catch(() => undefined)
  try {
    options.onProgress?.({ phase: 'loading' })
    await Promise.race([
      Promise.all([debug.load(rom), host.startPaused(rom, 'check-on-both-cores.nes')]),
      cancelled,
    ])
    const jsnes: SteppedCore = {
      setButton: (button, down) => debug.setButton(button, down),
      async step() {
        await debug.runFrames(1)
        return indicesFromJsnes((await debug.picture()).pixels)
      },
    }
    const fceumm: SteppedCore = {
      setButton: (button, down) => host.setButton(button, down),
      step: () => Promise.resolve(indicesFromFceumm(host.stepFrame())),
    }
    return await Promise.race([
      findFirstDifference(jsnes, fceumm, {
        ...options,
        onProgress: (frame) => options.onProgress?.({ phase: 'running', frame }),
      }),
      cancelled,
    ])
  } finally {
    debug.dispose()
    host.dispose()
  }
}
