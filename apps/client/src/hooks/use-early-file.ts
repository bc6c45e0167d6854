// A file input of a page the server rendered exists before the app's script has run, so a visitor (or
// a quick test) can choose a file that no React handler saw. Once the input is the app's, that file is
// taken as if it had just been chosen (or dropped), so nothing chosen early is lost.
import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'
import { DROPPED_ATTRIBUTE } from '../lib/play-intent'

export function useEarlyFile(
  input: RefObject<HTMLInputElement | null>,
  onFile: (file: File, how: { isDropped: boolean }) => void,
): void {
  const latest = useRef(onFile)
  latest.current = onFile
  useEffect(() => {
    const element = input.current
    const file = element?.files?.[0]
    if (!element || !file) return
    // Dropped on the page before the app ran (early-intent.ts), not picked: a drop starts by itself.
    const isDropped = element.hasAttribute(DROPPED_ATTRIBUTE)
    element.removeAttribute(DROPPED_ATTRIBUTE)
    element.value = ''
    latest.current(file, { isDropped })
  }, [input])
}
