import { afterEach, describe, expect, it, vi } from 'vitest'
import { offerCoreBundles, takeCoreBundle } from './core-hand-off'

const CORE_URL = '/assets/fceumm-legacy-wasm.core-test.bin'
const bytes = new Uint8Array([1, 2, 3, 4])

afterEach(() => {
  vi.unstubAllGlobals()
  delete (window as unknown as Record<string, unknown>).nesCoreBundles
})

/** Runs `read` as code in a frame of this page would: its own window, with the page as parent. */
function inFrame<T>(read: () => T): T {
  const page = window
  vi.stubGlobal('window', { parent: page })
  try {
    return read()
  } finally {
    vi.stubGlobal('window', page)
  }
}

describe('the core bundle hand-off from the page to its emulator frame', () => {
  it('gives the first frame the page’s own download, and a second frame nothing', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(bytes, { status: 200 })))
    vi.stubGlobal('fetch', fetchMock)
    offerCoreBundles([CORE_URL])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const handed = inFrame(() => takeCoreBundle(CORE_URL))
    expect(handed).toBeDefined()
    expect(new Uint8Array((await handed) ?? new ArrayBuffer(0))).toEqual(bytes)
    expect(inFrame(() => takeCoreBundle(CORE_URL))).toBeUndefined()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('offers nothing before the page downloads, for another URL, or to the page itself', () => {
    expect(inFrame(() => takeCoreBundle(CORE_URL))).toBeUndefined()
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(bytes)))
    offerCoreBundles([CORE_URL])
    expect(takeCoreBundle(CORE_URL)).toBeUndefined()
    expect(inFrame(() => takeCoreBundle('/assets/other.bin'))).toBeUndefined()
  })

  it('does not offer a failed download (the frame fetches the core itself)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('gone', { status: 404 })))
    offerCoreBundles([CORE_URL])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(inFrame(() => takeCoreBundle(CORE_URL))).toBeUndefined()
  })
})
