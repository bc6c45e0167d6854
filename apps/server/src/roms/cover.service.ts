// Cover pictures of library entries: what a cover may be (a PNG or WebP by its magic numbers, at most
// COVER_MAX_BYTES), its version (which names its bytes), and the store calls behind /api/roms/:id/cover.
import { createHash } from 'node:crypto'
import { COVER_MAX_BYTES } from '@nes-studio/shared'
import { HttpError } from '../errors'
import type { CoverRecord, CoverType } from '../storage/cover-store'
import type { RomStore } from '../storage/rom-store'

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to))

/** Whether `bytes` start with PNG's 8-byte signature (also the save states' thumbnail check). */
export function hasPngSignature(bytes: Uint8Array): boolean {
  return PNG_MAGIC.every((b, i) => bytes[i] === b)
}

/** The image type of `bytes` by its magic numbers, or undefined when it is neither PNG nor WebP. */
export function coverTypeOf(bytes: Uint8Array): CoverType | undefined {
  if (bytes.length > PNG_MAGIC.length && hasPngSignature(bytes)) return 'image/png'
  // RIFF <size, 4 bytes> WEBP, then a chunk.
  if (bytes.length > 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return 'image/webp'
  return undefined
}

/** 16 hex digits of the bytes' SHA-256: the cover's ETag, so a new picture gets a new URL. */
export function coverVersionOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 16)
}

export const coverTooLarge = () =>
  new HttpError(
    413,
    'CoverTooLarge',
    `A cover may be at most ${COVER_MAX_BYTES.toLocaleString('en-US')} bytes. Send a smaller picture.`,
  )

const noRom = () => new HttpError(404, 'NotFound', 'That ROM is not in the library.')

export class CoverService {
  private readonly now: () => Date

  constructor(
    private readonly store: RomStore,
    opts: { now?: () => Date } = {},
  ) {
    this.now = opts.now ?? (() => new Date())
  }

  /**
   * Stores `bytes` as the entry's cover (replacing its cover unless `onlyIfNone`). Throws 404 (no
   * entry), 413 (too big), 415 (not a PNG or WebP) or, with `onlyIfNone` and a cover there, 412.
   */
  async put(romId: string, bytes: Uint8Array, opts: { onlyIfNone: boolean }): Promise<CoverRecord> {
    if (bytes.length > COVER_MAX_BYTES) throw coverTooLarge()
    const type = coverTypeOf(bytes)
    if (!type) {
      throw new HttpError(
        415,
        'NotAnImage',
        'A cover must be a PNG or WebP image, and this body is neither (by its first bytes).',
      )
    }
    const result = await this.store.putCover({
      romId,
      type,
      version: coverVersionOf(bytes),
      bytes,
      updatedAt: this.now().toISOString(),
      onlyIfNone: opts.onlyIfNone,
    })
    if (result.status === 'no-rom') throw noRom()
    if (result.status === 'exists') {
      throw new HttpError(412, 'CoverExists', 'This entry already has a cover; it was kept.', {
        etag: `"${result.cover.version}"`,
      })
    }
    return result.cover
  }

  async get(romId: string): Promise<{ cover: CoverRecord; bytes: Uint8Array }> {
    const found = await this.store.getCover(romId)
    if (found) return found
    if (!(await this.store.get(romId))) throw noRom()
    throw new HttpError(404, 'NoCover', 'This entry has no cover yet.')
  }

  async delete(romId: string): Promise<void> {
    if (await this.store.deleteCover(romId)) return
    if (!(await this.store.get(romId))) throw noRom()
    throw new HttpError(404, 'NoCover', 'This entry has no cover.')
  }
}
