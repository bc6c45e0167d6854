// The header a ROM should have had: its own 16 bytes with the fields the cartridge database disagrees
// with (header-check.ts) set to the database's values. Only the copy sent to the player changes; the
// stored file stays as uploaded. Reference: https://www.nesdev.org/wiki/INES, .../NES_2.0
import type { HeaderIssue } from '@nes-studio/shared'
import {
  CHR_BANK_BYTES,
  INES_HEADER_BYTES,
  PRG_BANK_BYTES,
  TRAINER_BYTES,
  parseINesHeader,
} from '../ines'

interface Target {
  mapper?: number
  mirroring?: 'horizontal' | 'vertical'
  battery?: boolean
  prgRomBytes?: number
  chrRomBytes?: number
}

function targetOf(issues: readonly HeaderIssue[]): Target {
  const target: Target = {}
  for (const { field, cartridge } of issues) {
    if (field === 'mapper' && typeof cartridge === 'number') target.mapper = cartridge
    if (field === 'mirroring' && (cartridge === 'horizontal' || cartridge === 'vertical'))
      target.mirroring = cartridge
    if (field === 'battery' && typeof cartridge === 'boolean') target.battery = cartridge
    if (field === 'prgRom' && typeof cartridge === 'number') target.prgRomBytes = cartridge
    if (field === 'chrRom' && typeof cartridge === 'number') target.chrRomBytes = cartridge
  }
  return target
}

/** Bank count for a size, or undefined when the size is not whole banks or too many for the header. */
function units(bytes: number, unit: number, max: number): number | undefined {
  return bytes % unit === 0 && bytes / unit <= max ? bytes / unit : undefined
}

/** Sets the sizes when both are whole banks and the file holds that much data; leaves them otherwise. */
function setSizes(header: Uint8Array, target: Target, dataBytes: number, nes2: boolean): void {
  if (target.prgRomBytes === undefined && target.chrRomBytes === undefined) return
  const currentPrg = (header[4] ?? 0) | (nes2 ? ((header[9] ?? 0) & 0x0f) << 8 : 0)
  const currentChr = (header[5] ?? 0) | (nes2 ? ((header[9] ?? 0) >> 4) << 8 : 0)
  const max = nes2 ? 0xeff : 0xff
  const prg =
    target.prgRomBytes === undefined ? currentPrg : units(target.prgRomBytes, PRG_BANK_BYTES, max)
  const chr =
    target.chrRomBytes === undefined ? currentChr : units(target.chrRomBytes, CHR_BANK_BYTES, max)
  if (prg === undefined || chr === undefined || prg === 0) return
  const trainer = (header[6] ?? 0) & 0x04 ? TRAINER_BYTES : 0
  if (trainer + prg * PRG_BANK_BYTES + chr * CHR_BANK_BYTES > dataBytes) return
  header[4] = prg & 0xff
  header[5] = chr & 0xff
  if (nes2) header[9] = ((chr >> 8) << 4) | (prg >> 8)
}

/**
 * The corrected 16-byte header for `rom`, or undefined when `issues` asks for no change it can make.
 * An iNES 1.0 header stays iNES 1.0, with its unused bytes cleared so a "DiskDude!" tail no longer hides
 * the mapper's high nibble; a mapper above 255 needs NES 2.0, which the header becomes.
 */
export function correctedHeader(
  rom: Uint8Array,
  issues: readonly HeaderIssue[],
): Uint8Array | undefined {
  const parsed = parseINesHeader(rom)
  if (issues.length === 0 || !parsed.ok) return undefined
  // A copy: `rom` may be a Buffer, whose slice() is a view onto the stored bytes.
  const header = new Uint8Array(rom.subarray(0, INES_HEADER_BYTES))
  const target = targetOf(issues)
  const mapper = target.mapper ?? parsed.header.mapper
  const nes2 = parsed.header.nes2 || mapper > 0xff
  if (!parsed.header.nes2) {
    // A header from an old dumping tool ("DiskDude!" from byte 7 on) has text where bytes 7-15 go:
    // keep only flags 7's VS/PlayChoice bits then, and always clear the unused bytes 11-15.
    const isDirty = ((header[7] ?? 0) & 0x0c) === 0x04 || header.subarray(12).some((b) => b !== 0)
    header[7] = ((header[7] ?? 0) & 0x03) | (nes2 ? 0x08 : 0)
    header.fill(0, nes2 || isDirty ? 8 : 11)
  }
  header[6] = ((header[6] ?? 0) & 0x0f) | ((mapper & 0x0f) << 4)
  header[7] = ((header[7] ?? 0) & 0x0f) | (mapper & 0xf0)
  if (nes2) header[8] = ((header[8] ?? 0) & 0xf0) | ((mapper >> 8) & 0x0f)
  if (target.mirroring !== undefined) {
    header[6] = ((header[6] ?? 0) & ~0x09) | (target.mirroring === 'vertical' ? 0x01 : 0)
  }
  if (target.battery !== undefined) {
    header[6] = ((header[6] ?? 0) & ~0x02) | (target.battery ? 0x02 : 0)
  }
  setSizes(header, target, rom.length - INES_HEADER_BYTES, nes2)
  return header.every((b, i) => b === rom[i]) ? undefined : header
}
