import { describe, expect, it } from 'vitest'
import { findInFiles } from './find-in-files'

const files = [
  { id: 'a', filename: 'main.asm', content: '  lda #1\n  JSR Init\n\n  jsr init ; again\n' },
  { id: 'b', filename: 'lib/init.asm', content: 'Init:\n  rts\n' },
  { id: 'c', filename: 'data.bin', content: '', binary: Uint8Array.of(0x49, 0x6e, 0x69, 0x74) },
]

describe('findInFiles', () => {
  it('finds every matching line in text files, case-insensitively, with 1-based places', () => {
    const { results, isTruncated } = findInFiles(files, 'init')
    expect(results.map((r) => `${r.file}:${r.line}:${r.column} ${r.text}`)).toEqual([
      'main.asm:2:7   JSR Init',
      'main.asm:4:7   jsr init ; again',
      'lib/init.asm:1:1 Init:',
    ])
    expect(isTruncated).toBe(false)
  })

  it('stops at the limit and says so; an empty query finds nothing', () => {
    expect(findInFiles(files, 'init', 2)).toMatchObject({ isTruncated: true })
    expect(findInFiles(files, 'init', 2).results).toHaveLength(2)
    expect(findInFiles(files, '').results).toEqual([])
    expect(findInFiles(files, 'nowhere').results).toEqual([])
  })

  it('finds a match on the last line without a newline', () => {
    const big = Array.from({ length: 10_000 }, (_, i) => `line ${i}`).join('\n')
    const { results } = findInFiles([{ id: 'x', filename: 'big.asm', content: big }], 'line 9999')
    expect(results.map((r) => r.line)).toEqual([10_000])
  })
})
