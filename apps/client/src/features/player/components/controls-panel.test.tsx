import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { GameInstance } from '../../../emulator/game-instance'
import { pressOnScreenButton } from '../../../components/nes-pad'
import { ControlsPanel } from './controls-panel'

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

  const hints = {
    up: '↑',
    down: '↓',
    left: '←',
    right: '→',
    b: 'Z',
    a: 'K',
    select: 'Shift',
    start: 'Enter',
  }

  it('render the three groups and the footer, show the key map, and report clicks', () => {
    const onPress = vi.fn()
    const onHold = vi.fn()
    render(
      <ControlsPanel
        pressed={new Set(['up'])}
        onPress={onPress}
        onHold={onHold}
        hints={hints}
        keysText="custom keys"
        onOpenSettings={() => undefined}
      />,
    )
    for (const label of [
      'MOVEMENT',
      'ACTIONS',
      'SYSTEM',
      'Click buttons or use keyboard controls',
      'Keys: custom keys. Gamepads work too.',
    ]) {
      expect(screen.getByText(label)).toBeTruthy()
    }
    expect(screen.getByRole('button', { name: 'Up (↑)' }).dataset.pressed).toBe('true')
    expect(screen.getByRole('button', { name: 'Down (↓)' }).dataset.pressed).toBe('false')
    fireEvent.click(screen.getByRole('button', { name: 'A (K)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Select (Shift)' }))
    expect(onPress.mock.calls).toEqual([['a'], ['select']])
    expect(onHold).not.toHaveBeenCalled()
  })
})
