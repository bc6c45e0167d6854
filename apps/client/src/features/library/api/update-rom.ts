// PATCH /api/roms/:id: rename an entry or turn its header correction on or off. The list refetches here
// and in the site's other tabs, so every list shows the entry as it is now.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RomEntry, RomUpdateRequest, RomUpdateResponse } from '@nes-studio/shared'
import { apiRequest } from '../../../lib/api-client'
import { announceLibraryChange } from '../../../lib/library-changes'
import { ROMS_QUERY_KEY } from './roms-query-key'

export interface UpdateRomInput {
  id: string
  change: RomUpdateRequest
}

export async function updateRom({ id, change }: UpdateRomInput): Promise<RomEntry> {
  const res = await apiRequest('PATCH', `${ROMS_QUERY_KEY[0]}/${encodeURIComponent(id)}`, change)
  return ((await res.json()) as RomUpdateResponse).rom
}

export function useUpdateRom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRom,
    onSuccess: () => announceLibraryChange(queryClient),
  })
}
