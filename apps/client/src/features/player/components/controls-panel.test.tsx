import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GameInstance } from '../../../emulator/game-instance'
import { ControlsPanel, pressOnScreenButton } from './controls-panel'

afterEach(() => {
  cleanup()
  delete window.gameInstance
  vi.restoreAllMocks()
})

function fakeGame(): GameInstance {
  return {
    press: vi.fn(),
    setButton: vi.fn(),
    fps: () => 60,
    screenshot: async () => new Blob(),
    readMemory: async () => new Uint8Array(),
  }
}

describe('on-screen buttons', () => {
  it('press the button for 100 ms through the game instance', () => {
    const game = fakeGame()
    window.gameInstance = game
    pressOnScreenButton('start')
    expect(game.press).toHaveBeenCalledWith('start', 100)
  })

  it('only log when there is no game instance, or it has no press()', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    pressOnScreenButton('a')
    window.gameInstance = { ...fakeGame(), press: undefined } as unknown as GameInstance
    pressOnScreenButton('b')
    expect(log).toHaveBeenCalledTimes(2)
  })

  it('render the three groups and the footer, and report clicks', () => {
    const onPress = vi.fn()
    render(<ControlsPanel pressed={new Set(['up'])} onPress={onPress} />)
    for (const label of [
      'MOVEMENT',
      'ACTIONS',
      'SYSTEM',
      'Click buttons or use keyboard controls',
    ]) {
      expect(screen.getByText(label)).toBeTruthy()
    }
    expect(screen.getByRole('button', { name: 'Up (↑)' }).dataset.pressed).toBe('true')
    expect(screen.getByRole('button', { name: 'Down (↓)' }).dataset.pressed).toBe('false')
    fireEvent.click(screen.getByRole('button', { name: 'A (X)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Select (Shift)' }))
    expect(onPress.mock.calls).toEqual([['a'], ['select']])
  })
})
