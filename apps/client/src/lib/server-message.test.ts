import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { serverMessage } from './server-message'

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
})
