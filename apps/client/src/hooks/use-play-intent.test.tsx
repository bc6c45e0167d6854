import { cleanup, fireEvent, render, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PLAY_INTENT, usePlayIntent } from './use-play-intent'

afterEach(cleanup)

describe('usePlayIntent', () => {
  it('fires once on a hover, press or focus of a marked element, or a drag into the page', () => {
    for (const act of [
      (el: HTMLElement) => fireEvent.pointerOver(el),
      (el: HTMLElement) => fireEvent.pointerDown(el),
      (el: HTMLElement) => fireEvent.focusIn(el),
      () => fireEvent.dragEnter(window),
    ]) {
      const onIntent = vi.fn()
      const { getByText, unmount } = render(
        <div>
          <button type="button" {...PLAY_INTENT}>
            <span>PRESS START</span>
          </button>
          <button type="button">Refresh</button>
        </div>,
      )
      renderHook(() => usePlayIntent(onIntent))
      fireEvent.pointerOver(getByText('Refresh'))
      expect(onIntent).not.toHaveBeenCalled()
      act(getByText('PRESS START'))
      act(getByText('PRESS START'))
      expect(onIntent).toHaveBeenCalledTimes(1)
      unmount()
      cleanup()
    }
  })
})
