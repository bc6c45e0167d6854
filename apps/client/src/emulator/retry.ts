// Polling with backoff for things that appear asynchronously (the iframe's API object).
// Spec: up to about 31 attempts, delays starting at 100 ms, doubling, capped at 1 s.

export interface BackoffOptions {
  attempts: number
  initialDelayMs: number
  maxDelayMs: number
}

export const FILE_WAIT_BACKOFF: BackoffOptions = {
  attempts: 31,
  initialDelayMs: 100,
  maxDelayMs: 1000,
}

/** Delay before attempt `n` (0-based): initial * 2^n, capped. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  return Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** attempt)
}

/**
 * Calls `probe` until it returns a value (not undefined), waiting between attempts; rejects after the
 * last attempt or when `signal` aborts.
 */
export async function waitFor<T>(
  probe: () => T | undefined,
  options: BackoffOptions = FILE_WAIT_BACKOFF,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (signal?.aborted) throw signal.reason
    const value = probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, options)))
  }
  throw new Error(`Gave up after ${options.attempts} attempts`)
}
