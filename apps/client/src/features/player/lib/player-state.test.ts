import { describe, expect, it } from 'vitest'
import { initialPlayerState, isDisplayVisible, playerReducer } from './player-state'
import type { PlayerAction, PlayerState } from './player-state'

const file = new File([new Uint8Array(2048)], 'game.nes')
const run = (...actions: PlayerAction[]): PlayerState =>
  actions.reduce(playerReducer, initialPlayerState)

describe('player state machine', () => {
  it('goes empty → ready → loading → running', () => {
    expect(run().status).toBe('empty')
    expect(run({ type: 'choose', file })).toMatchObject({ status: 'ready', file })
    expect(run({ type: 'choose', file }, { type: 'load' }).status).toBe('loading')
    expect(run({ type: 'choose', file }, { type: 'load' }, { type: 'started' }).status).toBe(
      'running',
    )
  })

  it('keeps the file on failure and Try Again clears only the error', () => {
    const failed = run({ type: 'choose', file }, { type: 'load' }, { type: 'failed', message: 'x' })
    expect(failed).toMatchObject({ status: 'error', error: 'x', file })
    expect(playerReducer(failed, { type: 'retry' })).toMatchObject({
      status: 'ready',
      error: undefined,
      file,
    })
  })

  it('eject clears the file and the error', () => {
    const failed = run({ type: 'choose', file }, { type: 'load' }, { type: 'failed', message: 'x' })
    expect(playerReducer(failed, { type: 'eject' })).toEqual(initialPlayerState)
  })

  it('choosing a new file clears the error', () => {
    const other = new File([new Uint8Array(2048)], 'other.nes')
    const failed = run({ type: 'choose', file }, { type: 'load' }, { type: 'failed', message: 'x' })
    expect(playerReducer(failed, { type: 'choose', file: other })).toMatchObject({
      status: 'ready',
      file: other,
      error: undefined,
    })
  })

  it('a rejected choice only raises an alert', () => {
    const ready = run({ type: 'choose', file })
    expect(playerReducer(ready, { type: 'reject', message: 'bad' })).toEqual({
      ...ready,
      alert: 'bad',
    })
  })

  it('ignores a late "started" after eject', () => {
    const ejected = run({ type: 'choose', file }, { type: 'load' }, { type: 'eject' })
    expect(playerReducer(ejected, { type: 'started' })).toEqual(initialPlayerState)
  })

  it('shows the display only with a game instance (loading, error, running)', () => {
    expect(isDisplayVisible('empty')).toBe(false)
    expect(isDisplayVisible('ready')).toBe(false)
    expect(isDisplayVisible('loading')).toBe(true)
    expect(isDisplayVisible('error')).toBe(true)
    expect(isDisplayVisible('running')).toBe(true)
  })
})
