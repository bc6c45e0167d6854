import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOAST_REMOVE_DELAY_MS, dismissToast, toast } from './use-toast'
import type { ToastItem } from './use-toast'

// The store is module state; each snapshot mounts useToast briefly and reads what it sees.
async function snapshot(): Promise<readonly ToastItem[]> {
  const { renderHook } = await import('@testing-library/react')
  const { useToast } = await import('./use-toast')
  const { result, unmount } = renderHook(() => useToast())
  const value = result.current.toasts
  unmount()
  return value
}

describe('toast store', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps one toast at a time: a new one replaces the previous', async () => {
    toast({ title: 'First' })
    const second = toast({ title: 'Second', description: 'd', variant: 'destructive' })
    const toasts = await snapshot()
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toMatchObject({ id: second.id, title: 'Second', open: true })
  })

  it('a dismissed toast closes and is removed after 1,000,000 ms', async () => {
    vi.useFakeTimers()
    const shown = toast({ title: 'Bye' })
    dismissToast(shown.id)
    expect((await snapshot())[0]).toMatchObject({ id: shown.id, open: false })
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1)
    expect(await snapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(await snapshot()).toHaveLength(0)
  })
})
