import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildRom } from '../../test/rom-builder'
import { cartridgeDbXml } from '../../test/cartridge-db-xml'
import { parseCartridgeDb, parseSize } from './cartridge-db'
import { sha1Hex } from './identify'
import { XmlReadError } from './xml-reader'

const vendored = readFileSync(new URL('../../../cartridge-db/NstDatabase.xml', import.meta.url))
const utf8 = (text: string) => new TextEncoder().encode(text)

describe('the vendored cartridge database (Nestopia 1.52.0)', () => {
  it('holds every distinct ROM image of the file, each keyed by its header-less SHA-1', async () => {
    const db = await parseCartridgeDb(vendored)
    // `grep -o 'sha1="[^"]*"' NstDatabase.xml | sort -u | wc -l` counts 2,927; the last one is inside
    // an XML comment (<!--game> ... </game-->), which the database does not mean to list.
    expect(db.size).toBe(2926)
    expect(db.lookup('38236fbd5b70f651674d52ee519ab4dbb11f7955')).toBeUndefined()
    expect(db.fingerprint).toMatch(/^nst-[0-9a-f]{16}$/)
  })

  it('knows Super Mario Bros.: sold in Japan, the USA and Europe, NROM-256 wired vertical', async () => {
    const db = await parseCartridgeDb(vendored)
    expect(db.lookup('facee9c577a5262dbe33ac4930bb0b58c8c037f7')).toEqual({
      systems: ['Famicom', 'NES-NTSC', 'NES-PAL-A'],
      board: 'HVC-NROM-256',
      mapper: 0,
      prgRomBytes: 32 * 1024,
      chrRomBytes: 8 * 1024,
      chrRamBytes: 0,
      prgRamBytes: 0,
      battery: false,
      mirroring: 'vertical',
      dump: 'ok',
    })
  })

  it('reads battery-backed work RAM and CHR RAM (The Legend of Zelda, SNROM)', async () => {
    const db = await parseCartridgeDb(vendored)
    // NES-NTSC "The Legend of Zelda" (PRG0), header-less CRC 3FE272FB.
    const zelda = db.lookup('a12d74c73a0481599a5d832361d168f4737bbcf6')
    expect(zelda).toMatchObject({
      board: 'NES-SNROM',
      mapper: 1,
      prgRomBytes: 128 * 1024,
      chrRomBytes: 0,
      chrRamBytes: 8 * 1024,
      prgRamBytes: 8 * 1024,
      battery: true,
      mirroring: null,
    })
  })
})

describe('parseCartridgeDb', () => {
  it('keys entries by the SHA-1 of the ROM without its header, in lower case', async () => {
    const rom = buildRom({ prgBanks: 2, chrBanks: 0, mapper: 2, seed: 7 })
    const db = await parseCartridgeDb(
      utf8(cartridgeDbXml([{ rom, board: 'NES-UNROM', mapper: 2, prgKib: 32, vramKib: 8 }])),
    )
    expect(db.lookup(sha1Hex(rom.subarray(16)))).toMatchObject({
      board: 'NES-UNROM',
      mapper: 2,
      prgRomBytes: 32768,
      chrRamBytes: 8192,
    })
    expect(db.lookup(sha1Hex(rom))).toBeUndefined()
  })

  it('gives two files with different contents different fingerprints', async () => {
    const a = await parseCartridgeDb(utf8(cartridgeDbXml([])))
    const b = await parseCartridgeDb(
      utf8(cartridgeDbXml([{ rom: buildRom({ seed: 1 }), mapper: 0, prgKib: 16 }])),
    )
    expect(a.fingerprint).not.toBe(b.fingerprint)
  })

  it('refuses a database that declares entities, and malformed XML, with XmlReadError', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE database [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>' +
      '<database>&b;</database>'
    await expect(parseCartridgeDb(utf8(bomb))).rejects.toThrow(XmlReadError)
    await expect(parseCartridgeDb(utf8('<database><game></database>'))).rejects.toThrow(/malformed/)
  })
})

describe('parseSize', () => {
  it('reads NstDatabase sizes in KiB or bytes', () => {
    expect(parseSize('128k')).toBe(131072)
    expect(parseSize('9k')).toBe(9216)
    expect(parseSize('512')).toBe(512)
    expect(parseSize('big')).toBeUndefined()
    expect(parseSize(undefined)).toBeUndefined()
  })
})
