import { describe, expect, it } from 'vitest'
import { buildRom } from '../../test/rom-builder'
import { cartridgeDbXml } from '../../test/cartridge-db-xml'
import type { TestCartridge } from '../../test/cartridge-db-xml'
import { parseINesHeader } from '../ines'
import { parseCartridgeDb } from './cartridge-db'
import { correctedHeader } from './corrected-header'
import { checkHeader } from './header-check'
import type { HeaderFacts } from './header-check'
import { crc32Hex, identifyRom, sha1Hex } from './identify'

const utf8 = (text: string) => new TextEncoder().encode(text)
const dbOf = (carts: TestCartridge[]) => parseCartridgeDb(utf8(cartridgeDbXml(carts)))

function headerOf(rom: Uint8Array) {
  const parsed = parseINesHeader(rom)
  if (!parsed.ok) throw new Error(parsed.problem.message)
  return parsed.header
}

function factsOf(rom: Uint8Array): HeaderFacts {
  const h = headerOf(rom)
  return { ...h, prgRomBytes: h.prgRomBytes, chrRomBytes: h.chrRomBytes }
}

/** Identifies `rom` against a database holding `cart`'s entry (hashed from `cart.rom`). */
async function identifyAgainst(rom: Uint8Array, cart: TestCartridge) {
  const identity = identifyRom(rom, headerOf(rom), await dbOf([cart]))
  return { identity, issues: checkHeader(factsOf(rom), identity.cartridge) }
}

describe('identifying a ROM built in the test against a database entry made from it', () => {
  // UNROM: 32 KiB PRG, CHR RAM, vertical mirroring by solder pad.
  const unrom = (rom: Uint8Array): TestCartridge => ({
    rom,
    board: 'NES-UNROM',
    mapper: 2,
    prgKib: 32,
    vramKib: 8,
    pad: 'h',
  })

  it('finds a ROM whose header is right, with no header issues', async () => {
    const rom = buildRom({ prgBanks: 2, chrBanks: 0, mapper: 2, flags6Low: 1, seed: 3 })
    const { identity, issues } = await identifyAgainst(rom, unrom(rom))
    expect(identity.cartridge).toMatchObject({
      board: 'NES-UNROM',
      mapper: 2,
      systems: ['NES-NTSC'],
    })
    expect(identity.sha1).toBe(sha1Hex(rom.subarray(16)))
    expect(identity.crc32).toBe(crc32Hex(rom.subarray(16)))
    expect(identity.fileSha1).toBe(sha1Hex(rom))
    expect(issues).toEqual([])
    expect(correctedHeader(rom, issues)).toBeUndefined()
  })

  it('says when the header names the wrong mapper, and corrects only the mapper', async () => {
    const right = buildRom({ prgBanks: 2, chrBanks: 0, mapper: 2, flags6Low: 1, seed: 4 })
    const wrong = right.slice()
    wrong[6] = 0x01 // mapper 0, vertical
    wrong[7] = 0x00
    const { identity, issues } = await identifyAgainst(wrong, unrom(right))
    expect(identity.cartridge?.board).toBe('NES-UNROM')
    expect(issues).toEqual([
      {
        field: 'mapper',
        header: 0,
        cartridge: 2,
        message: 'header says mapper 0, this cartridge is mapper 2',
      },
    ])
    expect(Array.from(correctedHeader(wrong, issues) ?? [])).toEqual(
      Array.from(right.subarray(0, 16)),
    )
  })

  it('says when the header has no battery but the cartridge saves, and sets the battery bit', async () => {
    const rom = buildRom({ prgBanks: 8, chrBanks: 0, mapper: 1, seed: 5 })
    const cart: TestCartridge = {
      rom,
      board: 'NES-SNROM',
      mapper: 1,
      prgKib: 128,
      vramKib: 8,
      wramKib: 8,
      battery: true,
    }
    const { issues } = await identifyAgainst(rom, cart)
    expect(issues.map((i) => [i.field, i.header, i.cartridge])).toEqual([['battery', false, true]])
    expect(issues[0]?.message).toBe(
      'header says no battery, this cartridge has battery-backed RAM (it saves)',
    )
    const fixed = correctedHeader(rom, issues)
    expect(fixed && headerOf(new Uint8Array([...fixed, ...rom.subarray(16)])).battery).toBe(true)
    expect((fixed?.[6] ?? 0) & ~0x02).toBe(rom[6]) // nothing else moved
  })

  it('says when mirroring and sizes disagree, in a fixed order', async () => {
    // 32 KiB PRG + 8 KiB CHR declared as 16 KiB PRG + 16 KiB CHR, horizontal instead of vertical.
    const right = buildRom({ prgBanks: 2, chrBanks: 1, mapper: 0, flags6Low: 1, seed: 6 })
    const wrong = right.slice()
    wrong[4] = 1
    wrong[5] = 2
    wrong[6] = 0
    const cart: TestCartridge = { rom: right, mapper: 0, prgKib: 32, chrKib: 8, pad: 'h' }
    const { issues } = await identifyAgainst(wrong, cart)
    expect(issues.map((i) => i.message)).toEqual([
      'header says horizontal mirroring, this cartridge is wired for vertical mirroring',
      'header says 16 KiB of PRG ROM, this cartridge has 32 KiB',
      'header says 16 KiB of CHR ROM, this cartridge has 8 KiB of CHR ROM',
    ])
    expect(Array.from(correctedHeader(wrong, issues) ?? [])).toEqual(
      Array.from(right.subarray(0, 16)),
    )
  })

  it('clears a "DiskDude!" tail when it corrects a mapper, so the new high nibble reads right', async () => {
    const right = buildRom({ prgBanks: 2, chrBanks: 1, mapper: 0x42, seed: 8 })
    const dirty = right.slice()
    dirty.set(utf8('DiskDude!'), 7) // archaic: only the low nibble (2) counts
    const { issues } = await identifyAgainst(dirty, {
      rom: right,
      mapper: 0x42,
      prgKib: 32,
      chrKib: 8,
    })
    expect(issues.map((i) => [i.header, i.cartridge])).toEqual([[2, 0x42]])
    const fixed = correctedHeader(dirty, issues)
    expect(Array.from(fixed ?? [])).toEqual(Array.from(right.subarray(0, 16)))
  })

  it('finds a ROM with a trainer or appended data by its PRG and CHR alone', async () => {
    const plain = buildRom({ prgBanks: 1, chrBanks: 1, seed: 9 })
    const withTail = new Uint8Array([...plain, ...utf8('title block'.padEnd(128))])
    const cart: TestCartridge = { rom: plain, mapper: 0, prgKib: 16, chrKib: 8 }
    expect((await identifyAgainst(withTail, cart)).identity.cartridge?.mapper).toBe(0)
    const trained = new Uint8Array(plain.length + 512)
    trained.set(plain.subarray(0, 16))
    trained[6] = (trained[6] ?? 0) | 0x04
    trained.set(plain.subarray(16), 16 + 512)
    expect((await identifyAgainst(trained, cart)).identity.cartridge?.mapper).toBe(0)
  })

  it('leaves sizes alone when the file does not hold what the database says', async () => {
    const rom = buildRom({ prgBanks: 1, chrBanks: 1, seed: 10 })
    const { issues } = await identifyAgainst(rom, { rom, mapper: 0, prgKib: 32, chrKib: 8 })
    expect(issues.map((i) => i.field)).toEqual(['prgRom'])
    expect(correctedHeader(rom, issues)).toBeUndefined()
  })

  it('does not know a ROM the database lacks (homebrew)', async () => {
    const rom = buildRom({ seed: 11 })
    const other = buildRom({ seed: 12 })
    const { identity, issues } = await identifyAgainst(rom, { rom: other, mapper: 0, prgKib: 16 })
    expect(identity.cartridge).toBeNull()
    expect(issues).toEqual([])
  })

  it('turns an iNES 1.0 header into NES 2.0 for a mapper above 255', async () => {
    const rom = buildRom({ prgBanks: 2, chrBanks: 1, mapper: 4, seed: 13 })
    const { issues } = await identifyAgainst(rom, { rom, mapper: 268, prgKib: 32, chrKib: 8 })
    const fixed = correctedHeader(rom, issues)
    const header = fixed && headerOf(new Uint8Array([...fixed, ...rom.subarray(16)]))
    expect(header).toMatchObject({ nes2: true, mapper: 268, prgRomBytes: 32768, chrRomBytes: 8192 })
  })
})

describe('correctedHeader', () => {
  it('never writes into the bytes it is given, also when they are a Buffer', async () => {
    const right = buildRom({ prgBanks: 2, chrBanks: 0, mapper: 2, seed: 14 })
    const stored = Buffer.from(right)
    stored[6] = 0 // mapper 0, as a lying file says
    const before = Buffer.from(stored)
    const { issues } = await identifyAgainst(stored, {
      rom: right,
      mapper: 2,
      prgKib: 32,
      vramKib: 8,
    })
    expect(correctedHeader(stored, issues)?.[6]).toBe(0x20)
    expect(stored.equals(before)).toBe(true)
  })
})
