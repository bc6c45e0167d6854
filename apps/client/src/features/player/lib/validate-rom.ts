// The player's checks on a cartridge file, with the spec's messages.
import { MIN_ROM_BYTES } from '../constants'

export const INVALID_FORMAT_MESSAGE = 'Invalid file format. Please upload a .NES ROM file.'
export const INVALID_ROM_MESSAGE = 'Invalid NES ROM file. Please upload a valid .nes file.'
export const BAD_HEADER_MESSAGE =
  'Invalid NES ROM file: it does not start with the iNES header ("NES" followed by 0x1A).'
export const DEFAULT_ERROR_MESSAGE = 'Invalid ROM file'
export const LOAD_FAILED_MESSAGE = 'Failed to load the game.'

/** True when `fileName` ends in .nes, in any letter case. */
export function hasNesExtension(fileName: string): boolean {
  return fileName.toLowerCase().endsWith('.nes')
}

/** The check made when a file is chosen: its name only. */
export function validateFileChoice(fileName: string): string | undefined {
  return hasNesExtension(fileName) ? undefined : INVALID_FORMAT_MESSAGE
}

const INES_MAGIC = [0x4e, 0x45, 0x53, 0x1a]

/** The checks made before starting: .nes name, at least 1024 bytes, then the iNES magic bytes. */
export function validateRomBytes(fileName: string, bytes: Uint8Array): string | undefined {
  if (!hasNesExtension(fileName) || bytes.length < MIN_ROM_BYTES) return INVALID_ROM_MESSAGE
  if (!INES_MAGIC.every((byte, i) => bytes[i] === byte)) return BAD_HEADER_MESSAGE
  return undefined
}
