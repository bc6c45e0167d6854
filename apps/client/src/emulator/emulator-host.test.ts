// The host's lifecycle with a fake frame API in place of EmulatorJS (the real thing runs in e2e/).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEmulator } from './emulator-host'
import type { FrameApi } from './frame/frame-api'
import { EmulatorError } from './types'

// The real one fetches the frame's files and reads the build's core bundle URLs (a Vite virtual module).
vi.mock('./frame-files', () => ({ warmFrameFiles: () => undefined }))

const ROM = (() => {
  const bytes = new Uint8Array(16 + 16384 + 8192)
  bytes.set([0x4e, 0x45, 0x53, 0x1a, 1, 1])
  return bytes
})()

/** A state as RetroArch writes them: the "RASTATE" magic, then chunks. */
const STATE = (() => {
  const bytes = new Uint8Array(64)
  bytes.set([...'RASTATE'].map((c) => c.charCodeAt(0)))
  return bytes
})()

function fakeApi(overrides: Partial<FrameApi> = {}): FrameApi {
  return {
    ready: Promise.resolve(),
    start: vi.fn(async () => undefined),
    setButton: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    reset: vi.fn(),
    frameCount: () => 0,
    screenshot: async () => new Uint8Array([1, 2, 3]),
    readMemory: async () => new Uint8Array([7]),
    setVolume: vi.fn(),
    setPictureShape: vi.fn(),
    resumeAudio: vi.fn(),
    readSave: () => null,
    saveState: () => STATE,
    loadState: vi.fn(),
    setRewinding: vi.fn(),
    setFastForward: vi.fn(),
    startPaused: vi.fn(async () => undefined),
    stepFrame: () => ({ width: 256, height: 224, rgb565: new Uint16Array(256 * 224), frame: 1 }),
    holdRunning: vi.fn(async () => undefined),
    stepOnly: vi.fn(),
    release: vi.fn(),
    ...overrides,
  }
}

let container: HTMLDivElement
let observer: MutationObserver
let nextApi: () => FrameApi

beforeEach(() => {
  container = document.createElement('div')
  document.body.appendChild(container)
  nextApi = () => fakeApi()
  // Every iframe the host adds gets a fake API, as emulator-frame.html would install.
  observer = new MutationObserver(() => {
    for (const iframe of container.querySelectorAll('iframe')) {
      const win = iframe.contentWindow
      if (win && !win.nesFrame) win.nesFrame = nextApi()
    }
  })
  observer.observe(container, { childList: true })
})

afterEach(() => {
  observer.disconnect()
  container.remove()
  delete window.gameInstance
})

const frames = () => container.querySelectorAll('iframe')
const visibleFrames = () => container.querySelectorAll('iframe:not(.emulator-frame--idle)')

describe('emulator host', () => {
  it('refuses bytes without the iNES header before touching a frame', async () => {
    const host = createEmulator(container, { keepWarm: false })
    const error = await host.start(new Uint8Array(4096), 'x.nes').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmulatorError)
    expect(error).toMatchObject({ code: 'BadHeader' })
    expect(frames()).toHaveLength(0)
    host.dispose()
  })

  it('starts on a frame, exposes the game instance, and stop removes the frame', async () => {
    const host = createEmulator(container, { keepWarm: false })
    await host.start(ROM, 'game.nes')
    expect(host.isRunning()).toBe(true)
    expect(visibleFrames()).toHaveLength(1)
    expect(window.gameInstance).toBeDefined()
    expect([...(await host.readMemory(0, 1))]).toEqual([7])
    expect((await host.screenshot()).type).toBe('image/png')

    host.stop()
    expect(host.isRunning()).toBe(false)
    expect(frames()).toHaveLength(0)
    expect(window.gameInstance).toBeUndefined()
    host.dispose()
  })

  it('gives every game the picture shape chosen before it, and the running one a new choice at once', async () => {
    const api = fakeApi()
    nextApi = () => api
    const host = createEmulator(container, { keepWarm: false })
    host.setPictureShape('square')
    expect(api.setPictureShape).not.toHaveBeenCalled()
    await host.start(ROM, 'game.nes')
    expect(api.setPictureShape).toHaveBeenLastCalledWith('square')
    host.setPictureShape('4:3')
    expect(api.setPictureShape).toHaveBeenLastCalledWith('4:3')
    host.dispose()
  })

  it('starts a game held at power-on and steps it through the frame', async () => {
    const api = fakeApi()
    nextApi = () => api
    const host = createEmulator(container, { keepWarm: false, exposeGlobal: false })
    await host.startPaused(ROM, 'check.nes')
    expect(api.startPaused).toHaveBeenCalledWith(ROM, 'check.nes')
    expect(api.start).not.toHaveBeenCalled()
    expect(host.stepFrame()).toMatchObject({ width: 256, height: 224, frame: 1 })
    host.stop()
    expect(() => host.stepFrame()).toThrow(EmulatorError)
    host.dispose()
  })

  it('press holds the button, then releases it after the duration', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const api = fakeApi()
    nextApi = () => api
    const host = createEmulator(container, { keepWarm: false })
    const started = host.start(ROM, 'game.nes')
    await vi.runOnlyPendingTimersAsync()
    await started
    host.press('a', 100)
    expect(api.setButton).toHaveBeenLastCalledWith(8, true, 0)
    vi.advanceTimersByTime(100)
    expect(api.setButton).toHaveBeenLastCalledWith(8, false, 0)
    host.dispose()
    vi.useRealTimers()
  })

  it('keeps an idle pre-loaded frame ready and uses it for the next start', async () => {
    const host = createEmulator(container)
    host.preload()
    const idle = frames()[0]
    expect(idle?.classList.contains('emulator-frame--idle')).toBe(true)
    await host.start(ROM, 'game.nes')
    expect(visibleFrames()[0]).toBe(idle)
    host.stop()
    // The running frame is gone and a fresh idle one is loading for the next game.
    expect(frames()).toHaveLength(1)
    expect(frames()[0]).not.toBe(idle)
    expect(frames()[0]?.classList.contains('emulator-frame--idle')).toBe(true)
    host.dispose()
    expect(frames()).toHaveLength(0)
  })

  it('gives up after the load timeout with an EmulatorError and removes the frame', async () => {
    nextApi = () => fakeApi({ start: () => new Promise<void>(() => undefined) })
    const host = createEmulator(container, { keepWarm: false, loadTimeoutMs: 50 })
    const error = await host.start(ROM, 'slow.nes').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'LoadTimeout' })
    expect(frames()).toHaveLength(0)
    expect(window.gameInstance).toBeUndefined()
    host.dispose()
  })

  it('turns a frame failure into an EmulatorError with its code', async () => {
    nextApi = () =>
      fakeApi({
        start: () => Promise.reject({ code: 'UnsupportedMapper', message: 'Failed to start game' }),
      })
    const host = createEmulator(container, { keepWarm: false })
    await expect(host.start(ROM, 'bad.nes')).rejects.toMatchObject({
      code: 'UnsupportedMapper',
      message: 'Failed to start game',
    })
    host.dispose()
  })

  it('replaces a pre-loaded frame whose core failed instead of failing the next start with it', async () => {
    const coreFailure = { code: 'WasmLoadFailed', message: 'Error downloading core' }
    nextApi = () => {
      const ready = Promise.reject(coreFailure)
      ready.catch(() => undefined)
      return fakeApi({ ready })
    }
    const host = createEmulator(container)
    await expect(host.start(ROM, 'offline.nes')).rejects.toMatchObject(coreFailure)
    // The network is back: the idle frame loaded while offline must not be the one the next game gets.
    nextApi = () => fakeApi()
    await expect(host.start(ROM, 'online.nes')).resolves.toBeUndefined()
    expect(visibleFrames()).toHaveLength(1)
    host.dispose()
  })

  it('hands the battery save to the frame before the game starts, and reads it back', async () => {
    const save = Uint8Array.of(1, 2, 3)
    const api = fakeApi({ readSave: () => save })
    nextApi = () => api
    const host = createEmulator(container, { keepWarm: false })
    expect(host.readSave()).toBeNull()
    await host.start(ROM, 'zelda.nes', { batterySave: save })
    expect(api.start).toHaveBeenCalledWith(ROM, 'zelda.nes', save)
    expect(host.readSave()).toBe(save)
    await host.start(ROM, 'other.nes')
    expect(api.start).toHaveBeenLastCalledWith(ROM, 'other.nes', null)
    host.dispose()
  })

  it('loads a state of the same shape (resuming a paused game), refuses any other', async () => {
    let frame = 0
    const api = fakeApi({ frameCount: () => (frame += 1) })
    nextApi = () => api
    const host = createEmulator(container, { keepWarm: false })
    await host.start(ROM, 'game.nes')
    host.pause()
    await host.loadState(STATE)
    expect(api.loadState).toHaveBeenCalledWith(STATE)
    expect(api.resume).toHaveBeenCalled()
    expect(host.isPaused()).toBe(false)

    const shorter = STATE.subarray(0, 32)
    const notAState = new Uint8Array(STATE.length)
    for (const bad of [shorter, notAState]) {
      await expect(host.loadState(bad)).rejects.toMatchObject({ code: 'StateMismatch' })
    }
    expect(api.loadState).toHaveBeenCalledTimes(1)
    host.dispose()
  })

  it('maps fast-forward speeds to core ratios and passes rewind through', async () => {
    const api = fakeApi()
    nextApi = () => api
    const host = createEmulator(container, { keepWarm: false })
    await host.start(ROM, 'game.nes')
    host.setFastForward('x3')
    host.setFastForward('unlimited')
    host.setFastForward('off')
    expect(vi.mocked(api.setFastForward).mock.calls).toEqual([[3], [0], [undefined]])
    host.setRewinding(true)
    expect(api.setRewinding).toHaveBeenCalledWith(true)
    host.dispose()
  })
})

describe('emulator host in online play (lockstep)', () => {
  async function heldGame() {
    const api = fakeApi()
    nextApi = () => api
    const host = createEmulator(container, { keepWarm: false, exposeGlobal: false })
    await host.start(ROM, 'game.nes')
    host.setButton('right', true, 1) // a key held before the room opened
    await host.enterLockstep()
    vi.mocked(api.setButton).mockClear()
    return { api, host }
  }

  it("records the page's buttons as this player's pad instead of pressing them in the game", async () => {
    const { api, host } = await heldGame()
    expect(api.holdRunning).toHaveBeenCalled()
    host.setButton('a', true, 0)
    host.press('start', 100)
    expect(api.setButton).not.toHaveBeenCalled()
    // A (bit 0), START (bit 3) and the controller-2 key RIGHT (bit 7): all this player's.
    expect(host.localPad()).toBe(0x01 | 0x08 | 0x80)
    host.dispose()
  })

  it('keeps a tap released before the pad was read for the next read, once', async () => {
    const { host } = await heldGame()
    expect(host.localPad()).toBe(0x80) // RIGHT, still held
    host.setButton('b', true, 0)
    host.setButton('b', false, 0) // down and up between two reads (a busy page, a quick tap)
    expect(host.localPad()).toBe(0x02 | 0x80)
    expect(host.localPad()).toBe(0x80)
    host.dispose()
  })

  it('runs one frame per step with both controllers set from the pads, changing only what differs', async () => {
    const { api, host } = await heldGame()
    host.stepWithPads([0x01, 0x10])
    expect(vi.mocked(api.setButton).mock.calls).toEqual([
      [8, true, 0],
      [4, true, 1],
    ])
    expect(api.stepOnly).toHaveBeenCalledTimes(1)
    vi.mocked(api.setButton).mockClear()
    host.stepWithPads([0x01, 0x00])
    expect(vi.mocked(api.setButton).mock.calls).toEqual([[4, false, 1]])
    expect(api.stepOnly).toHaveBeenCalledTimes(2)
    host.dispose()
  })

  it('loads a state at once (the core applies it in one iteration), and refuses what would split the game', async () => {
    const { api, host } = await heldGame()
    host.loadStateNow(STATE)
    expect(api.loadState).toHaveBeenCalledWith(STATE)
    expect(api.stepOnly).toHaveBeenCalledTimes(1)
    for (const refused of [
      () => host.setRewinding(true),
      () => host.setFastForward('x3'),
      () => host.reset(),
      () => host.pause(),
    ]) {
      expect(refused).toThrow(expect.objectContaining({ code: 'OnlinePlay' }))
    }
    await expect(host.loadState(STATE)).rejects.toMatchObject({ code: 'OnlinePlay' })
    expect(api.setRewinding).not.toHaveBeenCalled()
    host.dispose()
  })

  it('is silent while waiting and gives the game back to the page when it leaves', async () => {
    const { api, host } = await heldGame()
    host.setWaiting(true)
    expect(api.setVolume).toHaveBeenLastCalledWith(0)
    host.stepWithPads([0x01, 0])
    host.leaveLockstep()
    expect(api.setVolume).toHaveBeenLastCalledWith(0.5)
    expect(api.release).toHaveBeenCalled()
    // The room's A is released, the page's held RIGHT on controller 2 pressed again.
    expect(vi.mocked(api.setButton).mock.calls.slice(-2)).toEqual([
      [8, false, 0],
      [7, true, 1],
    ])
    host.setButton('b', true, 0)
    expect(api.setButton).toHaveBeenLastCalledWith(0, true, 0)
    host.dispose()
  })
})
