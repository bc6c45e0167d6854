import { describe, expect, it } from 'vitest'
import { Pass2Log } from './pass2-log'

describe('Pass2Log', () => {
  it('keeps the macro-body lines added before a statement with that statement only', () => {
    const log = new Pass2Log()
    log.add('main.asm', 3, 0, 0xc000, 1, false)
    log.addOriginLine('macros.asm', 7)
    log.addOriginLine('main.asm', 12)
    log.add('main.asm', 20, 0, 0xc001, 2, true)
    log.add('main.asm', 21, 0, 0xc003, 1, false)
    const seen: [number, number, [number, number][]][] = []
    log.forEach((s) => {
      const lines: [number, number][] = []
      log.originLines(s.origin, (file, line) => lines.push([file, line]))
      seen.push([s.line, s.origin, lines])
    })
    expect(seen.map(([line, , lines]) => [line, lines])).toEqual([
      [3, []],
      [
        20,
        [
          [1, 7],
          [0, 12],
        ],
      ],
      [21, []],
    ])
    expect(seen[0]?.[1]).toBe(-1)
    // the statement's own file is numbered before its body lines' files
    expect(log.files).toEqual(['main.asm', 'macros.asm'])
  })
})
