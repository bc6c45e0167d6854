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

describe('useGameKeys on a focused control', () => {
  const press = (target: EventTarget, key: string) => {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
    target.dispatchEvent(event)
    target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }))
    return event
  }

  it('leaves Enter and Space to buttons and links, and keeps them on the body and the pad', () => {
    const setButton = vi.fn()
    localStorage.clear()
    const { unmount } = renderHook(() => useGameKeys(true, setButton))
    document.body.innerHTML = `
      <button id="eject">EJECT</button><a id="link" href="/editor">STUDIO</a>
      <div role="button" tabindex="0" id="fake">X</div>
      <div class="pad-zone"><button id="start" data-button="start">START</button></div>
      <button id="rewind" class="pad-zone">REWIND</button>`
    const byId = (id: string) => document.getElementById(id) as HTMLElement
    for (const id of ['eject', 'link', 'fake', 'rewind']) {
      expect(press(byId(id), 'Enter').defaultPrevented).toBe(false)
      expect(press(byId(id), ' ').defaultPrevented).toBe(false)
    }
    expect(setButton).not.toHaveBeenCalled()
    // Other game keys still play on a focused button.
    expect(press(byId('eject'), 'ArrowUp').defaultPrevented).toBe(true)
    expect(press(byId('start'), 'Enter').defaultPrevented).toBe(true)
    expect(press(document.body, 'Enter').defaultPrevented).toBe(true)
    expect(setButton.mock.calls).toEqual([
      ['up', true, 0],
      ['up', false, 0],
      ['start', true, 0],
      ['start', false, 0],
      ['start', true, 0],
      ['start', false, 0],
    ])
    unmount()
    document.body.innerHTML = ''
  })

  it('keeps Enter a game key on a control last clicked with the mouse, until focus moves on', () => {
    const setButton = vi.fn()
    localStorage.clear()
    const { unmount } = renderHook(() => useGameKeys(true, setButton))
    document.body.innerHTML = '<button id="mute">MUTE</button><button id="pause">PAUSE</button>'
    const mute = document.getElementById('mute') as HTMLElement
    const pause = document.getElementById('pause') as HTMLElement
    mute.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true })) // jsdom has no PointerEvent
    mute.focus()
    expect(press(mute, 'Enter').defaultPrevented).toBe(true)
    expect(setButton.mock.calls).toEqual([
      ['start', true, 0],
      ['start', false, 0],
    ])
    pause.focus() // Tab to the next control: Enter presses it
    expect(press(pause, 'Enter').defaultPrevented).toBe(false)
    mute.focus()
    expect(press(mute, 'Enter').defaultPrevented).toBe(false)
    expect(setButton).toHaveBeenCalledTimes(2)
    unmount()
    document.body.innerHTML = ''
  })
})
