// GET/POST /api/unlock: whether this library is write-protected (LIBRARY_TOKEN), and unlocking it for
// this browser session with the token (the server sets an HttpOnly cookie).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UnlockStatus } from '@nes-studio/shared'
import { apiGetJson, apiRequest } from '../lib/api-client'

const UNLOCK_PATH = '/api/unlock'

export const unlockStatusQueryOptions = () =>
  queryOptions({
    queryKey: [UNLOCK_PATH] as const,
    queryFn: () => apiGetJson<UnlockStatus>(UNLOCK_PATH),
  })

export function useUnlockStatus() {
  return useQuery(unlockStatusQueryOptions())
}

export function useUnlock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (token: string) => {
      await apiRequest('POST', UNLOCK_PATH, { token })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [UNLOCK_PATH] }),
  })
}
