// Frames per second from the emulator's own frame counter, sampled a few times a second.

const SAMPLE_MS = 250
const WINDOW_SAMPLES = 5

export function createFpsMeter(frameCount: () => number) {
  let samples: { time: number; frames: number }[] = []
  let timer: ReturnType<typeof setInterval> | undefined

  function sample(): void {
    samples.push({ time: performance.now(), frames: frameCount() })
    if (samples.length > WINDOW_SAMPLES) samples = samples.slice(-WINDOW_SAMPLES)
  }

  return {
    start(): void {
      this.stop()
      sample()
      timer = setInterval(sample, SAMPLE_MS)
    },
    stop(): void {
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
      samples = []
    },
    /** Frames per second over the last ~second; 0 before two samples exist. */
    fps(): number {
      const first = samples[0]
      const last = samples[samples.length - 1]
      if (!first || !last || last.time <= first.time) return 0
      return ((last.frames - first.frames) * 1000) / (last.time - first.time)
    },
  }
}
