import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { messageFromBody, serverMessage, TOKEN_REQUIRED_MESSAGE } from './server-message'

const apiError = (status: number, body: string) => new ApiError(status, 'X', `${status}: ${body}`)

describe('serverMessage', () => {
  it('returns the message of a 4xx JSON error body', () => {
    const body = JSON.stringify({ error: { code: 'DuplicateRom', message: 'Already there: "A".' } })
    expect(serverMessage(apiError(409, body))).toBe('Already there: "A".')
  })

  it('ignores 5xx, non-JSON bodies and other errors', () => {
    const body = JSON.stringify({ error: { code: 'InternalError', message: 'Oops' } })
    expect(serverMessage(apiError(500, body))).toBeUndefined()
    expect(serverMessage(apiError(400, 'Bad Request'))).toBeUndefined()
    expect(serverMessage(new Error('network'))).toBeUndefined()
  })

  it('tells a visitor to enter the token, without the header scripts send it in', () => {
    // The server's answer to a write without the token (apps/server/src/http/library-token.ts).
    const body = JSON.stringify({
      error: {
        code: 'TokenRequired',
        message:
          'This library is write-protected. Unlock it with the library token (LIBRARY_TOKEN on the server), ' +
          'or send it as "Authorization: Bearer <token>".',
      },
    })
    expect(serverMessage(apiError(401, body))).toBe(TOKEN_REQUIRED_MESSAGE)
    expect(messageFromBody(body)).toBe(TOKEN_REQUIRED_MESSAGE)
    expect(TOKEN_REQUIRED_MESSAGE).not.toMatch(/Authorization|Bearer|LIBRARY_TOKEN|header/)
  })

  it("keeps the unlock form's answer to a wrong token, which is in a visitor's words", () => {
    // POST /api/unlock with a wrong token answers the same code (apps/server/src/http/library-token.ts).
    const body = JSON.stringify({
      error: {
        code: 'TokenRequired',
        message: 'That is not the library token. Check it and try again.',
      },
    })
    expect(serverMessage(apiError(401, body))).toBe(
      'That is not the library token. Check it and try again.',
    )
  })
})
