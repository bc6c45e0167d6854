import { describe, expect, it } from 'vitest'
import { fromBase64, toBase64 } from './base64'

describe('base64', () => {
  it('round-trips every byte value and data longer than one 32 KiB slice', () => {
    const bytes = new Uint8Array(0x8000 * 2 + 7).map((_, i) => (i * 7) & 0xff)
    expect(fromBase64(toBase64(bytes))).toEqual(bytes)
    expect(toBase64(new Uint8Array([0, 255, 128]))).toBe('AP+A')
    expect(fromBase64('')).toEqual(new Uint8Array(0))
  })
})
