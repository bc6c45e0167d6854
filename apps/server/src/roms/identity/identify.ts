// Identifies a ROM offline: hashes it without its 16-byte header and looks it up in the cartridge
// database. The hashes also serve DAT matching (dat-match.ts): No-Intro style DATs hash ROMs either
// without the header (like the database) or as whole files, so both are kept.
import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import type { Cartridge } from '@nes-studio/shared'
import { INES_HEADER_BYTES, TRAINER_BYTES } from '../ines'
import type { INesHeader } from '../ines'
import type { CartridgeDb } from './cartridge-db'

/** Hashes of a ROM file, lowercase hex. */
export interface RomHashes {
  /** SHA-1 of the file without its header (the library's identity). */
  sha1: string
  /** CRC32 of the file without its header, 8 digits. */
  crc32: string
  /** SHA-1 and CRC32 of the whole file, header included. */
  fileSha1: string
  fileCrc32: string
}

export interface RomIdentity extends RomHashes {
  cartridge: Cartridge | null
  /** The database's fingerprint (CartridgeDb.fingerprint). */
  cartridgeDb: string
}

export const sha1Hex = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex')
export const crc32Hex = (bytes: Uint8Array) => crc32(bytes).toString(16).padStart(8, '0')

export function hashRom(bytes: Uint8Array): RomHashes {
  const body = bytes.subarray(INES_HEADER_BYTES)
  return {
    sha1: sha1Hex(body),
    crc32: crc32Hex(body),
    fileSha1: sha1Hex(bytes),
    fileCrc32: crc32Hex(bytes),
  }
}

/**
 * Other parts of the file that may be the cartridge's ROM when everything after the header is not: the
 * file without its trainer, then only the PRG and CHR the header declares (a file with data appended,
 * such as a title block). Each differs in length from the ones before it.
 */
function otherBodies(bytes: Uint8Array, header: INesHeader): Uint8Array[] {
  const start = INES_HEADER_BYTES + (header.trainer ? TRAINER_BYTES : 0)
  const bodies = [
    bytes.subarray(INES_HEADER_BYTES),
    bytes.subarray(start),
    bytes.subarray(start, start + header.prgRomBytes + header.chrRomBytes),
  ]
  return bodies.filter(
    (body, i) => i > 0 && bodies.slice(0, i).every((b) => b.length !== body.length),
  )
}

/** The database's entry for the ROM (null when it has none) and the ROM's hashes. */
export function identifyRom(bytes: Uint8Array, header: INesHeader, db: CartridgeDb): RomIdentity {
  const hashes = hashRom(bytes)
  let cartridge = db.lookup(hashes.sha1)
  for (const body of cartridge ? [] : otherBodies(bytes, header)) {
    cartridge = db.lookup(sha1Hex(body))
    if (cartridge) break
  }
  return { ...hashes, cartridge: cartridge ?? null, cartridgeDb: db.fingerprint }
}
