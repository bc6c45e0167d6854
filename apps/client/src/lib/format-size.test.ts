import { describe, expect, it } from 'vitest'
import { formatFileSize } from './format-size'

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [24_592, '24.0 KB'],
    [1_048_575, '1024.0 KB'],
    [1_048_576, '1.0 MB'],
    [1_572_864, '1.5 MB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text)
  })
})
