// Editing a byte in the memory view: Enter or leaving the field writes it (a phone has no Enter key at
// hand: tapping elsewhere ends the edit), Escape cancels, a bad value stays open to be corrected.
import { cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryView } from './memory-view'
import type { MemorySnapshot } from './use-debugger'

afterEach(cleanup)

function renderView() {
  // Two rows are enough here (the view draws as many bytes as it is given).
  const ram = new Uint8Array(0x20)
  ram[0x10] = 0x2a
  const memory = { ram, cart: new Uint8Array(0x20) } as unknown as MemorySnapshot
  const onWrite = vi.fn()
  const { container } = render(<MemoryView memory={memory} map={undefined} onWrite={onWrite} />)
  view = container
  return onWrite
}

// Found by their attributes: role queries over many byte buttons are slow in jsdom.
let view: HTMLElement
const field = () => view.querySelector<HTMLInputElement>('input.debug-memory__edit')

function edit(text: string) {
  const byte = view.querySelector<HTMLButtonElement>('[data-address="0010"]')
  expect(byte?.getAttribute('aria-label')).toBe('$0010: 2A')
  fireEvent.click(byte!)
  const input = field()
  expect(input?.getAttribute('aria-label')).toBe('Value at $0010')
  fireEvent.change(input!, { target: { value: text } })
  return input!
}

describe('MemoryView byte editing', () => {
  it('writes the byte with Enter', () => {
    const onWrite = renderView()
    fireEvent.keyDown(edit('7f'), { key: 'Enter' })
    expect(onWrite).toHaveBeenCalledWith(0x10, 0x7f)
    expect(field()).toBeNull()
  })

  it('writes the byte when the field loses focus (a tap elsewhere)', () => {
    const onWrite = renderView()
    fireEvent.blur(edit('03'))
    expect(onWrite).toHaveBeenCalledWith(0x10, 0x03)
  })

  it('writes nothing on Escape, nor for an unchanged value', () => {
    const onWrite = renderView()
    const input = edit('55')
    fireEvent.keyDown(input, { key: 'Escape' })
    fireEvent.blur(input)
    fireEvent.blur(edit('2A'))
    expect(onWrite).not.toHaveBeenCalled()
  })

  it('keeps a value that is not a hex byte open, marked invalid, on Enter', () => {
    const onWrite = renderView()
    const input = edit('zz')
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onWrite).not.toHaveBeenCalled()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(input, { target: { value: '1' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onWrite).toHaveBeenCalledWith(0x10, 0x01)
  })
})
