// The one place that talks HTTP to our server: non-2xx responses become an ApiError whose message follows
// the spec ("<status>: <body text>", status text when the body is empty).

/** Error thrown for any non-2xx response; `code` comes from the server's `{error:{code}}` body when present. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
  }
}

function codeFromBody(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const error = (parsed as { error?: { code?: unknown } }).error
      if (typeof error?.code === 'string') return error.code
    }
  } catch {
    // Not JSON: the code falls back to the generic one below.
  }
  return 'HttpError'
}

/** Throws an ApiError when `res` is not 2xx; otherwise returns nothing. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = (await res.text()) || res.statusText
  throw new ApiError(res.status, codeFromBody(text), `${res.status}: ${text}`)
}

/**
 * Sends a request with credentials. A FormData body goes as multipart; any other body is sent as JSON.
 * Resolves with the response when it is 2xx, otherwise rejects with ApiError.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  init?: RequestInit,
): Promise<Response> {
  const headers = new Headers(init?.headers)
  let payload: BodyInit | undefined
  if (body instanceof FormData) {
    payload = body
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json')
    payload = JSON.stringify(body)
  }
  const res = await fetch(url, { ...init, method, headers, body: payload, credentials: 'include' })
  await throwIfResNotOk(res)
  return res
}

/** GET `url` and parse the JSON body. */
export async function apiGetJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await apiRequest('GET', url, undefined, init)
  return (await res.json()) as T
}
