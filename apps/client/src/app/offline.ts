// Offline use and installing: registers the service worker the build emits (vite-plugin-pwa, Workbox).
// After one visit the player, a game from the slot and the studio work without the server; a new deploy
// takes over on the next load (the worker skips waiting and the page reloads once it is in control).
// The worker precaches the app (~1.2 MB before compression, the studio included) once installed, so it is
// registered on a first visit a while after the page has loaded, when the main thread is idle: a visitor
// who plays at once gets the page, the core and the game's first picture without that download competing
// (issue 14).
import { registerSW } from 'virtual:pwa-register'

/** How long after the load event the worker is registered (then at the next idle moment). */
export const REGISTER_AFTER_LOAD_MS = 3000
/** The longest wait for an idle moment after that. */
const IDLE_TIMEOUT_MS = 5000

export function registerOfflineSupport(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const register = () => void registerSW({ immediate: true })
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS })
    else register()
  }
  // A page a worker already controls (a return visit) registers at once: the shell is cached, and a new
  // deploy's worker must be seen taking over so the page reloads into it (registered later, the
  // navigation's own update check could install it first, unnoticed).
  if (navigator.serviceWorker.controller) return register()
  const afterLoad = () => setTimeout(whenIdle, REGISTER_AFTER_LOAD_MS)
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
}
