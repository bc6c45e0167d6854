// What the library knows about a stored ROM, between the identity functions and the service: the
// fields identification stores, the header facts an entry is checked with, and the header the player
// should load.
import type { HeaderIssue } from '@nes-studio/shared'
import type { RomIdentityFields, RomRecord } from '../../storage/rom-store'
import { CHR_BANK_BYTES, PRG_BANK_BYTES } from '../ines'
import type { INesHeader } from '../ines'
import type { CartridgeDb } from './cartridge-db'
import { checkHeader } from './header-check'
import { identifyRom } from './identify'
import { regionOfSystems } from './regions'

/** A database that knows no cartridge: what an app gets when it is given none (tests). */
export const EMPTY_CARTRIDGE_DB: CartridgeDb = {
  fingerprint: 'none',
  size: 0,
  lookup: () => undefined,
}

/** The identity fields to store for a ROM file. */
export function identityFields(
  bytes: Uint8Array,
  header: INesHeader,
  db: CartridgeDb,
): RomIdentityFields {
  const { sha1: _sha1, ...identity } = identifyRom(bytes, header, db)
  return { ...identity, cartRegion: regionOfSystems(identity.cartridge?.systems ?? []) }
}

/** The entry's header fields that disagree with its cartridge (empty when none, or not identified). */
export function headerIssuesOf(rom: RomRecord): HeaderIssue[] {
  return checkHeader(
    {
      mapper: rom.mapper,
      mirroring: rom.mirroring,
      battery: rom.battery,
      prgRomBytes: rom.prgRomBanks * PRG_BANK_BYTES,
      chrRomBytes: rom.chrRomBanks * CHR_BANK_BYTES,
    },
    rom.cartridge,
  )
}
