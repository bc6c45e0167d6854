// The files an emulator frame asks for first: EmulatorJS's scripts, the core's report and the
// pre-extracted core. The host page starts downloading them itself when it creates a frame, so they are in
// the HTTP cache (or on their way) while the frame's own document and script still load; the frame then
// gets them from the cache instead of only asking once its script has run (two round trips later, on a
// busy main thread). The core bundle is handed to the frame as the host's own bytes (core-hand-off.ts).
import { EMULATORJS_BASE_PATH } from '@nes-studio/shared/emulator-assets'
import { coreBundleUrls } from 'virtual:fceumm-core'
import { offerCoreBundles } from './core-hand-off'

/** EmulatorJS's scripts in loader.js order, minus socket.io (netplay is off) and shaders.js (no shaders). */
export const EJS_SCRIPTS = [
  'emulator.js',
  'nipplejs.js',
  'storage.js',
  'gamepad.js',
  'GameManager.js',
  'compression.js',
] as const

let isWarm = false

/** EmulatorJS's files a frame asks for (the core bundle aside). */
function frameFileUrls(): string[] {
  return [
    ...EJS_SCRIPTS.map((file) => `${EMULATORJS_BASE_PATH}src/${file}`),
    `${EMULATORJS_BASE_PATH}emulator.css`,
    // Asked for once the scripts have run, before EmulatorJS requests the core: one round trip less.
    `${EMULATORJS_BASE_PATH}cores/reports/fceumm.json`,
  ]
}

/** Every file an emulator frame fetches besides the app's own (precached): for the offline cache. */
export function emulatorFileUrls(): string[] {
  return [...frameFileUrls(), ...Object.values(coreBundleUrls)]
}
let isCoreWarm = false

/**
 * Once per page: starts downloading the core bundle (the largest file, ~1 MB) and offers it to the first
 * frame. Alone, it takes one of the browser's six connections to the host, so a frame created next
 * still gets its document and scripts at once.
 */
export function warmCoreBundle(): void {
  if (isCoreWarm || typeof fetch !== 'function') return
  isCoreWarm = true
  offerCoreBundles(Object.values(coreBundleUrls))
}

/** Once per page: fetches the frame's first files into the HTTP cache (they are immutable). */
export function warmFrameFiles(): void {
  if (isWarm || typeof fetch !== 'function') return
  isWarm = true
  warmCoreBundle()
  for (const url of frameFileUrls()) {
    // Read to the end, so the response is stored; failures are the frame's to report.
    void fetch(url, { priority: 'high' })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined)
  }
}
