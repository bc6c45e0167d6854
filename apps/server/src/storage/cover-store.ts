// The part of the RomStore seam that keeps each entry's cover picture: a small PNG or WebP in its own
// table (never read by a list), with its version on the entry itself so a list can name it.

/** Image types a cover may have (told by the bytes' magic, not by what a client says). */
export type CoverType = 'image/png' | 'image/webp'

/** A stored cover. */
export interface CoverRecord {
  romId: string
  type: CoverType
  /** Names these exact bytes (lowercase hex); the image's ETag and the list's `coverVersion`. */
  version: string
  /** Bytes. */
  size: number
  /** ISO 8601, UTC. */
  updatedAt: string
}

export interface NewCover {
  romId: string
  type: CoverType
  version: string
  bytes: Uint8Array
  /** ISO 8601, UTC. */
  updatedAt: string
  /** Store it only when the entry has no cover yet (the player's automatic capture). */
  onlyIfNone?: boolean
}

export type PutCoverResult =
  | { status: 'stored'; cover: CoverRecord }
  /** `onlyIfNone` and the entry already has a cover: nothing was written. */
  | { status: 'exists'; cover: CoverRecord }
  /** No visible entry with that id: nothing was written. */
  | { status: 'no-rom' }

export interface CoverStore {
  /**
   * Stores (or replaces) a visible entry's cover and sets the entry's cover version, in one transaction,
   * so the list changes with it.
   */
  putCover(cover: NewCover): Promise<PutCoverResult>
  /** A visible entry's cover with its bytes, or undefined (no such entry, hidden, or no cover). */
  getCover(romId: string): Promise<{ cover: CoverRecord; bytes: Uint8Array } | undefined>
  /** Removes a visible entry's cover; false when it had none (or there is no such entry). */
  deleteCover(romId: string): Promise<boolean>
}
