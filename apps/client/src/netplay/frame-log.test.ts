import { describe, expect, it } from 'vitest'
import { FrameLog } from './frame-log'

describe('FrameLog', () => {
  it('keeps confirmed frames in order and skips ones it already holds', () => {
    const log = new FrameLog(16)
    expect(
      log.add(1, [
        [1, 2],
        [3, 4],
      ]),
    ).toBe('ok')
    expect(
      log.add(2, [
        [9, 9],
        [5, 6],
      ]),
    ).toBe('ok')
    expect([log.get(1), log.get(2), log.get(3)]).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ])
    expect(log.newest).toBe(3)
    expect(log.has(4)).toBe(false)
  })

  it('says when frames do not follow (a lost message) or would overwrite what is still needed', () => {
    const log = new FrameLog(4)
    expect(log.add(2, [[0, 0]])).toBe('gap')
    expect(
      log.add(1, [
        [0, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ]),
    ).toBe('ok')
    expect(log.add(5, [[0, 0]])).toBe('overflow')
    log.forgetBefore(3)
    expect(
      log.add(5, [
        [0, 0],
        [0, 0],
      ]),
    ).toBe('ok')
    expect(log.has(2)).toBe(false)
    expect(log.get(6)).toEqual([0, 0])
  })

  it('starts over after the frame of a state when it does not hold the frames after it', () => {
    const log = new FrameLog(8)
    log.add(1, [[1, 1]])
    log.restartAfter(40)
    expect(log.has(1)).toBe(false)
    expect(log.add(41, [[7, 7]])).toBe('ok')
    expect(log.get(41)).toEqual([7, 7])
  })
})
