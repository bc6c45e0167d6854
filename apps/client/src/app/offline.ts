// Offline use and installing: registers the service worker the build emits (vite-plugin-pwa, Workbox).
// After one visit the player, a game from the slot and the studio work without the server; a new deploy
// takes over on the next load (the worker skips waiting and the page reloads once it is in control).
// The worker precaches the app (~1.2 MB before compression, the studio included) once installed, so it is
// registered on a first visit a while after the page has loaded, when the main thread is idle: a visitor
// who plays at once gets the page, the core and the game's first picture without that download competing
// (issue 14). Once the worker controls the page, the emulator's files and the core (~1.4 MB, not precached: a
// visitor may never play) are fetched through it at an idle moment, so its runtime rules keep them and a
// visitor who only looked at the site can still play a cartridge from the computer offline (issue 23).
import { registerSW } from 'virtual:pwa-register'
import { emulatorFileUrls } from '../emulator/frame-files'

/** How long after the load event the worker is registered (then at the next idle moment). */
export const REGISTER_AFTER_LOAD_MS = 3000
/** The longest wait for an idle moment after that. */
const IDLE_TIMEOUT_MS = 5000

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
  else run()
}

/** Fetches the emulator's files through the worker (its cache-first rules keep them), read to the end. */
function cacheEmulatorFiles(): void {
  for (const url of emulatorFileUrls()) {
    // A failure only means that file is fetched again when a game starts.
    void fetch(url, { priority: 'low' })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined)
  }
}

/** Once a worker controls the page (at once on a return visit), at an idle moment. */
function cacheEmulatorWhenControlled(): void {
  const cache = () => setTimeout(() => whenIdle(cacheEmulatorFiles), REGISTER_AFTER_LOAD_MS)
  if (navigator.serviceWorker.controller) cache()
  else navigator.serviceWorker.addEventListener('controllerchange', cache, { once: true })
}

export function registerOfflineSupport(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const register = () => void registerSW({ immediate: true })
  cacheEmulatorWhenControlled()
  // A page a worker already controls (a return visit) registers at once: the shell is cached, and a new
  // deploy's worker must be seen taking over so the page reloads into it (registered later, the
  // navigation's own update check could install it first, unnoticed).
  if (navigator.serviceWorker.controller) return register()
  const afterLoad = () => setTimeout(() => whenIdle(register), REGISTER_AFTER_LOAD_MS)
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
}
