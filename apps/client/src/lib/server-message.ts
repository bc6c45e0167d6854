// Pulls the server's human message out of an API error, when it has one worth showing.
import { ApiError } from './api-client'

/**
 * What a visitor is told when a write needs the library token. The server's own message is for scripts
 * (it names the `Authorization: Bearer <token>` header); in the app the token is typed into the unlock form.
 */
export const TOKEN_REQUIRED_MESSAGE =
  'This library is write-protected: enter the library token and press Unlock, then try again.'

/**
 * The message of our JSON error body `text` ({error: {code, message}}), as a visitor should read it, or
 * undefined when the body is not one.
 */
export function messageFromBody(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }
    const message = parsed.error?.message
    if (typeof message !== 'string' || !message) return undefined
    // Only the answer to a write without the token is meant for scripts; the unlock form's own
    // "That is not the library token" (same code) is already in a visitor's words.
    if (parsed.error?.code === 'TokenRequired' && message.includes('Authorization')) {
      return TOKEN_REQUIRED_MESSAGE
    }
    return message
  } catch {
    return undefined
  }
}

/**
 * ApiError messages are "<status>: <body>" (spec section 8). For a 4xx whose body is our JSON error,
 * the `message` tells the visitor what to do; 5xx and network failures get the caller's default.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status >= 500) return undefined
  return messageFromBody(error.message.slice(error.message.indexOf(':') + 1).trim())
}
