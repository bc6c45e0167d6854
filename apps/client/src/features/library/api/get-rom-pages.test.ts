import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RomPageResponse } from '@nes-studio/shared'
import { FIRST_ROM_PAGE_SIZE } from '@nes-studio/shared/page-render'
import indexHtml from '../../../../index.html?raw'
import { announceLibraryChange } from '../../../lib/library-changes'
import { createQueryClient } from '../../../lib/query-client'
import {
  DEFAULT_VIEW,
  mergeRomPages,
  prefetchFirstRomPage,
  romPageUrl,
  romPagesQueryKey,
  romPagesQueryOptions,
} from './get-rom-pages'
import { romEntry } from '../../../testing/rom-entry'

function mockFetch() {
  const page: RomPageResponse = { roms: [], total: 0, offset: 0, limit: FIRST_ROM_PAGE_SIZE }
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(page))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a sorted and filtered list', () => {
  it('asks the server for the order and filters, and keeps the default view under the plain key', () => {
    const view = { sort: 'played' as const, mapper: 4, region: 'USA', saves: true }
    expect(romPageUrl('zelda', 100, view)).toBe(
      '/api/roms?offset=100&limit=100&q=zelda&sort=played&mapper=4&region=USA&saves=yes',
    )
    expect(romPageUrl('', 0, { sort: 'title', mapper: 0, region: '', saves: false })).toBe(
      `/api/roms?offset=0&limit=${FIRST_ROM_PAGE_SIZE}&sort=title&mapper=0`,
    )
    expect(romPagesQueryKey('', { ...DEFAULT_VIEW })).toEqual(romPagesQueryKey(''))
    expect(romPagesQueryKey('', view)).not.toEqual(romPagesQueryKey(''))
  })
})

describe('the first page of the library', () => {
  it('is the URL index.html preloads, with credentials as the preload asks for them', () => {
    const html = new DOMParser().parseFromString(indexHtml, 'text/html')
    const preload = html.querySelector('link[rel="preload"][as="fetch"]')
    expect(preload?.getAttribute('href')).toBe(romPageUrl('', 0))
    // fetch with credentials 'include' (lib/api-client) only takes a use-credentials preload.
    expect(preload?.getAttribute('crossorigin')).toBe('use-credentials')
    expect(romPageUrl('', 0)).toBe(`/api/roms?offset=0&limit=${FIRST_ROM_PAGE_SIZE}`)
    expect(romPageUrl('mario', 40)).toBe('/api/roms?offset=40&limit=100&q=mario')
  })

  it('starts before the panel mounts, and the list hook adopts it', async () => {
    const fetchMock = mockFetch()
    const client = createQueryClient()
    prefetchFirstRomPage(client)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe(romPageUrl('', 0))
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include')
    // What useInfiniteQuery does on mount: the page is already there, no second request.
    await client.fetchInfiniteQuery(romPagesQueryOptions(''))
    expect(client.getQueryData(romPagesQueryOptions('').queryKey)?.pages[0]?.total).toBe(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('is asked for again by the list after the library changed since the page loaded', async () => {
    const fetchMock = mockFetch()
    const client = createQueryClient()
    // A page without the list (the studio) takes the preloaded page at start-up...
    prefetchFirstRomPage(client)
    await client.getQueryCache().find({ queryKey: romPagesQueryOptions('').queryKey })?.promise
    // ...then adds a ROM: the list shown later must not be the preloaded one.
    await announceLibraryChange(client)
    await client.fetchInfiniteQuery(romPagesQueryOptions(''))
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})

describe('pages fetched by offset while the library changes', () => {
  it('shows each ROM once and makes room for the newest total', () => {
    const rows = Array.from({ length: 8 }, (_, i) => romEntry({ id: `r${i}`, title: `Rom ${i}` }))
    const first: RomPageResponse = { roms: rows.slice(0, 4), offset: 0, limit: 4, total: 6 }
    // Two ROMs were uploaded elsewhere: offset 4 now starts at what was offset 2.
    const second: RomPageResponse = { roms: rows.slice(2, 6), offset: 4, limit: 4, total: 8 }
    const third: RomPageResponse = { roms: rows.slice(6, 8), offset: 8, limit: 4, total: 8 }
    const merged = mergeRomPages({ pages: [first, second, third], pageParams: [0, 4, 8] })
    expect(merged.pages.flatMap((p) => p.roms.map((r) => r.id))).toEqual(rows.map((r) => r.id))
    expect(merged.pages.map((p) => p.total)).toEqual([8, 8, 8])
  })

  it('is how the list query shows its pages', () => {
    expect(romPagesQueryOptions('').select).toBe(mergeRomPages)
  })
})
