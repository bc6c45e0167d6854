import { describe, expect, it } from 'vitest'
import {
  BAD_HEADER_MESSAGE,
  INVALID_FORMAT_MESSAGE,
  INVALID_ROM_MESSAGE,
  hasNesExtension,
  validateFileChoice,
  validateRomBytes,
} from './validate-rom'

function ines(size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  bytes.set([0x4e, 0x45, 0x53, 0x1a])
  return bytes
}

describe('file choice', () => {
  it.each(['game.nes', 'GAME.NES', 'Mixed.NeS', 'a.b.nes'])('accepts %s', (name) => {
    expect(hasNesExtension(name)).toBe(true)
    expect(validateFileChoice(name)).toBeUndefined()
  })

  it.each(['game.txt', 'game.nes.zip', 'nes', 'game', 'game.ne'])('rejects %s', (name) => {
    expect(validateFileChoice(name)).toBe(INVALID_FORMAT_MESSAGE)
  })
})

describe('before start', () => {
  it('accepts an iNES file of exactly 1024 bytes', () => {
    expect(validateRomBytes('ok.nes', ines(1024))).toBeUndefined()
  })

  it('rejects 1023 bytes with the spec message', () => {
    expect(validateRomBytes('small.nes', ines(1023))).toBe(INVALID_ROM_MESSAGE)
  })

  it('rejects a wrong name even when the bytes are fine', () => {
    expect(validateRomBytes('rom.bin', ines(40_976))).toBe(INVALID_ROM_MESSAGE)
  })

  it('rejects a file without "NES" + 0x1A', () => {
    const bytes = ines(2048)
    bytes[3] = 0x00
    expect(validateRomBytes('fake.nes', bytes)).toBe(BAD_HEADER_MESSAGE)
    expect(validateRomBytes('zeros.nes', new Uint8Array(4096))).toBe(BAD_HEADER_MESSAGE)
  })
})
