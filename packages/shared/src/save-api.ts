/**
 * Battery saves and save states of library ROMs (docs/rom-api.md, "Saves and states"): limits, the
 * multipart field names of a state upload, response headers, and the JSON shapes with their zod schemas.
 */
import { z } from 'zod'

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

/**
 * `manual`: saved by the player (usually into a named slot). `auto`: taken by the player on its own;
 * the first to be pruned. `resume`: where the player left off; one per ROM, a new one replaces it.
 */
export const saveStateKindSchema = z.enum(['manual', 'auto', 'resume'])
export type SaveStateKind = z.infer<typeof saveStateKindSchema>

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

/** Response headers of `GET /api/roms/:id/states/:sid` (lowercase, as Node and fetch report them). */
export const SAVE_STATE_HEADERS = {
  core: 'x-state-core',
  coreVersion: 'x-state-core-version',
  romSha1: 'x-state-rom-sha1',
  kind: 'x-state-kind',
} as const

const sha1Schema = z.string().regex(/^[0-9a-f]{40}$/, 'a SHA-1 is 40 lowercase hex digits')

/** The text fields of a state upload, as the server validates them. */
export const saveStateUploadFieldsSchema = z
  .object({
    core: z.string().min(1).max(40),
    coreVersion: z.string().min(1).max(40),
    romSha1: sha1Schema,
    kind: saveStateKindSchema.default('manual'),
    /** Trimmed; an empty slot is the same as none. */
    slot: z
      .string()
      .trim()
      .max(SAVE_STATE_SLOT_MAX_LENGTH)
      .transform((s) => (s === '' ? undefined : s))
      .optional(),
  })
  .refine((f) => !(f.kind === 'resume' && f.slot !== undefined), {
    message: 'a resume state has no slot',
    path: ['slot'],
  })
export type SaveStateUploadFields = z.infer<typeof saveStateUploadFieldsSchema>

/** One save state as the API lists it. */
export const saveStateSchema = z.object({
  /** Opaque id (a UUID). A state saved into a used slot gets a new id. */
  id: z.string(),
  romId: z.string(),
  kind: saveStateKindSchema,
  /** Slot name, or null (always null for `resume`). */
  slot: z.string().nullable(),
  /** When the server stored it, ISO 8601 in UTC. */
  createdAt: z.string(),
  /** Size of the state bytes. */
  size: z.number().int().positive(),
  core: z.string(),
  coreVersion: z.string(),
  /** SHA-1 of the ROM (without header) the state was taken from. */
  romSha1: sha1Schema,
  /** Path of the state bytes: `/api/roms/:id/states/:sid`. */
  url: z.string(),
  /** Path of the PNG thumbnail, or null when none was uploaded. */
  thumbnailUrl: z.string().nullable(),
})
export type SaveState = z.infer<typeof saveStateSchema>

/** `GET /api/roms/:id/states` → 200, newest first. */
export const saveStateListResponseSchema = z.object({
  states: z.array(saveStateSchema),
  /** {@link SAVE_STATES_PER_ROM}, so a client can say how much room is left. */
  limit: z.number().int().positive(),
})
export type SaveStateListResponse = z.infer<typeof saveStateListResponseSchema>

/** `POST /api/roms/:id/states` → 201. */
export const saveStateUploadResponseSchema = z.object({
  state: saveStateSchema,
  /** Ids of the states this one replaced (same slot, or the previous `resume`). */
  replaced: z.array(z.string()),
  /** Ids of `auto` states deleted to stay within {@link SAVE_STATES_PER_ROM}. */
  pruned: z.array(z.string()),
})
export type SaveStateUploadResponse = z.infer<typeof saveStateUploadResponseSchema>

/** A stored battery save, without its bytes. */
export const batterySaveSchema = z.object({
  romId: z.string(),
  /** Size in bytes. */
  size: z.number().int().positive(),
  /** Last write, ISO 8601 in UTC. */
  updatedAt: z.string(),
})
export type BatterySave = z.infer<typeof batterySaveSchema>

/** `PUT /api/roms/:id/save` → 200. */
export const batterySavePutResponseSchema = z.object({ save: batterySaveSchema })
export type BatterySavePutResponse = z.infer<typeof batterySavePutResponseSchema>
