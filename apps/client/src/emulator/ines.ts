// iNES header checks done before a ROM is handed to the emulator.

/** "NES" followed by MS-DOS end-of-file (0x1A): the first four bytes of every iNES file. */
export const INES_MAGIC = [0x4e, 0x45, 0x53, 0x1a] as const
export const INES_HEADER_BYTES = 16

export function hasInesHeader(bytes: Uint8Array): boolean {
  return bytes.length >= INES_HEADER_BYTES && INES_MAGIC.every((byte, i) => bytes[i] === byte)
}

/**
 * The iNES mapper number of `bytes` (an iNES file), read as nesdev's detection advises and as fceumm reads
 * it: bits 8-11 from byte 8 in an NES 2.0 header (byte 7 & $0C = $08); both nibbles in a plain iNES header
 * (byte 7 & $0C = 0, bytes 12-15 zero); otherwise byte 7 is text an old dumping tool wrote there
 * ("DiskDude!") and only the low nibble, in byte 6, counts.
 */
export function inesMapper(bytes: Uint8Array): number {
  const at = (i: number) => bytes[i] ?? 0
  const low = at(6) >> 4
  const format = at(7) & 0x0c
  if (format === 0x08) return low | (at(7) & 0xf0) | ((at(8) & 0x0f) << 8)
  const isClean = format === 0 && [12, 13, 14, 15].every((i) => at(i) === 0)
  return isClean ? low | (at(7) & 0xf0) : low
}
