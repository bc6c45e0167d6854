import { describe, expect, it } from 'vitest'
import { buttonForKey, gamepadButtons } from './key-map'

describe('keyboard map', () => {
  it.each([
    ['ArrowUp', 'up'],
    ['ArrowDown', 'down'],
    ['ArrowLeft', 'left'],
    ['ArrowRight', 'right'],
    ['z', 'b'],
    ['Z', 'b'],
    ['x', 'a'],
    ['X', 'a'],
    ['Shift', 'select'],
    ['Enter', 'start'],
  ])('%s → %s', (key, button) => {
    expect(buttonForKey(key)).toBe(button)
  })

  it.each(['a', 'Space', ' ', 'Escape', 'toString', 'constructor'])(
    '%s is not a game key',
    (key) => {
      expect(buttonForKey(key)).toBeUndefined()
    },
  )
})

describe('gamepad map (standard layout)', () => {
  const released = Array.from({ length: 17 }, () => ({ pressed: false }))
  const pressing = (...indices: number[]) =>
    released.map((b, i) => (indices.includes(i) ? { pressed: true } : b))

  it('maps face buttons, back/start and the d-pad', () => {
    expect([...gamepadButtons(pressing(0), [0, 0])]).toEqual(['b'])
    expect([...gamepadButtons(pressing(1), [0, 0])]).toEqual(['a'])
    expect([...gamepadButtons(pressing(8, 9), [0, 0])].sort()).toEqual(['select', 'start'])
    expect([...gamepadButtons(pressing(12, 15), [0, 0])].sort()).toEqual(['right', 'up'])
  })

  it('treats the left stick beyond half deflection as the d-pad', () => {
    expect([...gamepadButtons(released, [-0.9, 0.2])]).toEqual(['left'])
    expect([...gamepadButtons(released, [0.6, 0.7])].sort()).toEqual(['down', 'right'])
    expect(gamepadButtons(released, [0.4, -0.4]).size).toBe(0)
  })
})
