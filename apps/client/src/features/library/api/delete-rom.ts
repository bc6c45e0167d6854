// DELETE /api/roms/:id: the entry leaves the cached list and pages at once (before the server answers);
// a failed delete refetches them. The server keeps it restorable for ROM_DELETE_UNDO_MS (restore-rom.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { RomListResponse, RomPageResponse } from '@nes-studio/shared'
import { apiRequest } from '../../../lib/api-client'
import { tellOtherTabs } from '../../../lib/library-changes'
import { ROMS_QUERY_KEY } from './roms-query-key'

/**
 * How long the Undo toast stays, in milliseconds: the server's ROM_DELETE_UNDO_MS (kept here so the
 * browser does not load zod with rom-api.ts; delete-rom.test.ts checks they agree).
 */
export const UNDO_DELETE_MS = 10_000

export async function deleteRom(id: string): Promise<void> {
  await apiRequest('DELETE', `${ROMS_QUERY_KEY[0]}/${encodeURIComponent(id)}`)
}

/**
 * The pages without the entry. Pages after the one it was on now start one row earlier on the server, so
 * their offsets (and the next page's) move up by one: otherwise the row at each page boundary is skipped.
 */
export function withoutRom(
  data: InfiniteData<RomPageResponse>,
  id: string,
): InfiniteData<RomPageResponse> {
  const at = data.pages.findIndex((page) => page.roms.some((r) => r.id === id))
  if (at < 0) return data
  const shift = (i: number) => (i > at ? 1 : 0)
  return {
    ...data,
    pages: data.pages.map((page, i) => ({
      ...page,
      total: page.total - 1,
      offset: page.offset - shift(i),
      roms: page.roms.filter((r) => r.id !== id),
    })),
    pageParams: data.pageParams.map((param, i) =>
      typeof param === 'number' ? param - shift(i) : param,
    ),
  }
}

/** Takes the entry out of the bare list and of every loaded page of every search, totals included. */
export async function removeFromCachedLists(queryClient: QueryClient, id: string): Promise<void> {
  // A list request already on its way would put the entry back when it lands.
  await queryClient.cancelQueries({ queryKey: ROMS_QUERY_KEY })
  queryClient.setQueryData<RomListResponse>(ROMS_QUERY_KEY, (data) =>
    data ? { roms: data.roms.filter((r) => r.id !== id) } : data,
  )
  queryClient.setQueriesData<InfiniteData<RomPageResponse>>(
    { queryKey: [ROMS_QUERY_KEY[0], 'pages'] },
    (data) => data && withoutRom(data, id),
  )
}

export function useDeleteRom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRom,
    onMutate: (id) => removeFromCachedLists(queryClient, id),
    // This page took the entry out already; the site's other tabs refetch their lists.
    onSuccess: tellOtherTabs,
    onError: () => queryClient.invalidateQueries({ queryKey: ROMS_QUERY_KEY }),
  })
}
