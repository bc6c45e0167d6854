import os from 'node:os'

// Percentiles and printing for benchmark figures.
export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return NaN
  const i = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1))
  return sortedMs[i] ?? NaN
}

export interface Summary {
  count: number
  p50: number
  p90: number
  p99: number
  max: number
  mean: number
}

export function summarize(samplesMs: number[]): Summary {
  const s = [...samplesMs].sort((a, b) => a - b)
  const sum = s.reduce((a, b) => a + b, 0)
  return {
    count: s.length,
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? NaN,
    mean: sum / Math.max(1, s.length),
  }
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`

export function describeSummary(s: Summary): string {
  return `n=${s.count} p50=${fmt(s.p50)} p90=${fmt(s.p90)} p99=${fmt(s.p99)} max=${fmt(s.max)}`
}

export function machineLine(): string {
  return `node ${process.version}, ${process.platform}/${process.arch}, ${os.availableParallelism()} cores (shared)`
}
