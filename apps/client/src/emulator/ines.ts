// iNES header checks done before a ROM is handed to the emulator.

/** "NES" followed by MS-DOS end-of-file (0x1A): the first four bytes of every iNES file. */
export const INES_MAGIC = [0x4e, 0x45, 0x53, 0x1a] as const
export const INES_HEADER_BYTES = 16

export function hasInesHeader(bytes: Uint8Array): boolean {
  return bytes.length >= INES_HEADER_BYTES && INES_MAGIC.every((byte, i) => bytes[i] === byte)
}
