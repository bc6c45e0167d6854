// The runtime files (share.zip: asminc/, include/, cfg/nes.cfg, lib/nes.lib) unpacked into a file map.
import { unzipSync } from 'fflate'
import type { FileMap } from './types'

/** The files of `share.zip` by path (folders implied); throws when the bytes are not a zip. */
export function unpackShare(zip: Uint8Array): FileMap {
  const files = unzipSync(zip, { filter: (entry) => !entry.name.endsWith('/') })
  if (!('lib/nes.lib' in files) || !('cfg/nes.cfg' in files))
    throw new Error('share.zip lacks lib/nes.lib or cfg/nes.cfg')
  return files
}
