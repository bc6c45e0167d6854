// One emulator iframe: created hidden, its core loading at once; shown when a game starts on it; removed
// (with every timer, worker and audio node inside it) when the game stops. EmulatorJS has no destroy API,
// so dropping the whole document is the only leak-free way to stop a game.
import type { FrameApi, FrameFailure } from './frame/frame-api'
import { warmFrameFiles } from './frame-files'
import { waitFor } from './retry'
import { EmulatorError } from './types'

export const FRAME_URL = '/emulator-frame.html'

export interface FrameSlot {
  readonly iframe: HTMLIFrameElement
  /** Resolves with the frame's API once its core is loaded and it waits for a ROM. */
  readonly ready: Promise<FrameApi>
  /** True once `ready` has rejected (e.g. the core could not be downloaded): such a frame is never reused. */
  hasFailed(): boolean
  show(): void
  remove(): void
}

function isFrameFailure(value: unknown): value is FrameFailure {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value
}

/** Turns whatever the frame rejected with into an EmulatorError. */
export function toEmulatorError(error: unknown): EmulatorError {
  if (error instanceof EmulatorError) return error
  if (isFrameFailure(error)) return new EmulatorError(error.code, error.message)
  const message = error instanceof Error ? error.message : String(error)
  return new EmulatorError('WasmLoadFailed', message)
}

export function createFrameSlot(container: HTMLElement, frameUrl = FRAME_URL): FrameSlot {
  const iframe = document.createElement('iframe')
  iframe.src = frameUrl
  iframe.title = 'NES game screen'
  iframe.className = 'emulator-frame emulator-frame--idle'
  iframe.setAttribute('allow', 'autoplay; fullscreen; gamepad')
  iframe.tabIndex = -1
  container.appendChild(iframe)
  // After the frame's own document has asked for a connection: the browser opens at most six per host,
  // and the document (then its script) is what everything else in the frame waits for.
  warmFrameFiles()
  const aborter = new AbortController()

  const ready = waitFor(() => iframe.contentWindow?.nesFrame, undefined, aborter.signal).then(
    async (api) => {
      await api.ready
      return api
    },
  )
  // Observed by start(); an idle frame that failed is replaced by a fresh one when a game starts.
  let failed = false
  ready.catch(() => {
    failed = true
  })

  return {
    iframe,
    ready,
    hasFailed: () => failed,
    show() {
      iframe.classList.remove('emulator-frame--idle')
      iframe.tabIndex = 0
    },
    remove() {
      aborter.abort(new EmulatorError('Stopped', 'The game was stopped.'))
      iframe.remove()
    },
  }
}
