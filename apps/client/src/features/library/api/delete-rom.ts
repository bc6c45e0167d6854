// DELETE /api/roms/:id; on success the entry leaves the cached list and pages at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InfiniteData } from '@tanstack/react-query'
import type { RomListResponse, RomPageResponse } from '@nes-studio/shared'
import { apiRequest } from '../../../lib/api-client'
import { ROMS_QUERY_KEY } from './roms-query-key'

export async function deleteRom(id: string): Promise<void> {
  await apiRequest('DELETE', `${ROMS_QUERY_KEY[0]}/${encodeURIComponent(id)}`)
}

function withoutRom(
  data: InfiniteData<RomPageResponse>,
  id: string,
): InfiniteData<RomPageResponse> {
  const found = data.pages.some((page) => page.roms.some((r) => r.id === id))
  if (!found) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      total: page.total - 1,
      roms: page.roms.filter((r) => r.id !== id),
    })),
  }
}

export function useDeleteRom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRom,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<RomListResponse>(ROMS_QUERY_KEY, (data) =>
        data ? { roms: data.roms.filter((r) => r.id !== id) } : data,
      )
      // Every loaded page of every search: the entry leaves at once, and the totals shrink with it.
      queryClient.setQueriesData<InfiniteData<RomPageResponse>>(
        { queryKey: [ROMS_QUERY_KEY[0], 'pages'] },
        (data) => data && withoutRom(data, id),
      )
    },
  })
}
