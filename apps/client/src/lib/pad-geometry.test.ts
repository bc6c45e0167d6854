import { describe, expect, it } from 'vitest'
import { buttonsAt, dpadButtonsAt } from './pad-geometry'

describe('d-pad under a finger', () => {
  const pad = { left: 100, top: 200, width: 120, height: 120 }
  it.each([
    [160, 210, ['up']],
    [160, 310, ['down']],
    [110, 260, ['left']],
    [210, 260, ['right']],
    [215, 205, ['up', 'right']],
    [105, 315, ['down', 'left']],
    [160, 260, []],
  ])('at (%i, %i) holds %j', (x, y, held) => {
    expect(dpadButtonsAt(x, y, pad)).toEqual(held)
  })

  it('keeps the direction of a finger that slid off the pad', () => {
    expect(dpadButtonsAt(400, 260, pad)).toEqual(['right'])
    expect(dpadButtonsAt(-50, -50, pad)).toEqual(['up', 'left'])
  })
})

describe('buttons under a finger', () => {
  const b = { button: 'b' as const, box: { left: 0, top: 0, width: 50, height: 50 } }
  const a = { button: 'a' as const, box: { left: 90, top: 0, width: 50, height: 50 } }
  it('press the button under the finger, with some slop', () => {
    expect(buttonsAt(25, 25, [b, a], { pairs: true })).toEqual(['b'])
    expect(buttonsAt(145, 25, [b, a], { pairs: true })).toEqual(['a'])
  })
  it('press both B and A from the gap between them', () => {
    expect(buttonsAt(70, 25, [b, a], { pairs: true })).toEqual(['b', 'a'])
    expect(buttonsAt(70, 25, [b, a])).toEqual([])
  })
  it('press nothing away from the buttons', () => {
    expect(buttonsAt(70, 120, [b, a], { pairs: true })).toEqual([])
    expect(buttonsAt(300, 25, [b, a], { pairs: true })).toEqual([])
  })
})
