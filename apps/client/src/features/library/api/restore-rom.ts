// POST /api/roms/:id/restore: the Undo of a delete, within the server's undo window (ROM_DELETE_UNDO_MS).
// The list refetches, so the entry comes back in its place for the current search and order.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RomEntry, RomRestoreResponse } from '@nes-studio/shared'
import { apiRequest } from '../../../lib/api-client'
import { announceLibraryChange } from '../../../lib/library-changes'
import { ROMS_QUERY_KEY } from './roms-query-key'

export async function restoreRom(id: string): Promise<RomEntry> {
  const res = await apiRequest('POST', `${ROMS_QUERY_KEY[0]}/${encodeURIComponent(id)}/restore`)
  return ((await res.json()) as RomRestoreResponse).rom
}

export function useRestoreRom() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: restoreRom,
    // Undo has a deadline: offline it fails at once with a message instead of waiting, paused, until the
    // server has dropped the ROM for good.
    networkMode: 'always',
    onSettled: () => announceLibraryChange(queryClient),
  })
}
