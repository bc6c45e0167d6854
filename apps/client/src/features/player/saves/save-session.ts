// The saves of one running game: restores its battery save before it starts, writes it back every few
// seconds while it changed and once more when the game stops or the page is hidden or left, and keeps a
// `resume` state where the player left off. Reading from the emulator is synchronous, so everything is
// captured before the game's frame goes away; storing happens afterwards.
import { EMULATORJS_VERSION } from '@nes-studio/shared/emulator-assets'
import type { BatteryRam, FrameSource, StateSnapshots } from '../../../emulator/types'
import { browserSaves } from './browser-saves'
import { hasBattery, romSha1 } from './cartridge'
import type { CartridgeSource } from './cartridge'
import { librarySaves } from './library-saves'
import { BatteryConflictError } from './saves'
import type { BatteryConflict, CartridgeSaves } from './saves'

/** How often a changed battery save is written back while the game runs. */
export const BATTERY_FLUSH_MS = 4000
/**
 * How often the running game's picture is kept for the thumbnail of its resume state: the state is taken as
 * the game stops (EJECT, leaving the page), synchronously, when there is no time left to ask for a picture.
 */
export const THUMBNAIL_EVERY_MS = 5000
/** The first picture, once the game is past its first frames. */
const FIRST_THUMBNAIL_MS = 1500
/** A picture that does not come within this long (a paused game never sends one) is not waited for. */
const THUMBNAIL_TIMEOUT_MS = 5000

type Emulator = BatteryRam &
  Pick<StateSnapshots, 'saveState'> &
  Partial<Pick<FrameSource, 'screenshot'>> & { isRunning(): boolean }

const noop = () => undefined

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === b) return true
  if (!a || !b || a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export interface SaveSession {
  readonly saves: CartridgeSaves
  readonly sha1: string
  readonly hasBattery: boolean
  /** Loads the battery save to hand to the emulator (null when there is none or no battery). */
  prepare(): Promise<Uint8Array | null>
  /** From now on the running game's battery save is written back when it changes. */
  begin(): void
  /** Writes the battery save if it changed. */
  flushBattery(): Promise<void>
  /**
   * Captures the battery save and a resume state now (call before the game's frame goes away), then
   * stores them. Resolves when stored; failures go to `onError`. With `isFinal` the autosave stops.
   */
  checkpoint(options: { keepResume: boolean; isFinal: boolean }): Promise<void>
  /** A battery save kept in this browser that the library's newer save did not let through. */
  batteryConflict(): BatteryConflict | undefined
  /**
   * The player's choice between the kept save (`browser`) and the library's; resolves to what to tell
   * them (whether the running game goes on saving, or must be loaded again to play from the choice).
   */
  resolveBatteryConflict(keep: 'browser' | 'library'): Promise<string>
}

export const CONFLICT_KEPT_BROWSER_RELOAD =
  "The library's battery save is now the one this browser kept. EJECT and load the game again to play from it."
export const CONFLICT_KEPT_BROWSER =
  "This game's battery save replaced the library's; saving goes on."
export const CONFLICT_KEPT_LIBRARY_RELOAD =
  "The library's battery save was kept; this game's progress is not saved. EJECT and load the game again to play from the library's save."
export const CONFLICT_KEPT_LIBRARY =
  "The library's battery save was kept; the one this browser kept is gone."

export function createSaveSession(
  bytes: Uint8Array,
  source: CartridgeSource,
  emulator: Emulator,
  onError: (message: string) => void,
  onConflict: (conflict: BatteryConflict | undefined) => void = () => undefined,
): SaveSession {
  const sha1 = romSha1(bytes)
  const saves = source.romId ? librarySaves(source.romId, sha1) : browserSaves(sha1)
  const battery = hasBattery(bytes)
  let stored: Uint8Array | null = null
  // When the stored save could not be read, the game must never overwrite it with an empty one.
  let isBlocked = false
  let timer: ReturnType<typeof setInterval> | undefined
  const pictures = keepPictures(emulator)
  let writing: Promise<void> = Promise.resolve()
  // Which save the running game's battery RAM comes from when there is a conflict: the one this browser
  // kept (the server refused this game's own writes) or the library's (loaded while a kept one waited).
  let isRunningKept = false

  const report = (error: unknown) => onError(error instanceof Error ? error.message : String(error))

  function store(save: Uint8Array): Promise<void> {
    // After the previous write, whether it was stored or failed (a failed one must not stop the later ones).
    writing = writing.then(noop, noop).then(async () => {
      if (isBlocked || sameBytes(save, stored)) return
      try {
        await saves.storeBattery(save)
      } catch (error) {
        if (error instanceof BatteryConflictError) {
          // The library's save changed elsewhere: stop writing over it until the player chooses.
          isBlocked = true
          isRunningKept = true
          onConflict(saves.batteryConflict?.())
        }
        throw error
      }
      stored = save
    })
    return writing.catch(report)
  }

  async function flushBattery(): Promise<void> {
    const save = captureSave()
    if (save && !sameBytes(save, stored)) await store(save)
  }

  function captureSave(): Uint8Array | null {
    return isBlocked ? null : captureRunning()
  }

  function captureRunning(): Uint8Array | null {
    if (!battery || !emulator.isRunning()) return null
    return emulator.readSave()
  }

  return {
    saves,
    sha1,
    hasBattery: battery,
    async prepare() {
      if (!battery) return null
      try {
        stored = await saves.loadBattery()
      } catch (error) {
        isBlocked = true
        throw error
      }
      onConflict(saves.batteryConflict?.())
      return stored
    },
    begin() {
      clearInterval(timer)
      timer = setInterval(() => void flushBattery(), BATTERY_FLUSH_MS)
      pictures.start()
    },
    flushBattery,
    async checkpoint({ keepResume, isFinal }) {
      if (isFinal) {
        clearInterval(timer)
        pictures.stop()
      }
      const save = captureSave()
      let resume: Uint8Array | undefined
      try {
        if (keepResume && emulator.isRunning()) resume = emulator.saveState()
      } catch (error) {
        report(error)
      }
      const resumeState = resume && {
        bytes: resume,
        thumbnail: pictures.latest(),
        kind: 'resume' as const,
        coreVersion: EMULATORJS_VERSION,
      }
      const changed = save && !sameBytes(save, stored) ? save : undefined
      saves.writeAhead({
        ...(changed ? { battery: changed } : {}),
        ...(resumeState ? { resume: resumeState } : {}),
      })
      const pending: Promise<unknown>[] = []
      if (changed) pending.push(store(changed))
      if (resumeState) pending.push(saves.addState(resumeState).catch(report))
      await Promise.all(pending)
    },
    batteryConflict: () => saves.batteryConflict?.(),
    async resolveBatteryConflict(keep) {
      await writing.catch(() => undefined)
      // The running game holds the kept save's progress (newer than the kept bytes) or the library's.
      const current = keep === 'browser' && isRunningKept ? captureRunning() : null
      await saves.resolveBatteryConflict?.(keep, current ?? undefined)
      onConflict(undefined)
      if ((keep === 'browser') === isRunningKept) {
        isBlocked = false
        if (current) stored = current
        return keep === 'browser' ? CONFLICT_KEPT_BROWSER : CONFLICT_KEPT_LIBRARY
      }
      isBlocked = true
      return keep === 'browser' ? CONFLICT_KEPT_BROWSER_RELOAD : CONFLICT_KEPT_LIBRARY_RELOAD
    },
  }
}

/** The running game's picture every few seconds while the page is shown (PNG), for the resume thumbnail. */
function keepPictures(emulator: Emulator) {
  let latest: Uint8Array | null = null
  let first: ReturnType<typeof setTimeout> | undefined
  let every: ReturnType<typeof setInterval> | undefined
  let isTaking = false
  const take = () => {
    if (isTaking || !emulator.screenshot || !emulator.isRunning()) return
    if (document.visibilityState === 'hidden') return
    isTaking = true
    const picture = emulator
      .screenshot()
      .then(async (blob) => new Uint8Array(await blob.arrayBuffer()))
    const late = new Promise<null>((resolve) =>
      setTimeout(() => resolve(null), THUMBNAIL_TIMEOUT_MS),
    )
    void Promise.race([picture, late])
      .then((png) => {
        if (png) latest = png
      })
      .catch(() => undefined)
      .finally(() => (isTaking = false))
  }
  const stop = () => {
    clearTimeout(first)
    clearInterval(every)
  }
  return {
    start() {
      stop()
      first = setTimeout(take, FIRST_THUMBNAIL_MS)
      every = setInterval(take, THUMBNAIL_EVERY_MS)
    },
    stop,
    latest: () => latest,
  }
}
