// The player's input settings (key and gamepad maps for both controllers, vibration, scanlines, picture shape), kept in
// localStorage so they survive a reload, and shared live by every screen that plays (player, studio) and
// by other tabs (the `storage` event).
import { useSyncExternalStore } from 'react'
import { DEFAULT_BINDINGS, parseBindings } from '../emulator/key-map'
import type { ControlBindings } from '../emulator/key-map'
import type { PictureShape } from '../emulator/types'

export interface InputSettings {
  bindings: ControlBindings
  /** A short vibration when an on-screen button is touched (where the browser can vibrate). */
  vibration: boolean
  /** Scanlines drawn over the game picture. */
  scanlines: boolean
  /** Square pixels (the default) or the picture stretched to 4:3. */
  pictureShape: PictureShape
}

export const INPUT_SETTINGS_KEY = 'nes-studio.input-settings.v1'

export const DEFAULT_INPUT_SETTINGS: InputSettings = {
  bindings: DEFAULT_BINDINGS,
  vibration: true,
  scanlines: true,
  pictureShape: 'square',
}

function parse(text: string | null): InputSettings {
  if (!text) return DEFAULT_INPUT_SETTINGS
  try {
    const value = JSON.parse(text) as Partial<Record<keyof InputSettings, unknown>>
    return {
      bindings: parseBindings(value.bindings),
      vibration: typeof value.vibration === 'boolean' ? value.vibration : true,
      scanlines: typeof value.scanlines === 'boolean' ? value.scanlines : true,
      pictureShape: value.pictureShape === '4:3' ? '4:3' : 'square',
    }
  } catch {
    return DEFAULT_INPUT_SETTINGS
  }
}

function readStored(): InputSettings {
  try {
    return parse(window.localStorage.getItem(INPUT_SETTINGS_KEY))
  } catch {
    // Storage can be disabled (some private modes): play with the defaults.
    return DEFAULT_INPUT_SETTINGS
  }
}

let current: InputSettings | undefined
const listeners = new Set<() => void>()

export function getInputSettings(): InputSettings {
  current ??= readStored()
  return current
}

function notify(): void {
  for (const listener of listeners) listener()
}

/**
 * Applies and stores new settings. They apply at once even when they cannot be stored; the storage
 * failure is thrown (as an Error with a message for people) so the caller can show it.
 */
export function saveInputSettings(next: InputSettings): void {
  current = next
  notify()
  try {
    window.localStorage.setItem(INPUT_SETTINGS_KEY, JSON.stringify(next))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Your settings apply now but could not be kept in this browser (${reason}).`)
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key !== INPUT_SETTINGS_KEY && event.key !== null) return
    current = readStored()
    notify()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useInputSettings(): InputSettings {
  return useSyncExternalStore(subscribe, getInputSettings, () => DEFAULT_INPUT_SETTINGS)
}

/** Forgets the cached copy (tests only: they change localStorage directly). */
export function resetInputSettingsCache(): void {
  current = undefined
}
