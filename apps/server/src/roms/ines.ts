// Reads the 16-byte iNES / NES 2.0 header and checks that the sizes it declares fit the file.
// Reference: https://www.nesdev.org/wiki/INES and https://www.nesdev.org/wiki/NES_2.0
import type { Mirroring } from '@nes-studio/shared'

export const INES_HEADER_BYTES = 16
export const TRAINER_BYTES = 512
export const PRG_BANK_BYTES = 16 * 1024
export const CHR_BANK_BYTES = 8 * 1024

export interface INesHeader {
  /** 0-255 for iNES, 0-4095 for NES 2.0. */
  mapper: number
  /** NES 2.0 only; null for iNES 1.0. */
  submapper: number | null
  /** PRG ROM size in bytes. */
  prgRomBytes: number
  /** CHR ROM size in bytes; 0 = CHR RAM. */
  chrRomBytes: number
  mirroring: Mirroring
  battery: boolean
  trainer: boolean
  nes2: boolean
}

export type INesProblem =
  { code: 'NotINes'; message: string } | { code: 'SizeMismatch'; message: string }

export type INesParseResult = { ok: true; header: INesHeader } | { ok: false; problem: INesProblem }

const MAGIC = [0x4e, 0x45, 0x53, 0x1a] // "NES" + MS-DOS end-of-file

/** NES 2.0 sizes: a 12-bit unit count, or (when the high nibble is 0xF) 2^E * (2M+1) bytes. */
function nes2Size(lsb: number, msbNibble: number, unit: number): number {
  if (msbNibble === 0xf) {
    const exponent = lsb >> 2
    const multiplier = (lsb & 3) * 2 + 1
    return 2 ** exponent * multiplier
  }
  return ((msbNibble << 8) | lsb) * unit
}

function formatKiB(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`
}

/** Whether `bytes` start with the iNES magic, "NES" and byte 1A. */
export function hasINesMagic(bytes: Uint8Array): boolean {
  return MAGIC.every((b, i) => bytes[i] === b)
}

/** Never throws: any byte array gets either a header or a problem a person can act on. */
export function parseINesHeader(bytes: Uint8Array): INesParseResult {
  if (bytes.length < INES_HEADER_BYTES || !hasINesMagic(bytes)) {
    return {
      ok: false,
      problem: {
        code: 'NotINes',
        message: 'This is not an iNES ROM image: it does not start with "NES" and byte 1A.',
      },
    }
  }
  const at = (i: number) => bytes[i] ?? 0
  const flags6 = at(6)
  const flags7 = at(7)
  const nes2 = (flags7 & 0x0c) === 0x08
  // Old dumping tools wrote text such as "DiskDude!" into bytes 7-15; then the high mapper nibble is
  // garbage. Flags 7 bits 2-3 = 01 (archaic iNES: "D" is 0x44), or a plain iNES header with bytes 12-15
  // non-zero, gets only the low nibble (as nesdev advises).
  const isArchaic = (flags7 & 0x0c) === 0x04
  const dirtyTail =
    isArchaic || (!nes2 && (flags7 & 0x0c) === 0 && [12, 13, 14, 15].some((i) => at(i) !== 0))
  const mapperLow = (flags6 >> 4) | (dirtyTail ? 0 : flags7 & 0xf0)
  const mapper = nes2 ? mapperLow | ((at(8) & 0x0f) << 8) : mapperLow
  const prgRomBytes = nes2 ? nes2Size(at(4), at(9) & 0x0f, PRG_BANK_BYTES) : at(4) * PRG_BANK_BYTES
  const chrRomBytes = nes2 ? nes2Size(at(5), at(9) >> 4, CHR_BANK_BYTES) : at(5) * CHR_BANK_BYTES
  const trainer = (flags6 & 0x04) !== 0
  const header: INesHeader = {
    mapper,
    submapper: nes2 ? at(8) >> 4 : null,
    prgRomBytes,
    chrRomBytes,
    mirroring: flags6 & 0x08 ? 'four-screen' : flags6 & 0x01 ? 'vertical' : 'horizontal',
    battery: (flags6 & 0x02) !== 0,
    trainer,
    nes2,
  }
  if (prgRomBytes === 0) {
    return {
      ok: false,
      problem: { code: 'SizeMismatch', message: 'The iNES header declares no PRG ROM.' },
    }
  }
  const needed = INES_HEADER_BYTES + (trainer ? TRAINER_BYTES : 0) + prgRomBytes + chrRomBytes
  if (bytes.length < needed) {
    return {
      ok: false,
      problem: {
        code: 'SizeMismatch',
        message:
          `The header declares ${formatKiB(prgRomBytes)} PRG ROM and ${formatKiB(chrRomBytes)} CHR ROM` +
          `${trainer ? ' plus a trainer' : ''} (${needed} bytes with the header), ` +
          `but the file has only ${bytes.length} bytes. The file is probably truncated.`,
      },
    }
  }
  return { ok: true, header }
}
