import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createDebugMap } from './debug-map'
import { MemoryView } from './memory-view'
import { RegistersView } from './registers-view'

afterEach(cleanup)

const map = createDebugMap({
  main: 'main.asm',
  files: ['main.asm'],
  statements: new Int32Array(),
  macroLines: new Int32Array(),
  macros: [],
  labels: [{ name: 'counter', value: 0x10, kind: 'variable' }],
  prgBanks: 2,
  battery: false,
})

describe('debugger views for a screen reader', () => {
  it('says whether each flag is set, not only by its colour', () => {
    const registers = { a: 0, x: 0, y: 0, s: 0xfd, p: 0x82, pc: 0xc000, cycles: 7, scanline: 0 }
    render(<RegistersView registers={{ ...registers, frame: 0 }} map={map} ram={undefined} />)
    expect(screen.getByRole('group', { name: 'Flags' }).textContent).toBe(
      'N setV clearB clearD clearI clearZ setC clear',
    )
  })

  it('names each memory byte by its address and symbol, with its value', () => {
    const ram = new Uint8Array(0x800)
    ram[0x10] = 0x2a
    const { container } = render(
      <MemoryView memory={{ ram, cart: new Uint8Array(0x2000) }} map={map} onWrite={() => {}} />,
    )
    // the row of $0010 only: naming all 2,048 bytes of the view takes seconds in jsdom
    const row = within(
      container.querySelector<HTMLElement>('[data-address="0010"]')!.parentElement!,
    )
    expect(row.getByRole('button', { name: '$0010 counter: 2A' }).textContent).toBe('2A')
    expect(row.getByRole('button', { name: '$0011: 00' }).textContent).toBe('00')
  })
})
