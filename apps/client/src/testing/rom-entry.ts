// Test data: a library entry as GET /api/roms lists it (an NROM game of 24 KiB), with any field replaced.
import type { RomEntry } from '@nes-studio/shared'

export function romEntry(overrides: Partial<RomEntry> & Pick<RomEntry, 'id' | 'title'>): RomEntry {
  return {
    fileName: `${overrides.title}.nes`,
    fileSize: 24_592,
    createdAt: '2026-11-21T06:30:24.399Z',
    mapper: 0,
    mapperName: 'NROM',
    submapper: null,
    prgRomBanks: 1,
    chrRomBanks: 1,
    mirroring: 'horizontal',
    battery: false,
    trainer: false,
    nes2: false,
    sha1: overrides.id.padEnd(40, '0'),
    crc32: null,
    cartridge: null,
    region: null,
    dat: null,
    titleSource: 'file',
    headerIssues: [],
    useCorrectedHeader: true,
    lastPlayedAt: null,
    coverVersion: null,
    ...overrides,
  }
}
