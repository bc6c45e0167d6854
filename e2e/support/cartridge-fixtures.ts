// A cartridge whose header lies, built with our assembler, and the cartridge database and DAT that know
// it: the specs start a server whose CARTRIDGE_DB is that database (startServer's env).
import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { NES_COLOR } from './nes-colors'
import { buildRom } from './nrom-program'

/** Which reset ran, in RAM at $0000 (what the specs read with readMemory). */
export const RAN_AS_UNROM = 1
export const RAN_AS_NROM = 2

/**
 * Writes `marker` to $0000, then paints the backdrop one colour at every vertical blank (rendering on,
 * CHR RAM blank).
 */
function paint(label: string, color: number, marker: number): string {
  return `${label}:
  sei
  cld
  ldx #$FF
  txs
  lda #${marker}
  sta $00
  lda #0
  sta $2000
  sta $2001
${label}_frame:
  bit $2002
  bpl ${label}_frame
  lda #$3F
  sta $2006
  lda #$00
  sta $2006
  lda #$${color.toString(16).padStart(2, '0')}
  sta $2007
  lda #0
  sta $2006
  sta $2006
  lda #%00001010
  sta $2001
  jmp ${label}_frame
`
}

/**
 * UNROM (mapper 2, 128 KiB PRG, CHR RAM) whose header says mapper 0. Played as UNROM, the last 16 KiB
 * sit at $C000 and its reset writes RAN_AS_UNROM to $0000; played as NROM (the header's word), the first
 * 32 KiB are all the CPU sees, and the reset there writes RAN_AS_NROM. `tag` makes another ROM.
 */
export function buildLyingUnrom(tag: number): Uint8Array {
  return buildRom(`  .inesprg 8
  .ineschr 0
  .inesmap 0
  .inesmir 1

  .bank 0
  .org $8000
  .db ${tag}

  .bank 3
  .org $E000
${paint('WRONG', NES_COLOR.red, RAN_AS_NROM)}
  .org $FFFA
  .dw WRONG, WRONG, WRONG

  .bank 15
  .org $E000
${paint('RIGHT', NES_COLOR.green, RAN_AS_UNROM)}
  .org $FFFA
  .dw RIGHT, RIGHT, RIGHT
`)
}

const hashes = (rom: Uint8Array) => {
  const body = rom.subarray(16)
  return {
    crc: crc32(body).toString(16).padStart(8, '0').toUpperCase(),
    sha1: createHash('sha1').update(body).digest('hex'),
  }
}

/** NstDatabase.xml's format: each ROM an NES-UNROM cartridge, mapper 2, vertical mirroring by pad. */
export function unromDatabase(roms: readonly Uint8Array[]): string {
  const games = roms.map((rom) => {
    const { crc, sha1 } = hashes(rom)
    return `  <game>
    <cartridge system="NES-NTSC" dump="ok" crc="${crc}" sha1="${sha1.toUpperCase()}">
      <board type="NES-UNROM" mapper="2">
        <prg size="128k" />
        <vram size="8k" />
        <pad h="1" v="0" />
      </board>
    </cartridge>
  </game>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<database version="1.0">\n${games.join('\n')}\n</database>\n`
}

/** A headerless Logiqx DAT naming each ROM. */
export function logiqxDat(games: readonly { name: string; rom: Uint8Array }[]): string {
  const lines = games.map(({ name, rom }) => {
    const { crc, sha1 } = hashes(rom)
    const size = rom.length - 16
    return `  <game name="${name}">\n    <description>${name}</description>\n    <rom name="${name}.nes" size="${size}" crc="${crc.toLowerCase()}" sha1="${sha1}"/>\n  </game>`
  })
  return `<?xml version="1.0"?>\n<datafile>\n  <header>\n    <name>Test Carts</name>\n    <version>20261127</version>\n  </header>\n${lines.join('\n')}\n</datafile>\n`
}

/** Writes `text` to a new temporary file and returns its path. */
export function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'nes-e2e-')), name)
  writeFileSync(file, text)
  return file
}
