// /play/:romId[?state=:sid] — a shared link to a library game (and a moment in it): fetches the ROM's
// bytes (as the player loads them: header corrected unless the entry says not to) as a File named as
// the library names it, or says clearly why it cannot.
import { playableRomUrl } from '../../features/library/api/get-rom-file'
import { apiRequest, ApiError } from '../../lib/api-client'

/** The file name in a Content-Disposition header (RFC 6266 `filename*` first), or undefined. */
export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1])
    } catch {
      // malformed: fall back to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1]
}

export async function fetchLibraryRom(romId: string): Promise<File> {
  try {
    const res = await apiRequest('GET', playableRomUrl(romId))
    const name = fileNameFrom(res.headers.get('Content-Disposition')) ?? 'game.nes'
    return new File([await res.arrayBuffer()], name, { type: 'application/octet-stream' })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new Error(
        'This link points to a game that is not in the library (it may have been deleted).',
      )
    }
    throw new Error('The game of this link could not be loaded. Please try again.')
  }
}
