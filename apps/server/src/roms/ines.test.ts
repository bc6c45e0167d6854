import { describe, expect, it } from 'vitest'
import { buildRom } from '../test/rom-builder'
import { parseINesHeader } from './ines'

function header(rom: Uint8Array) {
  const result = parseINesHeader(rom)
  if (!result.ok) throw new Error(`expected a header, got ${result.problem.message}`)
  return result.header
}

describe('parseINesHeader', () => {
  it('reads an NROM header', () => {
    expect(header(buildRom({ prgBanks: 2, chrBanks: 1, flags6Low: 1 }))).toEqual({
      mapper: 0,
      submapper: null,
      prgRomBytes: 32768,
      chrRomBytes: 8192,
      mirroring: 'vertical',
      battery: false,
      trainer: false,
      nes2: false,
    })
  })

  it('combines both mapper nibbles and reads battery, trainer and four-screen', () => {
    const h = header(buildRom({ mapper: 0x45, flags6Low: 0b1110 }))
    expect(h.mapper).toBe(69)
    expect(h.battery).toBe(true)
    expect(h.trainer).toBe(true)
    expect(h.mirroring).toBe('four-screen')
  })

  it('ignores the high mapper nibble when bytes 12-15 hold dumper junk', () => {
    const rom = buildRom({ mapper: 0x14 })
    rom.set([0x44, 0x69, 0x73, 0x6b], 12) // "Disk" of "DiskDude!"
    expect(header(rom).mapper).toBe(4)
  })

  it('reads only the low mapper nibble of an archaic header ("DiskDude!" from byte 7)', () => {
    // Byte 7 is "D" (0x44): bits 2-3 are 01, which no iNES 1.0 or NES 2.0 header has (nesdev: archaic
    // iNES); its high nibble is text, not the mapper's.
    const rom = buildRom({ mapper: 3 })
    rom.set(new TextEncoder().encode('DiskDude!'), 7)
    expect(header(rom).mapper).toBe(3)
  })

  it('detects NES 2.0 with a 12-bit mapper and submapper', () => {
    const rom = buildRom({ mapper: 0x123, nes2: true })
    rom[8] = (rom[8] ?? 0) | 0x50
    const h = header(rom)
    expect(h.nes2).toBe(true)
    expect(h.mapper).toBe(0x123)
    expect(h.submapper).toBe(5)
  })

  it('reads NES 2.0 exponent-multiplier sizes', () => {
    const rom = buildRom({ prgBanks: 2, chrBanks: 0, nes2: true })
    rom[4] = (15 << 2) | 0 // 2^15 * 1 = 32 KiB
    rom[9] = 0x0f
    expect(header(rom).prgRomBytes).toBe(32768)
  })

  it('rejects files without the magic, and headers larger than the file', () => {
    const notNes = parseINesHeader(new Uint8Array(2048))
    expect(notNes.ok || notNes.problem.code).toBe('NotINes')
    const truncated = buildRom({ prgBanks: 2, chrBanks: 1 }).subarray(0, 20000)
    const r = parseINesHeader(truncated)
    expect(r.ok || r.problem.code).toBe('SizeMismatch')
    expect(r.ok || r.problem.message).toContain('only 20000 bytes')
    const noPrg = buildRom()
    noPrg[4] = 0
    const r2 = parseINesHeader(noPrg)
    expect(r2.ok || r2.problem.code).toBe('SizeMismatch')
  })

  it('accepts trailing data after PRG and CHR', () => {
    expect(parseINesHeader(buildRom({ trailing: 100 })).ok).toBe(true)
  })
})
