import { describe, expect, it } from 'vitest'
import { stateHash } from './state-hash'

describe('stateHash', () => {
  it('is equal for equal states and differs when any byte differs', () => {
    const state = new Uint8Array(13_752).map((_, i) => (i * 31) & 0xff)
    const copy = new Uint8Array(state)
    expect(stateHash(state)).toBe(stateHash(copy))
    expect(stateHash(state)).toMatch(/^[0-9a-f]{16}$/)
    copy[9000] = (copy[9000] ?? 0) ^ 1
    expect(stateHash(copy)).not.toBe(stateHash(state))
  })
})
