// GET /api/roms: the library list, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RomEntry, RomListResponse } from '@nes-studio/shared'
import { apiGetJson } from '../../../lib/api-client'
import { ROMS_QUERY_KEY } from './roms-query-key'

/** Same request and shape as the app's default query function, so either may fill this cache entry. */
export function getRoms(): Promise<RomListResponse> {
  return apiGetJson<RomListResponse>(ROMS_QUERY_KEY[0])
}

const selectRoms = (data: RomListResponse): RomEntry[] => data.roms

export const romsQueryOptions = () =>
  queryOptions({ queryKey: ROMS_QUERY_KEY, queryFn: getRoms, select: selectRoms })

export function useRoms() {
  return useQuery(romsQueryOptions())
}
