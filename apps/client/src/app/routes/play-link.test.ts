import { describe, expect, it } from 'vitest'
import { fileNameFrom } from './play-link'

describe('file name of a shared game', () => {
  it('prefers the UTF-8 name, falls back to the plain one', () => {
    expect(fileNameFrom(`attachment; filename="a.nes"; filename*=UTF-8''%C3%A9t%C3%A9.nes`)).toBe(
      'été.nes',
    )
    expect(fileNameFrom('attachment; filename="hello.nes"')).toBe('hello.nes')
    expect(fileNameFrom(null)).toBeUndefined()
  })
})
