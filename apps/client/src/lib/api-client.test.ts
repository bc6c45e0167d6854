import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest } from './api-client'
import { createQueryClient, getQueryFn } from './query-client'

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiRequest', () => {
  it('turns a non-2xx response into ApiError "<status>: <body>" with the server code', async () => {
    stubFetch(404, JSON.stringify({ error: { code: 'RomNotFound', message: 'No ROM 7.' } }))
    const error = await apiRequest('GET', '/api/roms/7').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 404,
      code: 'RomNotFound',
      message: '404: {"error":{"code":"RomNotFound","message":"No ROM 7."}}',
    })
  })

  it('uses the status text when the body is empty', async () => {
    stubFetch(503, '', 'Service Unavailable')
    await expect(apiRequest('DELETE', '/api/roms/1')).rejects.toMatchObject({
      message: '503: Service Unavailable',
      code: 'HttpError',
    })
  })

  it('sends credentials and passes FormData through untouched', async () => {
    const fetchMock = stubFetch(201, '{}')
    const form = new FormData()
    form.set('title', 't')
    await apiRequest('POST', '/api/roms', form)
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/roms',
      expect.objectContaining({ method: 'POST', body: form, credentials: 'include' }),
    )
  })
})

describe('query defaults', () => {
  it('never goes stale, never refetches by itself and never retries', () => {
    const queries = createQueryClient().getDefaultOptions().queries
    expect(queries).toMatchObject({
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    })
  })

  it('GETs the first key element with credentials; 401 throws or returns null', async () => {
    const fetchMock = stubFetch(401, 'nope')
    const context = { queryKey: ['/api/roms'], signal: new AbortController().signal } as never
    await expect(getQueryFn({ on401: 'throw' })(context)).rejects.toMatchObject({
      message: '401: nope',
    })
    await expect(getQueryFn({ on401: 'returnNull' })(context)).resolves.toBeNull()
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/roms',
      expect.objectContaining({ credentials: 'include' }),
    )
  })
})
