import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PlayerController } from '../hooks/use-player'
import type { PlayerState } from '../lib/player-state'
import { initialPlayerState } from '../lib/player-state'
import { CartridgeSlot } from './cartridge-slot'

const file = new File([new Uint8Array(2048)], 'mario.nes')

function controller(state: Partial<PlayerState>): PlayerController {
  return {
    state: { ...initialPlayerState, ...state },
    session: undefined,
    savesProblem: undefined,
    batteryConflict: undefined,
    clearSavesProblem: vi.fn(),
    takePendingStateId: () => undefined,
    choose: vi.fn(() => true),
    playNow: vi.fn(async () => undefined),
    cartridge: () => undefined,
    start: vi.fn(),
    retry: vi.fn(),
    eject: vi.fn(),
    powerOff: vi.fn(),
    dismissAlert: vi.fn(),
    showProblem: vi.fn(),
  }
}

afterEach(cleanup)

describe('cartridge slot', () => {
  it('empty: the three prompts, and a click opens the file picker', () => {
    render(<CartridgeSlot player={controller({})} />)
    expect(screen.getByText('INSERT CARTRIDGE')).toBeTruthy()
    expect(screen.getByText('.NES files only')).toBeTruthy()
    expect(screen.getByText('DRAG & DROP OR CLICK')).toBeTruthy()
    const input = screen.getByTestId('cartridge-input') as HTMLInputElement
    const click = vi.spyOn(input, 'click')
    fireEvent.click(screen.getByTestId('cartridge-slot'))
    expect(click).toHaveBeenCalled()
  })

  it('ready: name, remove control and PRESS START', () => {
    const player = controller({ status: 'ready', file })
    render(<CartridgeSlot player={player} />)
    expect(screen.getByText('CARTRIDGE READY')).toBeTruthy()
    expect(screen.getByTestId('cartridge-name').textContent).toContain('mario.nes')
    fireEvent.click(screen.getByRole('button', { name: 'PRESS START' }))
    expect(player.start).toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Remove cartridge' }))
    expect(player.eject).toHaveBeenCalled()
  })

  it('loading and error states; Try Again retries', () => {
    const { unmount } = render(<CartridgeSlot player={controller({ status: 'loading', file })} />)
    expect(screen.getByText('LOADING...')).toBeTruthy()
    unmount()
    const player = controller({ status: 'error', file, error: undefined })
    render(<CartridgeSlot player={player} />)
    expect(screen.getByText('ERROR')).toBeTruthy()
    expect(screen.getByTestId('slot-error').textContent).toBe('Invalid ROM file')
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(player.retry).toHaveBeenCalled()
  })

  it('a dropped file is chosen with autostart; a picked one without', () => {
    const player = controller({})
    render(<CartridgeSlot player={player} />)
    const dropped = new File([new Uint8Array(2048)], 'drop.nes')
    fireEvent.drop(screen.getByTestId('cartridge-slot'), { dataTransfer: { files: [dropped] } })
    expect(player.choose).toHaveBeenCalledWith(dropped, { autoStart: true })
    fireEvent.change(screen.getByTestId('cartridge-input'), { target: { files: [file] } })
    expect(player.choose).toHaveBeenCalledWith(file)
  })

  it('shows a rejected choice as an alert', () => {
    render(
      <CartridgeSlot
        player={controller({ alert: 'Invalid file format. Please upload a .NES ROM file.' })}
      />,
    )
    expect(screen.getByRole('alert').textContent).toContain(
      'Invalid file format. Please upload a .NES ROM file.',
    )
  })
})
