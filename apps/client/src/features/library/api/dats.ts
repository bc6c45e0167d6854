// /api/dats: the No-Intro style DATs that name the library's games. Importing or removing one renames
// entries, so the ROM list refetches too (here and in the site's other tabs).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DatImportResponse, DatInfo, DatListResponse } from '@nes-studio/shared'
import { apiGetJson, apiRequest, throwIfResNotOk } from '../../../lib/api-client'
import { announceLibraryChange } from '../../../lib/library-changes'

const DATS_PATH = '/api/dats'
export const DATS_QUERY_KEY = [DATS_PATH] as const

export function useDats() {
  return useQuery({
    queryKey: DATS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiGetJson<DatListResponse>(DATS_PATH, { signal })).dats as DatInfo[],
  })
}

/** Sends the DAT file as the request body, as the server reads it (no form around it). */
export async function importDat(file: File): Promise<DatImportResponse> {
  const res = await fetch(DATS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream' },
    body: file,
    credentials: 'include',
  })
  await throwIfResNotOk(res)
  return (await res.json()) as DatImportResponse
}

export async function removeDat(id: string): Promise<void> {
  await apiRequest('DELETE', `${DATS_PATH}/${encodeURIComponent(id)}`)
}

function useDatChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: DATS_QUERY_KEY })
      await announceLibraryChange(queryClient)
    },
  })
}

export const useImportDat = () => useDatChange(importDat)
export const useRemoveDat = () => useDatChange(removeDat)
