import { describe, expect, it } from 'vitest'
import { decodeCoreBundle, encodeCoreBundle, isCoreBundle } from './core-bundle'

describe('core bundle', () => {
  it('round-trips files, including empty ones', () => {
    const files = {
      'core.json': new TextEncoder().encode('{"name":"fceumm"}'),
      'fceumm_libretro.wasm': Uint8Array.from([0, 97, 115, 109, 1, 0, 0, 0]),
      'empty.txt': new Uint8Array(0),
    }
    const bundle = encodeCoreBundle(files)
    expect(isCoreBundle(bundle)).toBe(true)
    // Compared as plain arrays: jsdom's TextEncoder returns another realm's Uint8Array.
    const plain = (f: Record<string, Uint8Array>) =>
      Object.fromEntries(Object.entries(f).map(([name, data]) => [name, Array.from(data)]))
    expect(plain(decodeCoreBundle(bundle))).toEqual(plain(files))
  })

  it('does not mistake a ROM or a 7z archive for a bundle', () => {
    expect(isCoreBundle(Uint8Array.from([0x4e, 0x45, 0x53, 0x1a, 1, 1, 0, 0, 0, 0, 0, 0]))).toBe(
      false,
    )
    expect(isCoreBundle(Uint8Array.from([55, 122, 188, 175, 39, 28, 0, 4, 0, 0, 0, 0]))).toBe(false)
    expect(() => decodeCoreBundle(new Uint8Array(4))).toThrow('Not a core bundle')
  })

  it('rejects a truncated bundle', () => {
    const bundle = encodeCoreBundle({ a: new Uint8Array(100) })
    expect(() => decodeCoreBundle(bundle.subarray(0, bundle.length - 1))).toThrow('Truncated')
  })
})
