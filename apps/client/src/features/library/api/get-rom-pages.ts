// GET /api/roms?offset=&limit=&q=: the library a page at a time (newest first), searched on the server,
// so a library of 10,000 ROMs costs the server and the browser one page per request.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { RomPageResponse } from '@nes-studio/shared'
import { apiGetJson } from '../../../lib/api-client'
import { ROMS_QUERY_KEY } from './roms-query-key'

/** Entries per request. */
export const ROM_PAGE_SIZE = 100

export function getRomPage(search: string, offset: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ offset: String(offset), limit: String(ROM_PAGE_SIZE) })
  if (search) params.set('q', search)
  return apiGetJson<RomPageResponse>(`${ROMS_QUERY_KEY[0]}?${params}`, { signal })
}

/** Under ROMS_QUERY_KEY, so invalidating the list (upload, the studio's "add") refetches the pages. */
export const romPagesQueryKey = (search: string) => [ROMS_QUERY_KEY[0], 'pages', search] as const

export const romPagesQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: romPagesQueryKey(search),
    queryFn: ({ pageParam, signal }) => getRomPage(search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.roms.length
      return last.roms.length > 0 && next < last.total ? next : undefined
    },
    // While a new search loads, the list keeps showing the previous results.
    placeholderData: keepPreviousData,
  })

export function useRomPages(search: string) {
  return useInfiniteQuery(romPagesQueryOptions(search))
}
