// Request shapes and size errors for the save and state routes (responses are the shared DTOs).
import { z } from 'zod'
import {
  BATTERY_SAVE_MAX_BYTES,
  SAVE_STATE_MAX_BYTES,
  SAVE_STATE_THUMBNAIL_MAX_BYTES,
} from '@nes-studio/shared'
import { HttpError } from '../errors'

/** Ids are UUIDs; anything else names nothing, so it is a 404 rather than a 400. */
export const romParamsSchema = z.object({ id: z.uuid() })
export const stateParamsSchema = z.object({ id: z.uuid(), sid: z.uuid() })

/** Room for multipart framing and the text fields on top of the state and thumbnail, in bytes. */
export const STATE_FORM_OVERHEAD_BYTES = 16 * 1024

/** The most a state upload may send: a body over this is refused from its Content-Length. */
export const STATE_FORM_MAX_BYTES =
  SAVE_STATE_MAX_BYTES + SAVE_STATE_THUMBNAIL_MAX_BYTES + STATE_FORM_OVERHEAD_BYTES

/**
 * Bytes of save and state uploads the server reads at once (32 full state forms, about 41 MiB): they
 * are held whole until stored. Separate from the ROM uploads' UPLOAD_MEMORY_BYTES.
 */
export const STATE_UPLOAD_MEMORY_BYTES = 32 * STATE_FORM_MAX_BYTES

/** What the state form held; the service validates it. */
export interface StateUploadParts {
  bytes: Uint8Array | undefined
  thumbnail: Uint8Array | undefined
  /** Text fields by name, as sent. */
  fields: Record<string, string>
}

const kib = (bytes: number) => `${bytes / 1024} KiB`

export const batterySaveTooLarge = () =>
  new HttpError(
    413,
    'SaveTooLarge',
    `The battery save is larger than the ${kib(BATTERY_SAVE_MAX_BYTES)} limit.`,
  )

export const stateTooLarge = () =>
  new HttpError(
    413,
    'StateTooLarge',
    `The save state is larger than the ${kib(SAVE_STATE_MAX_BYTES)} limit.`,
  )

export const thumbnailTooLarge = () =>
  new HttpError(
    413,
    'ThumbnailTooLarge',
    `The thumbnail is larger than the ${kib(SAVE_STATE_THUMBNAIL_MAX_BYTES)} limit.`,
  )
