/**
 * The zod-free half of the saves API (docs/rom-api.md, "Saves and states"): limits, the multipart field
 * names of a state upload and response headers. Kept apart from save-api.ts so the browser can use them
 * without loading zod; save-api.ts re-exports them.
 */

/** Largest battery save (the cartridge's save RAM) the server keeps, in bytes (64 KiB). */
export const BATTERY_SAVE_MAX_BYTES = 64 * 1024

/** Largest save state, in bytes (1 MiB); fceumm's are about 14-22 KiB. */
export const SAVE_STATE_MAX_BYTES = 1024 * 1024

/** Largest thumbnail (a PNG of the frame), in bytes (256 KiB). */
export const SAVE_STATE_THUMBNAIL_MAX_BYTES = 256 * 1024

/** States kept per ROM; at the limit the oldest `auto` states make room, else the upload is refused. */
export const SAVE_STATES_PER_ROM = 100

/** Longest slot name, in characters (after trimming). */
export const SAVE_STATE_SLOT_MAX_LENGTH = 40

/** The emulator core whose states the server accepts (EmulatorJS's NES core). */
export const SAVE_STATE_CORE = 'fceumm'

/** Multipart field names of `POST /api/roms/:id/states`. */
export const SAVE_STATE_FIELDS = {
  /** File part: the state bytes (`gameManager.getState()`). Required. */
  state: 'state',
  /** File part: PNG of the frame, `image/png`. Optional. */
  thumbnail: 'thumbnail',
  /** Text: core name, must be {@link SAVE_STATE_CORE}. */
  core: 'core',
  /** Text: core version, must equal the EmulatorJS version the server serves (`EMULATORJS_VERSION`). */
  coreVersion: 'coreVersion',
  /** Text: SHA-1 of the ROM without its header, lowercase hex; must be the library entry's `sha1`. */
  romSha1: 'romSha1',
  /** Text: {@link SaveStateKind}; default `manual`. */
  kind: 'kind',
  /** Text: slot name; a state saved into a used slot replaces it. Not allowed with `resume`. */
  slot: 'slot',
} as const

/** Response header of `GET /api/roms/:id/save`: when the save was last written, ISO 8601 in UTC. */
export const BATTERY_SAVE_UPDATED_AT_HEADER = 'x-save-updated-at'

/**
 * The `ETag` of a battery save written at `updatedAt` (ISO 8601): `GET` and `PUT …/save` send it, and a
 * `PUT` with `If-Match: <it>` is stored only while the server's save is still that one.
 */
export const batterySaveEtag = (updatedAt: string) => `"${updatedAt}"`

/** The `updatedAt` an `ETag` of {@link batterySaveEtag} names, or undefined for any other value. */
export function batterySaveVersionOf(etag: string | null | undefined): string | undefined {
  const match = /^"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)"$/.exec(etag?.trim() ?? '')
  return match?.[1]
}

/** Response headers of `GET /api/roms/:id/states/:sid` (lowercase, as Node and fetch report them). */
export const SAVE_STATE_HEADERS = {
  core: 'x-state-core',
  coreVersion: 'x-state-core-version',
  romSha1: 'x-state-rom-sha1',
  kind: 'x-state-kind',
} as const

/**
 * `manual`: saved by the player (usually into a named slot). `auto`: taken by the player on its own;
 * the first to be pruned. `resume`: where the player left off; one per ROM, a new one replaces it.
 */
export const SAVE_STATE_KINDS = ['manual', 'auto', 'resume'] as const
export type SaveStateKind = (typeof SAVE_STATE_KINDS)[number]
