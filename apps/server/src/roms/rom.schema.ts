// Request shapes for the ROM routes (responses are the shared DTOs).
import { z } from 'zod'

/** Ids are UUIDs; anything else cannot name a ROM, so it is a 404 rather than a 400. */
export const romIdParamsSchema = z.object({ id: z.uuid() })

/** Multipart fields the upload accepts. */
export const UPLOAD_FILE_FIELD = 'romFile'
export const UPLOAD_TITLE_FIELD = 'title'

/** Room for the multipart framing and the title on top of the file itself, in bytes. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024

/** Byte limit for every part but the file, together (title, framing, empty parts). */
export const OTHER_PARTS_MAX_BYTES = MULTIPART_OVERHEAD_BYTES

/**
 * `GET /api/roms/:id?header=`: `original` (default) is the file as uploaded; `playable` is what the
 * player loads, with the header corrected from the cartridge database when the entry wants it.
 */
export const romDownloadQuerySchema = z.object({
  header: z.enum(['original', 'playable']).default('original'),
})
