// Runs inside emulator-frame.html (one iframe per game). Loads EmulatorJS's scripts from our own server,
// patches out everything that would leave the origin or freeze, loads the fceumm core right away and then
// waits for the host to hand over a ROM. Exposes window.nesFrame (see frame-api.ts).
import './frame.css'
import { EMULATORJS_BASE_PATH } from '@nes-studio/shared/emulator-assets'
import type { EjsFileSystem, EjsInstance, EjsPrototype, EjsWindow } from './ejs-globals'
import type { BaseFrameApi, FrameFailure } from './frame-api'
import { patchCoreLoading } from './core-patches'
import { prefetchCoreBundles } from './core-source'
import { createMemoryReader } from './memory-reader'
import { createRewind } from './rewind'
import { catchWakeLockRefusals } from './wake-lock'
import { withFrameStepping } from './frame-step'
import { drawAtPictureSize } from './picture-size'
import type { PictureSizeWindow } from './picture-size'
import { batterySavePath, emulatorGameName } from './game-name'
import { EJS_SCRIPTS } from '../frame-files'
import { refusedGameMessage } from '../fceumm-mappers'
import { inesMapper } from '../ines'

const ejsWindow = window as unknown as EjsWindow & Window
const rewind = createRewind()

const audioContexts: AudioContext[] = []

/** Tracks every AudioContext the core creates so a user gesture in the page can resume them. */
function trackAudioContexts(): void {
  const Original = window.AudioContext
  if (!Original) return
  class TrackedAudioContext extends Original {
    constructor(options?: AudioContextOptions) {
      super(options)
      audioContexts.push(this)
    }
  }
  window.AudioContext = TrackedAudioContext
}

function loadStyle(href: string): void {
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  document.head.appendChild(link)
}

/** Appends all scripts at once: they download in parallel and run in order (async = false). */
function loadScripts(base: string, files: readonly string[]): Promise<void> {
  const loads = files.map(
    (file) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script')
        script.src = `${base}src/${file}`
        script.async = false
        script.onload = () => resolve()
        script.onerror = () => reject(new Error(`Failed to load ${file}`))
        document.head.appendChild(script)
      }),
  )
  return Promise.all(loads).then(() => undefined)
}

function failure(code: FrameFailure['code'], message: string): FrameFailure {
  return { code, message }
}

/**
 * The host page owns the key map (the user can rebind it): EmulatorJS gets no keys of its own, and keys
 * pressed while the game frame has focus go to the host window as if pressed there.
 */
const NO_KEYS = { 0: {}, 1: {}, 2: {}, 3: {} }

function forwardKeysToHost(): void {
  const host = window.parent as Window & typeof globalThis
  if (host === window) return
  const forward = (event: KeyboardEvent) => {
    const copy = new host.KeyboardEvent(event.type, {
      key: event.key,
      code: event.code,
      repeat: event.repeat,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      cancelable: true,
    })
    host.dispatchEvent(copy)
    if (copy.defaultPrevented) event.preventDefault()
  }
  window.addEventListener('keydown', forward, true)
  window.addEventListener('keyup', forward, true)
}

interface Deferred<T> {
  promise: Promise<T>
  resolve: (value: T) => void
  reject: (reason: unknown) => void
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  // Observed later by whoever awaits; avoid an unhandled-rejection report in between.
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}

const ready = deferred<void>()
const started = deferred<void>()
const rom = deferred<{ bytes: Uint8Array; fileName: string; batterySave: Uint8Array | null }>()
let isRomHandedOver = false
/** The handed-over ROM's mapper, to name it when the core refuses the game. */
let romMapper = 0
let afterFirstFrame: (() => void) | undefined
/** The picture's shape the host asked for: square pixels are drawn at the picture's own size. */
let isSquarePixels = true

function fail(error: FrameFailure): void {
  ready.reject(error)
  started.reject(error)
}

function patchEmulatorJs(): void {
  const EmulatorJS = ejsWindow.EmulatorJS
  const GameManager = ejsWindow.EJS_GameManager
  if (!EmulatorJS || !GameManager) throw new Error('EmulatorJS globals missing')
  // The update check fetches a CDN file: never leave the origin.
  EmulatorJS.prototype.checkForUpdates = () => undefined
  const originalError = EmulatorJS.prototype.startGameError
  EmulatorJS.prototype.startGameError = function (this: unknown, message: string) {
    // Before the ROM is handed over, any failure is about the core; after it, about the game.
    fail(failure(isRomHandedOver ? 'UnsupportedMapper' : 'WasmLoadFailed', message))
    originalError.call(this, message)
  }
  patchCoreLoading(EmulatorJS.prototype, ejsWindow, (message) =>
    fail(failure('WasmLoadFailed', message)),
  )
  // Park the emulator right before it needs the ROM: core downloaded, decompressed and compiled.
  const originalDownloadRom = EmulatorJS.prototype.downloadRom
  EmulatorJS.prototype.downloadRom = async function (this: EjsInstance) {
    performance.mark('nes-frame:core-ready')
    ready.resolve()
    const { bytes, fileName, batterySave } = await rom.promise
    performance.mark('nes-frame:rom-received')
    romMapper = inesMapper(bytes)
    const gameName = emulatorGameName(fileName)
    this.config.gameUrl = bytes
    this.config.gameName = gameName
    if (this.gameManager) writeBatterySave(this.gameManager.FS, gameName, batterySave)
    await originalDownloadRom.call(this)
    performance.mark('nes-frame:rom-written')
  }
  // EmulatorJS builds its (hidden) settings menu right after the core starts, ~150 ms of DOM work that
  // would delay the first picture: build it once the game's picture is on screen instead
  // (waitForFirstFrame).
  const originalStartGame = EmulatorJS.prototype.startGame
  EmulatorJS.prototype.startGame = function (this: EjsInstance & EjsPrototype) {
    const setup = this.setupSettingsMenu
    const placeholder = document.createElement('div')
    placeholder.style.display = 'none'
    this.settingsMenu = placeholder
    // setupSettingsMenu is also what creates the two setting tables that getSettingValue reads. On a
    // touch device EmulatorJS's 'start' handlers (virtual gamepad, menu button) read settings at once,
    // before the deferred menu exists: without these tables they throw and the game never starts.
    // Keys pressed in the frame before the first picture read them too (keyChange).
    this.settings ??= {}
    this.allSettings ??= {}
    this.setupSettingsMenu = () => {
      afterFirstFrame = () => {
        delete (this as Partial<EjsPrototype>).setupSettingsMenu
        setup.call(this)
      }
    }
    return originalStartGame.call(this)
  }
  // A suspended AudioContext must not stall emulation until the first click.
  const originalCfg = GameManager.prototype.getRetroArchCfg
  GameManager.prototype.getRetroArchCfg = function (this: unknown) {
    return `${originalCfg.call(this)}audio_sync = "false"\n`
  }
}

/**
 * Puts the host's battery save where the core loads it from, or removes what is there: EmulatorJS keeps
 * /data/saves in the browser (IndexedDB) on its own, so a game must never inherit another's file.
 */
function writeBatterySave(fs: EjsFileSystem, gameName: string, save: Uint8Array | null): void {
  const path = batterySavePath(gameName)
  if (save) {
    fs.mkdirTree(path.slice(0, path.lastIndexOf('/')))
    fs.writeFile(path, save)
  } else if (fs.analyzePath(path).exists) {
    fs.unlink(path)
  }
}

function createEmulator(): EjsInstance {
  const EmulatorJS = ejsWindow.EmulatorJS
  if (!EmulatorJS) throw new Error('EmulatorJS missing')
  const emulator = new EmulatorJS('#game', {
    gameUrl: 'game',
    dataPath: EMULATORJS_BASE_PATH,
    system: 'nes',
    startOnLoad: true,
    disableDatabases: true,
    disableLocalStorage: true,
    defaultControllers: NO_KEYS,
    shaders: {},
    volume: 0.5,
    backgroundColor: '#000000',
    color: '#e4332b',
    noAutoFocus: true,
    // Our own on-screen controller is the touch input: EmulatorJS's virtual gamepad and its menu
    // button stay off on touch screens (they would also cover the picture).
    defaultOptions: { 'virtual-gamepad': 'disabled', 'menu-bar-button': 'hidden' },
  })
  ejsWindow.EJS_emulator = emulator
  emulator.on('start', () => {
    if (!isGameLoaded(emulator)) {
      fail(failure('UnsupportedMapper', refusedGameMessage(romMapper)))
      return
    }
    void waitForFirstFrame(emulator)
    if (emulator.gameManager) rewind.attach(emulator.gameManager)
  })
  return emulator
}

/**
 * When fceumm refuses a game (a mapper it does not know), RetroArch shows its own menu (Load Content,
 * Netplay, Quit…) and runs it, and EmulatorJS still calls that a start. Only a loaded game can be
 * serialised: the third field of the core's state info is 1 then ("Size is zero||0" without a game).
 */
function isGameLoaded(emulator: EjsInstance): boolean {
  return emulator.gameManager?.functions.saveStateInfo().split('|')[2] === '1'
}

/**
 * The host hears that the game runs once it has emulated this many frames (or this long after the first
 * one): the host page's reaction (its re-render, layout and raster of the running console) then no longer
 * competes with the first frames, and the game's own picture (emulated frame 4–7) shows sooner.
 */
const ANNOUNCE_AFTER_FRAMES = 8
const ANNOUNCE_AFTER_MS = 250

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

/** Waits until the game has emulated `frames` frames, or `ms` have passed (a paused game, a hidden frame). */
async function framesOrTime(emulator: EjsInstance, frames: number, ms: number): Promise<void> {
  const deadline = performance.now() + ms
  const tick = () =>
    Promise.race([nextFrame(), new Promise<void>((resolve) => setTimeout(resolve, 50))])
  while ((emulator.gameManager?.getFrameNum() ?? 0) < frames && performance.now() < deadline)
    await tick()
}

async function waitForFirstFrame(emulator: EjsInstance): Promise<void> {
  while ((emulator.gameManager?.getFrameNum() ?? 0) < 1) await nextFrame()
  await nextFrame()
  performance.mark('nes-frame:first-frame')
  await framesOrTime(emulator, ANNOUNCE_AFTER_FRAMES, ANNOUNCE_AFTER_MS)
  started.resolve()
  // The deferred settings menu (~125 ms of DOM work), now that the picture is on screen. Not later, once
  // the page sends input: built 45 frames on, it dropped a held touch button (player-touch.spec).
  const pending = afterFirstFrame
  afterFirstFrame = undefined
  if (pending) setTimeout(pending, 0)
}

function gameManager(emulator: EjsInstance) {
  const manager = emulator.gameManager
  if (!manager) throw new Error('The game is not running')
  return manager
}

function createApi(emulator: () => EjsInstance | undefined): BaseFrameApi {
  const running = () => {
    const instance = emulator()
    if (!instance?.started) throw new Error('The game is not running')
    return instance
  }
  const memory = createMemoryReader(() => running().Module)
  return {
    ready: ready.promise,
    start(bytes, fileName, batterySave) {
      isRomHandedOver = true
      rom.resolve({
        bytes: new Uint8Array(bytes),
        fileName,
        batterySave: batterySave ? new Uint8Array(batterySave) : null,
      })
      return started.promise
    },
    setButton(id, down, player) {
      gameManager(running()).simulateInput(player, id, down ? 1 : 0)
    },
    pause: () => gameManager(running()).toggleMainLoop(0),
    resume: () => gameManager(running()).toggleMainLoop(1),
    reset: () => gameManager(running()).restart(),
    frameCount: () => emulator()?.gameManager?.getFrameNum() ?? 0,
    screenshot: () => gameManager(running()).screenshot(),
    readMemory: (address, length) => memory.read(address, length),
    readSave() {
      const save = gameManager(running()).getSaveFile()
      return save ? new Uint8Array(save) : null
    },
    saveState: () => new Uint8Array(gameManager(running()).getState()),
    loadState(state) {
      gameManager(running()).loadState(new Uint8Array(state))
    },
    setRewinding(on) {
      gameManager(running())
      rewind.setRewinding(on)
    },
    setFastForward(ratio) {
      // Edge-triggered in the core: off, set the ratio, on again.
      const manager = gameManager(running())
      manager.toggleFastForward(0)
      if (ratio === undefined) return
      manager.setFastForwardRatio(ratio)
      manager.toggleFastForward(1)
    },
    setVolume(volume) {
      running().setVolume?.(volume)
    },
    setPictureShape(shape) {
      // RetroArch draws the core's aspect inside the canvas: the host sizes the box to match.
      isSquarePixels = shape !== '4:3'
      gameManager(running()).setVariable('fceumm_aspect', shape === '4:3' ? '4:3' : 'PP')
    },
    resumeAudio() {
      const contexts = [...audioContexts]
      const alContext = emulator()?.Module?.AL?.currentCtx?.audioCtx
      if (alContext) contexts.push(alContext)
      for (const context of contexts) if (context.state === 'suspended') void context.resume()
    },
  }
}

async function boot(): Promise<void> {
  let emulator: EjsInstance | undefined
  const api = createApi(() => emulator)
  // Before the core makes its ResizeObserver (and frame stepping wraps it again).
  drawAtPictureSize(window as unknown as PictureSizeWindow, () => isSquarePixels)
  window.nesFrame = withFrameStepping(api, () => emulator?.gameManager)
  // A click or key on the game screen itself (the iframe has focus) also allows sound.
  document.addEventListener('pointerdown', () => api.resumeAudio(), true)
  document.addEventListener('keydown', () => api.resumeAudio(), true)
  trackAudioContexts()
  catchWakeLockRefusals()
  forwardKeysToHost()
  prefetchCoreBundles()
  loadStyle(`${EMULATORJS_BASE_PATH}emulator.css`)
  try {
    await loadScripts(EMULATORJS_BASE_PATH, EJS_SCRIPTS)
    patchEmulatorJs()
    emulator = createEmulator()
  } catch (error) {
    fail(failure('WasmLoadFailed', error instanceof Error ? error.message : String(error)))
  }
}

void boot()
