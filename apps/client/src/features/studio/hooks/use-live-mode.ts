// Live mode (off by default): rebuild 300 ms after the last edit; the preview restarts only when the ROM bytes
// changed, and keeps the old game's picture until the new one shows (no flash). Errors leave the game running;
// the problems panel shows them.
import { useEffect, useRef, useState } from 'react'
import type { CompileOutcome } from '../build/compile-result'
import type { Project } from '../project/project-files'

export const LIVE_DELAY_MS = 300

export function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false
  return true
}

interface LiveModeOptions {
  files: Project['files']
  /** The project with missing referenced files added (the same as before a compile). */
  current: () => Project
  build: (project: Project) => Promise<CompileOutcome>
  /** The ROM running now (from a compile or a live build). */
  rom: Uint8Array | undefined
  onRom: (rom: Uint8Array) => void
  swap: (rom: Uint8Array) => Promise<boolean>
}

export function useLiveMode(options: LiveModeOptions) {
  const [isLive, setIsLive] = useState(false)
  const latest = useRef(options)
  latest.current = options
  const generation = useRef(0)

  useEffect(() => {
    if (!isLive) return
    generation.current += 1
    const mine = generation.current
    const timer = setTimeout(() => {
      void (async () => {
        const { build, current } = latest.current
        const outcome = await build(current())
        // A newer edit started its own build: this one's ROM is already stale.
        if (mine !== generation.current || !outcome.ok) return
        if (sameBytes(outcome.rom, latest.current.rom)) return
        latest.current.onRom(outcome.rom)
        await latest.current.swap(outcome.rom)
      })()
    }, LIVE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [options.files, isLive])

  return { isLive, setIsLive }
}
