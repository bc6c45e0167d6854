import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  base64ToBytes,
  bytesToBase64,
  decodeText,
  encodeLatin1,
  encodeText,
  looksBinary,
  stripOutOfRange,
} from './text-bytes'

describe('text-bytes', () => {
  it('strips characters above 255 and keeps the rest', () => {
    expect(stripOutOfRange('lda #$01 ; café → ok 😀')).toBe('lda #$01 ; café  ok ')
    expect([...encodeLatin1(stripOutOfRange('é\u2192A'))]).toEqual([0xe9, 0x41])
  })

  it('base64 round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40000 }), (bytes) => {
        expect([...base64ToBytes(bytesToBase64(bytes))]).toEqual([...bytes])
      }),
      { numRuns: 30 },
    )
  })

  it('decodes UTF-8 as UTF-8 and anything else as Latin-1, both re-encoding byte-exact', () => {
    const utf8 = new TextEncoder().encode('; ünïcode\n')
    const utf = decodeText(utf8)
    expect(utf.encoding).toBe('utf8')
    expect([...encodeText(utf.text, utf.encoding)]).toEqual([...utf8])
    const latin = Uint8Array.from([0x3b, 0x20, 0xe9, 0xff, 0x0a])
    const lat = decodeText(latin)
    expect(lat.encoding).toBe('latin1')
    expect([...encodeText(lat.text, lat.encoding)]).toEqual([...latin])
  })

  it('treats NUL and control bytes as binary, text controls as text', () => {
    expect(looksBinary(Uint8Array.from([0x41, 0x00]))).toBe(true)
    expect(looksBinary(Uint8Array.from([0x41, 0x01]))).toBe(true)
    expect(looksBinary(new TextEncoder().encode('a\tb\r\nc'))).toBe(false)
  })
})
