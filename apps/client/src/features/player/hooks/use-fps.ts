// The frame rate shown on the console, sampled twice a second while a game runs.
import { useEffect, useState } from 'react'

export function useFps(host: { fps(): number } | undefined, isRunning: boolean): number {
  const [fps, setFps] = useState(0)
  useEffect(() => {
    if (!host || !isRunning) return
    const timer = setInterval(() => setFps(Math.round(host.fps())), 500)
    return () => {
      clearInterval(timer)
      setFps(0)
    }
  }, [host, isRunning])
  return fps
}
