/**
 * Where the server publishes the pinned EmulatorJS build (its `data/` folder) and the fceumm core.
 * The version is in the path so every file under it can be cached as immutable.
 */
export const EMULATORJS_VERSION = '4.2.3'

/** URL path prefix, with trailing slash, of EmulatorJS's `data/` folder; cores live in `cores/` below it. */
export const EMULATORJS_BASE_PATH = `/vendor/emulatorjs/${EMULATORJS_VERSION}/`
