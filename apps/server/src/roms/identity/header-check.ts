// Headers that lie: the fields of a ROM's iNES header checked against what the cartridge database knows
// of that ROM. A field the database does not give (no mapper, mirroring set by the mapper) is not checked.
import type { Cartridge, HeaderIssue, Mirroring } from '@nes-studio/shared'

/** The header facts the library keeps for an entry. Sizes in bytes. */
export interface HeaderFacts {
  mapper: number
  mirroring: Mirroring
  battery: boolean
  prgRomBytes: number
  /** 0 = CHR RAM. */
  chrRomBytes: number
}

function kib(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`
}

function chrText(bytes: number): string {
  return bytes === 0 ? 'CHR RAM' : `${kib(bytes)} of CHR ROM`
}

function mapperIssue(header: HeaderFacts, cart: Cartridge): HeaderIssue | undefined {
  if (cart.mapper === null || cart.mapper === header.mapper) return undefined
  return {
    field: 'mapper',
    header: header.mapper,
    cartridge: cart.mapper,
    message: `header says mapper ${header.mapper}, this cartridge is mapper ${cart.mapper}`,
  }
}

function mirroringIssue(header: HeaderFacts, cart: Cartridge): HeaderIssue | undefined {
  // Four-screen boards carry their own nametable RAM; the database marks them by board, not by pads.
  if (cart.mirroring === null || header.mirroring === 'four-screen') return undefined
  if (cart.mirroring === header.mirroring) return undefined
  return {
    field: 'mirroring',
    header: header.mirroring,
    cartridge: cart.mirroring,
    message: `header says ${header.mirroring} mirroring, this cartridge is wired for ${cart.mirroring} mirroring`,
  }
}

function batteryIssue(header: HeaderFacts, cart: Cartridge): HeaderIssue | undefined {
  if (cart.battery === header.battery) return undefined
  return {
    field: 'battery',
    header: header.battery,
    cartridge: cart.battery,
    message: cart.battery
      ? 'header says no battery, this cartridge has battery-backed RAM (it saves)'
      : 'header says battery-backed RAM, this cartridge has no battery',
  }
}

function prgIssue(header: HeaderFacts, cart: Cartridge): HeaderIssue | undefined {
  if (cart.prgRomBytes === 0 || cart.prgRomBytes === header.prgRomBytes) return undefined
  return {
    field: 'prgRom',
    header: header.prgRomBytes,
    cartridge: cart.prgRomBytes,
    message: `header says ${kib(header.prgRomBytes)} of PRG ROM, this cartridge has ${kib(cart.prgRomBytes)}`,
  }
}

function chrIssue(header: HeaderFacts, cart: Cartridge): HeaderIssue | undefined {
  const knowsChr = cart.chrRomBytes > 0 || cart.chrRamBytes > 0
  if (!knowsChr || cart.chrRomBytes === header.chrRomBytes) return undefined
  return {
    field: 'chrRom',
    header: header.chrRomBytes,
    cartridge: cart.chrRomBytes,
    message: `header says ${chrText(header.chrRomBytes)}, this cartridge has ${chrText(cart.chrRomBytes)}`,
  }
}

/** Every header field that disagrees with `cart`, in a fixed order (mapper first). */
export function checkHeader(header: HeaderFacts, cart: Cartridge | null): HeaderIssue[] {
  if (!cart) return []
  return [mapperIssue, mirroringIssue, batteryIssue, prgIssue, chrIssue]
    .map((check) => check(header, cart))
    .filter((issue): issue is HeaderIssue => issue !== undefined)
}
