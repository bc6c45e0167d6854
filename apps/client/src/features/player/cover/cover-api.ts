// PUT /api/roms/:id/cover: the running library game's picture as its entry's cover.
import type { CoverInfo } from '@nes-studio/shared'
import { ApiError, throwIfResNotOk } from '../../../lib/api-client'

/**
 * Stores `image` as the cover of entry `romId`. With `onlyIfNone` an entry that already has a cover
 * keeps it: resolves with undefined (the server's 412).
 */
export async function putCover(
  romId: string,
  image: Blob,
  opts: { onlyIfNone: boolean },
): Promise<CoverInfo | undefined> {
  const headers: Record<string, string> = { 'content-type': image.type }
  if (opts.onlyIfNone) headers['if-none-match'] = '*'
  const res = await fetch(`/api/roms/${encodeURIComponent(romId)}/cover`, {
    method: 'PUT',
    body: image,
    headers,
    credentials: 'include',
  })
  try {
    await throwIfResNotOk(res)
  } catch (error) {
    if (error instanceof ApiError && error.code === 'CoverExists') return undefined
    throw error
  }
  return ((await res.json()) as { cover: CoverInfo }).cover
}
