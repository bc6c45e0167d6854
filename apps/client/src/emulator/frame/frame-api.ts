// What the emulator iframe exposes on its window (`window.nesFrame`) to the host in the parent page.
// Same origin, so calls are direct; byte arrays are copied into the iframe's own realm on the way in,
// because EmulatorJS checks `instanceof Uint8Array` against the iframe's globals.
import type { PictureShape } from '../types'
import type { CorePicture } from './frame-step'

export type FrameFailureCode = 'WasmLoadFailed' | 'UnsupportedMapper'

export interface FrameFailure {
  code: FrameFailureCode
  message: string
}

/** Frame-exact stepping (frame-step.ts): the check on both cores runs fceumm one frame at a time. */
export interface FrameStepApi {
  /**
   * Hands over the ROM as start() does, but holds the game at power-on, before its first frame; resolves once it
   * is held, rejects with a FrameFailure.
   */
  startPaused(bytes: Uint8Array, fileName: string): Promise<void>
  /** Runs exactly one frame of the held game and returns its picture (throws when none is held). */
  stepFrame(): CorePicture
  /** Holds the running game at its next frame boundary (online play); resolves once it is held. */
  holdRunning(): Promise<void>
  /** Runs exactly one frame of the held game, keeping no picture (the canvas shows it). */
  stepOnly(): void
  /** Lets the held game run by itself again. */
  release(): void
}

export type FrameApi = BaseFrameApi & FrameStepApi

export interface BaseFrameApi {
  /** Resolves when the core is loaded and the frame waits for a ROM; rejects with a FrameFailure. */
  readonly ready: Promise<void>
  /**
   * Hands over the ROM and its battery save (null: the game starts with empty save RAM, whatever an
   * earlier game of the same name left in the browser); resolves when the first frame has been drawn,
   * rejects with a FrameFailure.
   */
  start(bytes: Uint8Array, fileName: string, batterySave: Uint8Array | null): Promise<void>
  /** `player` is the controller port: 0 or 1. */
  setButton(libretroId: number, down: boolean, player: number): void
  pause(): void
  resume(): void
  reset(): void
  frameCount(): number
  screenshot(): Promise<Uint8Array>
  readMemory(address: number, length: number): Promise<Uint8Array>
  /** The battery save as the game has it now (flushed from the core), or null for a game without one. */
  readSave(): Uint8Array | null
  /** A save state of the running game (the core's serialisation). */
  saveState(): Uint8Array
  /** Applies a state after the next emulated frame (the main loop must be running). */
  loadState(state: Uint8Array): void
  /** Plays backwards while on (RetroArch's rewind buffer). */
  setRewinding(on: boolean): void
  /** Fast-forward at `ratio` times speed (0: as fast as possible), or off with `undefined`. */
  setFastForward(ratio: number | undefined): void
  setVolume(volume: number): void
  /** The picture's shape: square pixels (fceumm's "PP") or stretched to 4:3. */
  setPictureShape(shape: PictureShape): void
  /** Resumes suspended AudioContexts (call on a user gesture). */
  resumeAudio(): void
}

declare global {
  interface Window {
    nesFrame?: FrameApi
  }
}
