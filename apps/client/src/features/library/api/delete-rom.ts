// DELETE /api/roms/:id; on success the entry leaves the cached list at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RomListResponse } from '@nes-studio/shared'
import { apiRequest } from '../../../lib/api-client'
import { ROMS_QUERY_KEY } from './roms-query-key'

export async function deleteRom(id: string): Promise<void> {
  await apiRequest('DELETE', `${ROMS_QUERY_KEY[0]}/${encodeURIComponent(id)}`)
}

export function useDeleteRom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteRom,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<RomListResponse>(ROMS_QUERY_KEY, (data) =>
        data ? { roms: data.roms.filter((r) => r.id !== id) } : data,
      )
    },
  })
}
