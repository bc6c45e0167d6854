import { describe, expect, it } from 'vitest'
import { FILE_WAIT_BACKOFF, backoffDelay, waitFor } from './retry'

describe('file wait backoff', () => {
  it('starts at 100 ms, doubles, and caps at 1 s over 31 attempts', () => {
    const delays = Array.from({ length: FILE_WAIT_BACKOFF.attempts }, (_, i) =>
      backoffDelay(i, FILE_WAIT_BACKOFF),
    )
    expect(delays.slice(0, 5)).toEqual([100, 200, 400, 800, 1000])
    expect(delays).toHaveLength(31)
    expect(Math.max(...delays)).toBe(1000)
  })

  it('returns the first defined value and gives up after the last attempt', async () => {
    let calls = 0
    const fast = { attempts: 5, initialDelayMs: 1, maxDelayMs: 2 }
    await expect(waitFor(() => (++calls === 3 ? 'found' : undefined), fast)).resolves.toBe('found')
    await expect(waitFor(() => undefined, fast)).rejects.toThrow('Gave up after 5 attempts')
  })
})
