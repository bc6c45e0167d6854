// Test helper: a cartridge database in NstDatabase.xml's format whose entries are ROMs built in the test
// (their header-less CRC32 and SHA-1), so identification can be tested against known cartridges.
import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'

export interface TestCartridge {
  /** The ROM file; its bytes after the 16-byte header are what the entry hashes. */
  rom: Uint8Array
  system?: string
  dump?: string
  board?: string
  mapper?: number
  /** Sizes in KiB. */
  prgKib: number
  chrKib?: number
  vramKib?: number
  wramKib?: number
  battery?: boolean
  /** Solder pad: 'h' (vertical mirroring) or 'v' (horizontal). */
  pad?: 'h' | 'v'
}

export function cartridgeXml(cart: TestCartridge): string {
  const body = cart.rom.subarray(16)
  const crc = crc32(body).toString(16).padStart(8, '0').toUpperCase()
  const sha1 = createHash('sha1').update(body).digest('hex').toUpperCase()
  const board = [
    cart.board ? ` type="${cart.board}"` : '',
    cart.mapper !== undefined ? ` mapper="${cart.mapper}"` : '',
  ].join('')
  const parts = [
    `<prg size="${cart.prgKib}k" />`,
    cart.chrKib ? `<chr size="${cart.chrKib}k" />` : '',
    cart.vramKib ? `<vram size="${cart.vramKib}k" />` : '',
    cart.wramKib ? `<wram size="${cart.wramKib}k"${cart.battery ? ' battery="1"' : ''} />` : '',
    cart.pad ? `<pad h="${cart.pad === 'h' ? 1 : 0}" v="${cart.pad === 'v' ? 1 : 0}" />` : '',
  ].filter(Boolean)
  return `  <game>
    <cartridge system="${cart.system ?? 'NES-NTSC'}" dump="${cart.dump ?? 'ok'}" crc="${crc}" sha1="${sha1}">
      <board${board}>
        ${parts.join('\n        ')}
      </board>
    </cartridge>
  </game>`
}

/** A whole database file holding `carts`. */
export function cartridgeDbXml(carts: readonly TestCartridge[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<database version="1.0" conformance="loose">
${carts.map(cartridgeXml).join('\n')}
</database>
`
}
