// POST /api/roms/:id/played: a game started from the library, for the "Recently played" order. Best
// effort: a failure (offline, a write-protected library) leaves the game playing and the order as it was.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../../../lib/api-client'
import { announceLibraryChange } from '../../../lib/library-changes'
import { ROMS_QUERY_KEY } from './roms-query-key'

export async function markPlayed(id: string): Promise<void> {
  await apiRequest('POST', `${ROMS_QUERY_KEY[0]}/${encodeURIComponent(id)}/played`)
}

export function useMarkPlayed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markPlayed,
    onSuccess: () => announceLibraryChange(queryClient),
  })
}
