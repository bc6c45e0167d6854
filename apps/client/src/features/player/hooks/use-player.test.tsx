import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { EmulatorHost } from '../../../emulator/types'
import { usePlayer } from './use-player'

/** 16 KiB of PRG, 8 KiB of CHR behind an iNES header. */
const rom = () => {
  const bytes = new Uint8Array(16 + 16384 + 8192)
  bytes.set([0x4e, 0x45, 0x53, 0x1a, 1, 1])
  // jsdom's File has no arrayBuffer().
  return Object.assign(new File([bytes], 'dropped.nes'), { arrayBuffer: async () => bytes.buffer })
}

function fakeHost(): EmulatorHost {
  return {
    start: vi.fn(async () => undefined),
    stop: vi.fn(),
    readSave: () => null,
    isRunning: () => false,
  } as Partial<EmulatorHost> as EmulatorHost
}

describe('usePlayer', () => {
  it('autostarts a file chosen before the emulator existed, once it exists', async () => {
    // A file dropped on a server-rendered page while it hydrates: chosen in the first render, before
    // useEmulator's effect has created the emulator.
    const { result, rerender } = renderHook(
      ({ host }: { host: EmulatorHost | undefined }) => usePlayer(host),
      { initialProps: { host: undefined as EmulatorHost | undefined } },
    )
    act(() => {
      result.current.choose(rom(), { autoStart: true })
    })
    expect(result.current.state.status).toBe('ready')
    const host = fakeHost()
    rerender({ host })
    await waitFor(() => expect(host.start).toHaveBeenCalledTimes(1), { timeout: 3000 })
    await waitFor(() => expect(result.current.state.status).toBe('running'))
    expect(result.current.state.error).toBeUndefined()
  })
})
