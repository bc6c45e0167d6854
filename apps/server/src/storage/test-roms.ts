// For contract suites: ROM records to insert (each call a distinct ROM) and what a store gives back.
import { createHash, randomUUID } from 'node:crypto'
import type { NewRom, RomRecord } from './rom-store'

let serial = 0

/** A distinct ROM (bytes, sha1, title, time) with `overrides` applied. */
export function newTestRom(overrides: Partial<NewRom> = {}): NewRom {
  serial++
  const bytes = overrides.bytes ?? new Uint8Array(1024).map((_, i) => (i * 7 + serial * 11) & 0xff)
  return {
    id: randomUUID(),
    title: `Test ROM ${serial}`,
    fileName: `test-${serial}.nes`,
    fileSize: bytes.length,
    createdAt: new Date(Date.UTC(2026, 1, 1, 0, 0, serial)).toISOString(),
    mapper: 0,
    submapper: null,
    prgRomBanks: 1,
    chrRomBanks: 1,
    mirroring: 'vertical',
    battery: false,
    trainer: false,
    nes2: false,
    sha1: createHash('sha1').update(bytes).update(`test ${serial}`).digest('hex'),
    fileSha256: createHash('sha256').update(bytes).update(`test ${serial}`).digest('hex'),
    ...overrides,
    bytes,
  }
}

/**
 * The record a store gives back for `rom`: identity and DAT fields it left out are null, the title the
 * user's, the correction on, no cover.
 */
export function recordOf(rom: NewRom): RomRecord {
  const { bytes: _bytes, ...meta } = rom
  return {
    crc32: null,
    fileSha1: null,
    fileCrc32: null,
    cartridge: null,
    cartridgeDb: null,
    cartRegion: null,
    datId: null,
    datName: null,
    datRegion: null,
    datRevision: null,
    ...meta,
    titleSource: meta.titleSource ?? 'user',
    useCorrectedHeader: true,
    lastPlayedAt: null,
    coverVersion: null,
  }
}
