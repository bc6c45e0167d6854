/**
 * Battery saves and save states of library ROMs (docs/rom-api.md, "Saves and states"): limits, the
 * multipart field names of a state upload, response headers, and the JSON shapes with their zod schemas.
 */
import { z } from 'zod'
import { SAVE_STATE_KINDS, SAVE_STATE_SLOT_MAX_LENGTH } from './save-constants'

export * from './save-constants'

export const saveStateKindSchema = z.enum(SAVE_STATE_KINDS)

// C0/C1 controls (PostgreSQL refuses a NUL in text) and the bidi controls that can make a name display
// as another, as in ROM titles.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_SLOT_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/

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
      .refine((s) => !UNSAFE_SLOT_CHARS.test(s), {
        message: 'a slot name has no control characters and no bidi controls',
      })
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
