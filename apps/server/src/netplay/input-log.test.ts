import { describe, expect, it } from 'vitest'
import { NETPLAY_MAX_INPUT_AHEAD } from '@nes-studio/shared/netplay-constants'
import { InputLog } from './input-log'

describe('InputLog', () => {
  it('confirms a frame only once both pads of an active pair are in, in frame order', () => {
    const log = new InputLog()
    log.activate(2)
    expect(log.add(1, 1, [1, 2, 3])).toBeUndefined()
    expect(log.merge().pads).toEqual([])
    expect(log.add(2, 1, [9])).toBeUndefined()
    expect(log.merge()).toEqual({ first: 1, pads: [[1, 9]] })
    expect(log.add(2, 2, [8, 7, 6])).toBeUndefined()
    expect(log.merge()).toEqual({
      first: 2,
      pads: [
        [2, 8],
        [3, 7],
      ],
    })
    expect(log.confirmed).toBe(3)
    expect(log.nextFrame(1)).toBe(4)
    expect(log.nextFrame(2)).toBe(5)
  })

  it('plays pad 2 as released while nobody holds it, so the host plays on alone', () => {
    const log = new InputLog()
    log.add(1, 1, [5, 6])
    expect(log.merge().pads).toEqual([
      [5, 0],
      [6, 0],
    ])
    // A player taking the pad continues after the confirmed frames.
    expect(log.activate(2)).toBe(3)
    log.add(1, 3, [7])
    expect(log.merge().pads).toEqual([])
    log.add(2, 3, [1])
    expect(log.merge().pads).toEqual([[7, 1]])
  })

  it('keeps what a leaving player already sent, then releases the pad', () => {
    const log = new InputLog()
    log.activate(2)
    log.add(2, 1, [4, 4, 4])
    log.deactivate(2)
    log.add(1, 1, [1, 1, 1, 1, 1])
    expect(log.merge().pads).toEqual([
      [1, 4],
      [1, 4],
      [1, 4],
      [1, 0],
      [1, 0],
    ])
    // The next player continues the stream after the frames already confirmed.
    expect(log.activate(2)).toBe(6)
  })

  it('hands a pad to a new player where the previous one stopped sending', () => {
    const log = new InputLog()
    log.activate(2)
    log.add(2, 1, [3, 3])
    // Pad 2 changes hands (the host gave it to a spectator) before frame 1 is confirmed.
    expect(log.activate(2)).toBe(3)
    expect(log.add(2, 1, [9])?.message).toMatch(/frame 1 came where frame 3/)
    expect(log.add(2, 3, [9])).toBeUndefined()
  })

  it('refuses input that repeats, skips or runs far ahead of the game, and input for a pad nobody was given', () => {
    const log = new InputLog()
    expect(log.add(2, 1, [1])?.message).toMatch(/not yours/)
    log.add(1, 1, [1, 1])
    expect(log.add(1, 2, [1])?.message).toMatch(/frame 2 came where frame 3/)
    expect(log.add(1, 10, [1])?.message).toMatch(/frame 10 came where frame 3/)
    const far = new Array<number>(NETPLAY_MAX_INPUT_AHEAD).fill(0)
    expect(log.add(1, 3, far)?.message).toMatch(/ahead of the game/)
    expect(log.add(1, 3, far.slice(2))).toBeUndefined()
  })

  it('gives back the confirmed frames it keeps and says when older ones are gone', () => {
    const log = new InputLog(10)
    log.add(
      1,
      1,
      Array.from({ length: 25 }, (_, i) => i + 1),
    )
    log.merge()
    expect(log.range(20, 22)).toEqual([
      [20, 0],
      [21, 0],
      [22, 0],
    ])
    expect(log.range(16)).toHaveLength(10)
    expect(log.range(15)).toBeUndefined()
    expect(log.range(26)).toEqual([])
    expect(log.range(20, 30)).toBeUndefined()
  })
})
