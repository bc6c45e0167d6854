// The spec's "game instance": a global object with press(button, duration) that on-screen controls call.
// It exists only while a game runs.
import type { NesButton } from './types'

export interface GameInstance {
  press(button: NesButton, durationMs: number): void
  /** `player` 0 is controller 1 (the default), 1 is controller 2. */
  setButton(button: NesButton, down: boolean, player?: 0 | 1): void
  fps(): number
  screenshot(): Promise<Blob>
  readMemory(address: number, length: number): Promise<Uint8Array>
}

declare global {
  interface Window {
    gameInstance?: GameInstance
  }
}

export function exposeGameInstance(instance: GameInstance): void {
  window.gameInstance = instance
}

export function clearGameInstance(instance: GameInstance): void {
  if (window.gameInstance === instance) delete window.gameInstance
}

/** The current game instance, or undefined (then a button click only logs, as the spec says). */
export function getGameInstance(): GameInstance | undefined {
  return window.gameInstance
}
