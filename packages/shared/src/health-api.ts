/**
 * `GET /api/health` (docs/rom-api.md): whether the server and its library are sound, and what the
 * operator should look at when they are not.
 */
import { z } from 'zod'

/** One thing wrong with the library that the server keeps running through. */
export const healthProblemSchema = z.object({
  /**
   * `RomDamaged`: a stored ROM's bytes no longer match the SHA-256 taken at upload; its download is
   * refused. Found when the ROM was last asked for, by this server since it started.
   */
  code: z.enum(['RomDamaged']),
  /** What is wrong and what to do, for a person. */
  message: z.string(),
  /** The library entry concerned, when there is one. */
  romId: z.string().optional(),
})
export type HealthProblem = z.infer<typeof healthProblemSchema>

/** Body of `GET /api/health` (200 while the database answers; its errors are the usual 503/500). */
export const healthResponseSchema = z.object({
  /** `degraded` when `problems` is not empty. */
  status: z.enum(['ok', 'degraded']),
  /** Where the library lives: `DATA_DIR/library.db` or `DATABASE_URL`. */
  storage: z.enum(['sqlite', 'postgres']),
  problems: z.array(healthProblemSchema),
})
export type HealthResponse = z.infer<typeof healthResponseSchema>
