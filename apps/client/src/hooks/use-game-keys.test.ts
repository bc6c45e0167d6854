import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useGameKeys } from './use-game-keys'

describe('useGameKeys', () => {
  it('presses and releases while active, ignoring repeats, Ctrl+Enter and typing in fields', () => {
    const setButton = vi.fn()
    const { rerender, unmount } = renderHook(({ active }) => useGameKeys(active, setButton), {
      initialProps: { active: true },
    })
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x' }))
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', repeat: true }))
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'x' }))
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }))
    const input = document.body.appendChild(document.createElement('input'))
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', bubbles: true }))
    expect(setButton.mock.calls).toEqual([
      ['a', true, 0],
      ['a', false, 0],
    ])
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }))
    rerender({ active: false })
    expect(setButton).toHaveBeenLastCalledWith('left', false, 0)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft' }))
    expect(setButton).toHaveBeenCalledTimes(4)
    unmount()
  })
})
