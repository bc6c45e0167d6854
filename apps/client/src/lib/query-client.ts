// TanStack Query defaults of spec section 7: the default query GETs the first element of its key with
// credentials and parses JSON; 401 throws unless a query asks for null; data never goes stale by itself,
// no refetch on focus or interval, and no retries.
import { QueryClient } from '@tanstack/react-query'
import type { QueryFunction } from '@tanstack/react-query'
import { throwIfResNotOk } from './api-client'

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** Builds the default query function; `on401: 'returnNull'` makes a 401 resolve to null instead of throwing. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include', signal })
    if (options.on401 === 'returnNull' && res.status === 401) return null
    await throwIfResNotOk(res)
    return (await res.json()) as T
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}

/** The app-wide client; tests create their own with createQueryClient(). */
export const queryClient = createQueryClient()
