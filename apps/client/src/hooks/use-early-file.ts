// A file input of a page the server rendered exists before the app's script has run, so a visitor (or
// a quick test) can choose a file that no React handler saw. Once the input is the app's, that file is
// taken as if it had just been chosen, so nothing chosen early is lost.
import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

export function useEarlyFile(
  input: RefObject<HTMLInputElement | null>,
  onFile: (file: File) => void,
): void {
  const latest = useRef(onFile)
  latest.current = onFile
  useEffect(() => {
    const element = input.current
    const file = element?.files?.[0]
    if (!element || !file) return
    element.value = ''
    latest.current(file)
  }, [input])
}
