// GET /api/roms?offset=&limit=&q=&sort=&mapper=&region=&saves=: the library a page at a time, searched,
// sorted and filtered on the server, so a library of 10,000 ROMs costs the server and the browser one
// page per request.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { RomPageResponse, RomSortKey } from '@nes-studio/shared'
import { FIRST_ROM_PAGE_SIZE } from '@nes-studio/shared/page-render'
import { apiGetJson } from '../../../lib/api-client'
import { ROMS_QUERY_KEY } from './roms-query-key'

/** Entries per request after the first. */
export const ROM_PAGE_SIZE = 100

/** How the list is sorted and filtered (the search aside); each order in the server's default direction. */
export interface RomListView {
  sort: Extract<RomSortKey, 'date' | 'title' | 'played'>
  /** The header's mapper, or undefined: any. */
  mapper?: number | undefined
  /** Part of the region ("USA"), or empty: any. */
  region: string
  /** Only entries with a battery save or a save state. */
  saves: boolean
}

/** Newest first, unfiltered: the list as the server renders it and index.html preloads it. */
export const DEFAULT_VIEW: RomListView = { sort: 'date', region: '', saves: false }

export function isDefaultView(view: RomListView): boolean {
  return view.sort === 'date' && view.mapper === undefined && !view.region && !view.saves
}

/**
 * The URL of the page at `offset`. The unsearched first page is also preloaded by index.html
 * (`<link rel="preload" as="fetch">`, for pages the server did not render), so the two must stay the
 * same string.
 */
export function romPageUrl(search: string, offset: number, view = DEFAULT_VIEW): string {
  const limit = offset === 0 ? FIRST_ROM_PAGE_SIZE : ROM_PAGE_SIZE
  const params = new URLSearchParams({ offset: String(offset), limit: String(limit) })
  if (search) params.set('q', search)
  if (view.sort !== 'date') params.set('sort', view.sort)
  if (view.mapper !== undefined) params.set('mapper', String(view.mapper))
  if (view.region) params.set('region', view.region)
  if (view.saves) params.set('saves', 'yes')
  return `${ROMS_QUERY_KEY[0]}?${params}`
}

export function getRomPage(
  search: string,
  offset: number,
  view = DEFAULT_VIEW,
  signal?: AbortSignal,
) {
  return apiGetJson<RomPageResponse>(romPageUrl(search, offset, view), { signal })
}

/**
 * Under ROMS_QUERY_KEY, so invalidating the list (upload, the studio's "add") refetches the pages. The
 * default view's key is the search alone (the key the server-rendered page is seeded under).
 */
export const romPagesQueryKey = (search: string, view = DEFAULT_VIEW) =>
  isDefaultView(view)
    ? ([ROMS_QUERY_KEY[0], 'pages', search] as const)
    : ([ROMS_QUERY_KEY[0], 'pages', search, view] as const)

/**
 * The loaded pages as the list shows them. Pages are fetched by offset while the library may change
 * (ROMs uploaded elsewhere shift later pages down), so a ROM already shown on an earlier page is dropped
 * from a later one, and every page carries the newest page's total (the rows the list makes room for).
 */
export function mergeRomPages(data: InfiniteData<RomPageResponse>): InfiniteData<RomPageResponse> {
  const seen = new Set<string>()
  const total = data.pages.at(-1)?.total ?? 0
  return {
    ...data,
    pages: data.pages.map((page) => {
      const roms = page.roms.filter((rom) => !seen.has(rom.id))
      for (const rom of roms) seen.add(rom.id)
      return { ...page, total, roms }
    }),
  }
}

export const romPagesQueryOptions = (search: string, view = DEFAULT_VIEW) =>
  infiniteQueryOptions({
    queryKey: romPagesQueryKey(search, view),
    queryFn: ({ pageParam, signal }) => getRomPage(search, pageParam, view, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.roms.length
      return last.roms.length > 0 && next < last.total ? next : undefined
    },
    select: mergeRomPages,
    // While a new search loads, the list keeps showing the previous results.
    placeholderData: keepPreviousData,
  })

export function useRomPages(search: string, view = DEFAULT_VIEW) {
  return useInfiniteQuery(romPagesQueryOptions(search, view))
}

/** The unsearched first page as the list's data, before any render (a page the server rendered with it). */
export function seedFirstRomPage(client: QueryClient, page: RomPageResponse): void {
  client.setQueryData(romPagesQueryKey(''), { pages: [page], pageParams: [0] })
}

/**
 * Starts the unsearched first page while the app is still starting: the request takes the response
 * index.html preloaded, and the list's hook then finds the query under way or done, instead of asking only
 * after React's first paint. On every page the browser renders itself, the studio's too: a preloaded
 * response nobody takes stays in the page and would answer the list's first request later (Back to Home
 * after ADD TO LIBRARY) with the library as it was when the page loaded. Taken into the query cache at once,
 * it is marked stale by any change since, and the list then asks again.
 */
export function prefetchFirstRomPage(client: QueryClient): void {
  void client.prefetchInfiniteQuery(romPagesQueryOptions(''))
}
