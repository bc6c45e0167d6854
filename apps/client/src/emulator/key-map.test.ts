import { describe, expect, it } from 'vitest'
import {
  buttonForKey,
  DEFAULT_BINDINGS,
  describeKeys,
  gamepadButtons,
  keyBindingProblem,
  keyHint,
  parseBindings,
  withKey,
  withPadButton,
} from './key-map'

describe('default keyboard map (the spec’s)', () => {
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
  ])('%s → controller 1 %s', (key, button) => {
    expect(buttonForKey(DEFAULT_BINDINGS, key)).toEqual({ player: 0, button })
  })

  it.each(['a', 'Space', ' ', 'Escape', 'toString', 'constructor'])(
    '%s is not a game key',
    (key) => {
      expect(buttonForKey(DEFAULT_BINDINGS, key)).toBeUndefined()
    },
  )

  it('describes itself for the page', () => {
    expect(describeKeys(DEFAULT_BINDINGS)).toBe(
      '↑ ↓ ← → move, Z = B, X = A, Shift = SELECT, Enter = START',
    )
  })
})

describe('rebinding', () => {
  it('moves a button to another key, for either controller, and the hints follow', () => {
    const p1 = withKey(DEFAULT_BINDINGS, { player: 0, button: 'a' }, 'K')
    expect(buttonForKey(p1, 'k')).toEqual({ player: 0, button: 'a' })
    expect(buttonForKey(p1, 'x')).toBeUndefined()
    expect(keyHint(p1, 'a')).toBe('K')
    const p2 = withKey(p1, { player: 1, button: 'start' }, 'p')
    expect(buttonForKey(p2, 'P')).toEqual({ player: 1, button: 'start' })
    expect(keyHint(DEFAULT_BINDINGS, 'start', 1)).toBe('—')
    expect(DEFAULT_BINDINGS.keyboard[0].a).toEqual(['x'])
  })

  it('refuses a key that is taken or kept by the page, naming why', () => {
    expect(keyBindingProblem(DEFAULT_BINDINGS, 'Z', { player: 1, button: 'a' })).toMatch(
      /Z is already used for Player 1 B/,
    )
    expect(keyBindingProblem(DEFAULT_BINDINGS, 'F2', { player: 0, button: 'a' })).toMatch(/F2/)
    expect(keyBindingProblem(DEFAULT_BINDINGS, 'x', { player: 0, button: 'a' })).toBeUndefined()
    expect(keyBindingProblem(DEFAULT_BINDINGS, 'q', { player: 0, button: 'a' })).toBeUndefined()
  })

  it('gives a gamepad button to one NES button of a controller only', () => {
    const next = withPadButton(DEFAULT_BINDINGS, { player: 0, button: 'start' }, 0)
    expect(next.gamepad[0].start).toEqual([0])
    expect(next.gamepad[0].b).toEqual([2])
    expect(next.gamepad[1].b).toEqual([0, 2])
  })

  it('reads saved maps, falling back to the default for anything damaged', () => {
    const saved = JSON.parse(
      JSON.stringify(withKey(DEFAULT_BINDINGS, { player: 0, button: 'b' }, 'q')),
    )
    saved.keyboard[0].a = 'not a list'
    saved.gamepad[1].start = [-1]
    const read = parseBindings(saved)
    expect(read.keyboard[0].b).toEqual(['q'])
    expect(read.keyboard[0].a).toEqual(['x'])
    expect(read.gamepad[1].start).toEqual([9])
    expect(parseBindings('garbage')).toEqual(DEFAULT_BINDINGS)
  })
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

  it('follows a remapped pad', () => {
    const map = withPadButton(DEFAULT_BINDINGS, { player: 0, button: 'start' }, 5).gamepad[0]
    expect([...gamepadButtons(pressing(5), [0, 0], map)]).toEqual(['start'])
    expect([...gamepadButtons(pressing(9), [0, 0], map)]).toEqual([])
  })

  it('treats the left stick beyond half deflection as the d-pad', () => {
    expect([...gamepadButtons(released, [-0.9, 0.2])]).toEqual(['left'])
    expect([...gamepadButtons(released, [0.6, 0.7])].sort()).toEqual(['down', 'right'])
    expect(gamepadButtons(released, [0.4, -0.4]).size).toBe(0)
  })
})
