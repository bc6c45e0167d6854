// createEmulator(container): the only entry point the UI uses. Owns at most one running iframe and,
// optionally, one idle pre-loaded iframe so the next game starts without loading the core again.
import { createFpsMeter } from './fps-meter'
import type { FrameApi } from './frame/frame-api'
import { createFrameSlot, toEmulatorError } from './frame-slot'
import type { FrameSlot } from './frame-slot'
import { clearGameInstance, exposeGameInstance } from './game-instance'
import type { GameInstance } from './game-instance'
import { hasInesHeader } from './ines'
import { LIBRETRO_JOYPAD_ID } from './input-ids'
import { createLockstepControl } from './lockstep-control'
import { EmulatorError } from './types'
import type { EmulatorHost, FastForward, NesButton, PictureShape, StartOptions } from './types'

export const LOAD_TIMEOUT_MS = 20_000

const FAST_FORWARD_RATIO: Readonly<Record<FastForward, number | undefined>> = {
  off: undefined,
  x3: 3,
  unlimited: 0,
}

/** RetroArch states start with the ASCII magic "RASTATE". */
export function hasStateHeader(state: Uint8Array): boolean {
  const magic = 'RASTATE'
  if (state.length < magic.length) return false
  for (let i = 0; i < magic.length; i++) if (state[i] !== magic.charCodeAt(i)) return false
  return true
}
/**
 * While a game runs, the next idle frame is loaded this long after it started, once the first frames
 * are out of the way, so that the next start (eject + new cartridge, or a new studio build) is warm.
 */
export const WARM_UP_DELAY_MS = 1500

export interface EmulatorOptions {
  /** Give up on a start that has not shown a frame after this long (default 20 s). */
  loadTimeoutMs?: number
  /** Keep an idle, pre-loaded iframe ready for the next game (default true). */
  keepWarm?: boolean
  /** Publish window.gameInstance while a game runs (default true). */
  exposeGlobal?: boolean
  frameUrl?: string
}

interface Running {
  slot: FrameSlot
  api: FrameApi
  paused: boolean
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const seconds = Math.round(ms / 1000)
      reject(new EmulatorError('LoadTimeout', `The game did not start within ${seconds} seconds.`))
    }, ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })
}

export function createEmulator(
  container: HTMLElement,
  options: EmulatorOptions = {},
): EmulatorHost {
  const timeoutMs = options.loadTimeoutMs ?? LOAD_TIMEOUT_MS
  const keepWarm = options.keepWarm ?? true
  const exposeGlobal = options.exposeGlobal ?? true
  let idle: FrameSlot | undefined
  let loading: FrameSlot | undefined
  let running: Running | undefined
  let disposed = false
  let volume = 0.5
  let muted = false
  /** Unset: the core's own default until the page chooses one. */
  let pictureShape: PictureShape | undefined
  const fpsMeter = createFpsMeter(() => running?.api.frameCount() ?? 0)
  const releaseTimers = new Set<ReturnType<typeof setTimeout>>()
  let warmUpTimer: ReturnType<typeof setTimeout> | undefined

  const lockstep = createLockstepControl({
    api: () => requireRunning().api,
    applyVolume: () => applyVolume(),
    checkState: (state) => checkState(state),
  })

  const onGesture = () => running?.api.resumeAudio()
  document.addEventListener('pointerdown', onGesture, true)
  document.addEventListener('keydown', onGesture, true)

  function preload(): void {
    if (disposed || idle) return
    idle = createFrameSlot(container, options.frameUrl)
  }

  function applyVolume(): void {
    running?.api.setVolume(muted || lockstep.isWaiting() ? 0 : volume)
  }

  function applyPictureShape(): void {
    if (pictureShape) running?.api.setPictureShape(pictureShape)
  }

  function stop(): void {
    clearTimeout(warmUpTimer)
    for (const timer of releaseTimers) clearTimeout(timer)
    releaseTimers.clear()
    fpsMeter.stop()
    lockstep.forget()
    loading?.remove()
    loading = undefined
    if (running) {
      clearGameInstance(instance)
      running.slot.remove()
      running = undefined
    }
    if (keepWarm) preload()
  }

  function start(bytes: Uint8Array, fileName: string, startOptions: StartOptions = {}) {
    return launch(bytes, (api) => api.start(bytes, fileName, startOptions.batterySave ?? null))
  }

  /** Loads a frame and hands it the ROM with `handOver` (a normal start, or one held at power-on). */
  async function launch(
    bytes: Uint8Array,
    handOver: (api: FrameApi) => Promise<void>,
  ): Promise<void> {
    if (disposed) throw new EmulatorError('Stopped', 'The emulator was disposed.')
    if (!hasInesHeader(bytes)) {
      throw new EmulatorError(
        'BadHeader',
        'This file is not an iNES ROM (it must start with "NES").',
      )
    }
    stop()
    const reused = idle && !idle.hasFailed() ? idle : undefined
    if (idle && !reused) idle.remove()
    idle = undefined
    let slot = reused ?? createFrameSlot(container, options.frameUrl)
    loading = slot
    slot.show()
    const readyFrame = async (): Promise<FrameApi> => {
      try {
        return await slot.ready
      } catch (error) {
        if (slot !== reused || loading !== slot) throw error
        // The pre-loaded frame could not load its core (say it loaded while offline): one fresh try.
        slot.remove()
        slot = createFrameSlot(container, options.frameUrl)
        loading = slot
        slot.show()
        return await slot.ready
      }
    }
    try {
      const api = await withTimeout(
        readyFrame().then(async (readyApi) => {
          await handOver(readyApi)
          return readyApi
        }),
        timeoutMs,
      )
      if (loading !== slot) throw new EmulatorError('Stopped', 'The game was stopped.')
      loading = undefined
      running = { slot, api, paused: false }
      api.resumeAudio()
      applyVolume()
      applyPictureShape()
      fpsMeter.start()
      if (exposeGlobal) exposeGameInstance(instance)
      if (keepWarm) warmUpTimer = setTimeout(preload, WARM_UP_DELAY_MS)
    } catch (error) {
      if (loading === slot) {
        loading = undefined
        slot.remove()
        if (keepWarm) preload()
      }
      throw toEmulatorError(error)
    }
  }

  function requireRunning(): Running {
    if (!running) throw new EmulatorError('NotRunning', 'No game is running.')
    return running
  }

  function setButton(button: NesButton, down: boolean, player: 0 | 1 = 0): void {
    // In online play the page's buttons are this player's pad byte, sent to the room, not the game's.
    if (lockstep.recordButton(button, down, player)) {
      running?.api.setButton(LIBRETRO_JOYPAD_ID[button], down, player)
    }
  }

  function press(button: NesButton, durationMs: number): void {
    setButton(button, true)
    const timer = setTimeout(() => {
      releaseTimers.delete(timer)
      setButton(button, false)
    }, durationMs)
    releaseTimers.add(timer)
  }

  /** Waits until the game has emulated `count` more frames (or stopped). */
  async function framesPass(game: Running, count: number): Promise<void> {
    const target = game.api.frameCount() + count
    while (running === game && game.api.frameCount() < target) {
      await new Promise((resolve) => setTimeout(resolve, 16))
    }
  }

  /**
   * The core silently ignores a state of another size (another game's board or another core build), and
   * one without RetroArch's header is not a state at all: refuse both before touching the game.
   */
  function checkState(state: Uint8Array): void {
    const current = requireRunning().api.saveState()
    if (!hasStateHeader(state) || state.length !== current.length) {
      throw new EmulatorError(
        'StateMismatch',
        'This state was not saved from this game on this emulator, so it was not loaded. The game keeps running.',
      )
    }
  }

  async function loadState(state: Uint8Array): Promise<void> {
    lockstep.refuse('Loading a state')
    const game = requireRunning()
    checkState(state)
    if (game.paused) {
      game.api.resume()
      game.paused = false
    }
    game.api.loadState(state)
    await framesPass(game, 2)
  }

  async function screenshot(): Promise<Blob> {
    const png = await requireRunning().api.screenshot()
    return new Blob([new Uint8Array(png)], { type: 'image/png' })
  }

  const instance: GameInstance = {
    press,
    setButton,
    fps: () => fpsMeter.fps(),
    screenshot,
    readMemory: (address, length) => requireRunning().api.readMemory(address, length),
  }

  return {
    ...instance,
    start,
    stop,
    preload,
    isRunning: () => running !== undefined,
    pause() {
      lockstep.refuse('Pausing the emulator')
      const game = requireRunning()
      game.api.pause()
      game.paused = true
    },
    resume() {
      lockstep.refuse('Pausing the emulator')
      const game = requireRunning()
      game.api.resume()
      game.paused = false
    },
    isPaused: () => running?.paused ?? false,
    readSave: () => running?.api.readSave() ?? null,
    saveState: () => requireRunning().api.saveState(),
    loadState,
    setRewinding(on) {
      if (on) lockstep.refuse('Rewind')
      requireRunning().api.setRewinding(on)
    },
    setFastForward(speed: FastForward) {
      if (speed !== 'off') lockstep.refuse('Fast-forward')
      requireRunning().api.setFastForward(FAST_FORWARD_RATIO[speed])
    },
    reset() {
      lockstep.refuse('Reset')
      requireRunning().api.reset()
    },
    startPaused: (bytes, fileName) => launch(bytes, (api) => api.startPaused(bytes, fileName)),
    stepFrame: () => requireRunning().api.stepFrame(),
    enterLockstep: lockstep.enterLockstep,
    isInLockstep: lockstep.isInLockstep,
    stepWithPads: lockstep.stepWithPads,
    loadStateNow: lockstep.loadStateNow,
    localPad: lockstep.localPad,
    setWaiting: lockstep.setWaiting,
    leaveLockstep: lockstep.leaveLockstep,
    setVolume(next) {
      volume = Math.min(1, Math.max(0, next))
      applyVolume()
    },
    setMuted(next) {
      muted = next
      applyVolume()
    },
    setPictureShape(shape) {
      pictureShape = shape
      applyPictureShape()
    },
    dispose() {
      disposed = true
      stop()
      idle?.remove()
      idle = undefined
      document.removeEventListener('pointerdown', onGesture, true)
      document.removeEventListener('keydown', onGesture, true)
    },
  }
}
