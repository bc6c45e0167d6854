import { renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DROPPED_ATTRIBUTE } from '../lib/play-intent'
import { useEarlyFile } from './use-early-file'

function inputWith(files: File[]): HTMLInputElement {
  const input = document.createElement('input')
  input.type = 'file'
  // jsdom has no file picker: give the input what a choice before hydration leaves on it.
  Object.defineProperty(input, 'files', { value: files, configurable: true })
  return input
}

describe('useEarlyFile', () => {
  it('takes a file that was chosen before the app ran, once', () => {
    const file = new File([new Uint8Array([0x4e, 0x45, 0x53, 0x1a])], 'early.nes')
    const onFile = vi.fn()
    const ref = { current: inputWith([file]) }
    const { rerender } = renderHook(() => useEarlyFile(ref, onFile))
    rerender()
    expect(onFile).toHaveBeenCalledTimes(1)
    expect(onFile).toHaveBeenCalledWith(file, { isDropped: false })
  })

  it('says when the file was dropped on the page rather than picked, and clears the mark', () => {
    const file = new File([new Uint8Array([0x4e, 0x45, 0x53, 0x1a])], 'dropped.nes')
    const onFile = vi.fn()
    const input = inputWith([file])
    input.setAttribute(DROPPED_ATTRIBUTE, '')
    renderHook(() => useEarlyFile({ current: input }, onFile))
    expect(onFile).toHaveBeenCalledWith(file, { isDropped: true })
    expect(input.hasAttribute(DROPPED_ATTRIBUTE)).toBe(false)
  })

  it('does nothing for an empty input or none', () => {
    const onFile = vi.fn()
    renderHook(() => useEarlyFile({ current: inputWith([]) }, onFile))
    renderHook(() => useEarlyFile({ current: null }, onFile))
    expect(onFile).not.toHaveBeenCalled()
  })
})
