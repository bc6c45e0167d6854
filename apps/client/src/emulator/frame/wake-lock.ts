// The frame's screen wake lock (runs inside emulator-frame.html).

/**
 * RetroArch asks for a screen wake lock when a game starts and leaves a refusal unhandled (permission denied,
 * a hidden page), which surfaced as an uncaught "Wake Lock permission request denied". A refusal only means
 * the screen may dim while the game runs, so it is caught here; a granted lock works as before.
 */
export function catchWakeLockRefusals(): void {
  const wakeLock = navigator.wakeLock as WakeLock | undefined
  if (!wakeLock) return
  const request = wakeLock.request.bind(wakeLock)
  wakeLock.request = (type) => {
    const lock = request(type)
    lock.catch(() => undefined)
    return lock
  }
}
