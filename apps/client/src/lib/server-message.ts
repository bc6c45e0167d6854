// Pulls the server's human message out of an API error, when it has one worth showing.
import { ApiError } from './api-client'

/**
 * ApiError messages are "<status>: <body>" (spec section 8). For a 4xx whose body is our JSON error,
 * the `message` tells the visitor what to do; 5xx and network failures get the caller's default.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined
  const body = error.message.slice(error.message.indexOf(':') + 1).trim()
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } }
    const message = parsed.error?.message
    return typeof message === 'string' && message ? message : undefined
  } catch {
    return undefined
  }
}
