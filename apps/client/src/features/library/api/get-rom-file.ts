// GET /api/roms/:id?header=playable: the bytes the player loads (the header corrected from the cartridge
// database while the entry's useCorrectedHeader is on; the stored file otherwise), as a File named after
// the entry's fileName.
import { useMutation } from '@tanstack/react-query'
import type { RomEntry } from '@nes-studio/shared'
import { apiRequest } from '../../../lib/api-client'
import { ROMS_QUERY_KEY } from './roms-query-key'

/** The copy of a library ROM the player loads. */
export function playableRomUrl(id: string): string {
  return `${ROMS_QUERY_KEY[0]}/${encodeURIComponent(id)}?header=playable`
}

export async function getRomFile(rom: Pick<RomEntry, 'id' | 'fileName'>): Promise<File> {
  const res = await apiRequest('GET', playableRomUrl(rom.id))
  const bytes = await res.arrayBuffer()
  return new File([bytes], rom.fileName, { type: 'application/octet-stream' })
}

/** A mutation rather than a query: loading is a one-off action, and the bytes go to the player, not a cache. */
export function useRomFile() {
  return useMutation({ mutationFn: getRomFile })
}
