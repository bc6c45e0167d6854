import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION_MS, Toast, ToastAction, ToastProvider, ToastViewport } from './toast'
import { dismissToast, toast } from './use-toast'

function renderToast(onOpenChange: (open: boolean) => void, onUndo = () => undefined) {
  return render(
    <ToastProvider>
      <Toast open onOpenChange={onOpenChange}>
        Deleted
        <ToastAction altText="Undo the delete" onClick={onUndo}>
          Undo
        </ToastAction>
      </Toast>
      <ToastViewport />
    </ToastProvider>,
  )
}

describe('Toast', () => {
  afterEach(() => {
    cleanup()
    dismissToast()
    vi.useRealTimers()
  })

  it("stays open for the open toast's own duration, not the default", () => {
    vi.useFakeTimers()
    toast({ title: 'Deleted', duration: 10_000 })
    const onOpenChange = vi.fn()
    renderToast(onOpenChange)
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 1000))
    expect(onOpenChange).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(10_000 - TOAST_DURATION_MS))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('closes after the default duration when the toast names none', () => {
    vi.useFakeTimers()
    toast({ title: 'Loaded' })
    const onOpenChange = vi.fn()
    renderToast(onOpenChange)
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 100))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('an action button runs its handler and closes the toast', () => {
    const onOpenChange = vi.fn()
    const onUndo = vi.fn()
    renderToast(onOpenChange, onUndo)
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    expect(onUndo).toHaveBeenCalledTimes(1)
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})
