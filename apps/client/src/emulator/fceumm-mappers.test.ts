import { describe, expect, it } from 'vitest'
import {
  FCEUMM_MAPPERS,
  isMapperSupported,
  refusedGameMessage,
  SURVEYED_UP_TO,
} from './fceumm-mappers'
import { inesMapper } from './ines'

describe('the mappers fceumm loads (surveyed)', () => {
  it('include the common boards and leave out those the walk-through saw refused', () => {
    for (const mapper of [0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 66, 69]) {
      expect(isMapperSupported(mapper), `mapper ${mapper}`).toBe(true)
    }
    // Seen refused in issue 23's walk-through (RetroArch's menu instead of a game); 128 and 254, also named
    // there, loaded in the survey.
    for (const mapper of [20, 100, 102, 127, 129, 130, 131, 220, 223, 247]) {
      expect(isMapperSupported(mapper), `mapper ${mapper}`).toBe(false)
    }
  })

  it('is a sorted list of distinct mapper numbers', () => {
    expect([...FCEUMM_MAPPERS].sort((a, b) => a - b)).toEqual(FCEUMM_MAPPERS)
    expect(new Set(FCEUMM_MAPPERS).size).toBe(FCEUMM_MAPPERS.length)
  })

  it('names the mapper of a game the core refused', () => {
    expect(refusedGameMessage(220)).toBe(
      'This game uses mapper 220, which the emulator (fceumm) does not support, so it cannot be played here.',
    )
    expect(refusedGameMessage(4)).toBe(
      'The emulator could not load this game (mapper 4): its file may be damaged.',
    )
    expect(refusedGameMessage(SURVEYED_UP_TO + 1)).toContain('it may not support its mapper')
    expect(isMapperSupported(SURVEYED_UP_TO + 1)).toBe(true)
  })
})

describe('inesMapper', () => {
  const header = (bytes: Record<number, number>) => {
    const rom = new Uint8Array(16)
    rom.set([0x4e, 0x45, 0x53, 0x1a])
    for (const [at, value] of Object.entries(bytes)) rom[Number(at)] = value
    return rom
  }

  it('combines the two nibbles of an iNES header', () => {
    expect(inesMapper(header({ 6: 0x41, 7: 0xd0 }))).toBe(0xd4)
  })

  it('adds bits 8-11 from byte 8 in an NES 2.0 header', () => {
    expect(inesMapper(header({ 6: 0x40, 7: 0x18, 8: 0x01 }))).toBe(0x114)
  })

  it('ignores byte 7 when a dumping tool wrote text into bytes 7-15', () => {
    const rom = header({ 6: 0x10 })
    rom.set(new TextEncoder().encode('DiskDude!'), 7)
    expect(inesMapper(rom)).toBe(1)
  })
})
