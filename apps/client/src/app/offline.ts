// Offline use and installing: registers the service worker the build emits (vite-plugin-pwa, Workbox).
// After one visit the player, a game from the slot and the studio work without the server; a new deploy
// takes over on the next load (the worker skips waiting and the page reloads once it is in control).
import { registerSW } from 'virtual:pwa-register'

export function registerOfflineSupport(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  registerSW({ immediate: true })
}
