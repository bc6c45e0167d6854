// The cartridge database: Nestopia's NstDatabase.xml (apps/server/cartridge-db/, GPL-2.0-or-later),
// read once into a map from the header-less SHA-1 to what the database knows about that ROM.
// Format: <database><game><cartridge|arcade system dump crc sha1><board type mapper>
//   <prg size/> <chr size/> <vram size/> <wram size battery/> <chip type battery/> <pad h v/>.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Cartridge } from '@nes-studio/shared'
import { readXml } from './xml-reader'

/** One `<cartridge>` (or `<arcade>`) element. */
interface CartridgeElement extends Omit<Cartridge, 'systems'> {
  system: string
  sha1: string
}

export interface CartridgeDb {
  /** Names this database's contents (a hash of the file): a ROM identified with another is identified again. */
  readonly fingerprint: string
  /** Distinct ROM images in the database. */
  readonly size: number
  /** The entry for a header-less SHA-1 (lowercase hex), or undefined. */
  lookup(sha1: string): Cartridge | undefined
}

/** "128k" → 131072, "9k" → 9216, "512" → 512; undefined when it is neither. */
export function parseSize(text: string | undefined): number | undefined {
  const match = /^(\d{1,7})(k?)$/i.exec(text?.trim() ?? '')
  if (!match) return undefined
  return Number(match[1]) * (match[2] ? 1024 : 1)
}

const DUMPS = new Set(['ok', 'bad', 'unknown'])

function newElement(attrs: Readonly<Record<string, string>>): CartridgeElement | undefined {
  const sha1 = attrs.sha1?.toLowerCase()
  if (!sha1 || !/^[0-9a-f]{40}$/.test(sha1)) return undefined
  const dump = attrs.dump?.toLowerCase() ?? ''
  return {
    system: attrs.system ?? '',
    sha1,
    board: null,
    mapper: null,
    prgRomBytes: 0,
    chrRomBytes: 0,
    chrRamBytes: 0,
    prgRamBytes: 0,
    battery: false,
    mirroring: null,
    dump: DUMPS.has(dump) ? (dump as Cartridge['dump']) : 'unknown',
  }
}

/** Applies one element inside `<board>` to the cartridge it describes. */
function addBoardPart(
  cart: CartridgeElement,
  name: string,
  attrs: Readonly<Record<string, string>>,
): void {
  const size = parseSize(attrs.size) ?? 0
  if (name === 'board') {
    cart.board = attrs.type || null
    const mapper = Number(attrs.mapper)
    cart.mapper = attrs.mapper !== undefined && Number.isInteger(mapper) ? mapper : null
  } else if (name === 'prg') cart.prgRomBytes += size
  else if (name === 'chr') cart.chrRomBytes += size
  else if (name === 'vram') cart.chrRamBytes += size
  else if (name === 'wram') cart.prgRamBytes += size
  else if (name === 'pad') {
    // The H pad joins CIRAM A10 to PPU A11 (vertical mirroring), the V pad to A10 (horizontal).
    if (attrs.h === '1') cart.mirroring = 'vertical'
    else if (attrs.v === '1') cart.mirroring = 'horizontal'
  }
  if ((name === 'wram' || name === 'chip') && attrs.battery === '1') cart.battery = true
}

/** The entry for one ROM: every system it was sold for, the other facts from its best-known dump. */
function mergeElements(elements: readonly CartridgeElement[]): Cartridge {
  const best = elements.find((e) => e.dump === 'ok') ?? (elements[0] as CartridgeElement)
  const { system: _system, sha1: _sha1, ...facts } = best
  const systems = [...new Set(elements.map((e) => e.system).filter(Boolean))]
  return { systems, ...facts }
}

/** Reads NstDatabase.xml bytes. Rejects (XmlReadError) when the XML is malformed or hostile. */
export async function parseCartridgeDb(xml: Uint8Array): Promise<CartridgeDb> {
  const bySha1 = new Map<string, CartridgeElement[]>()
  let current: CartridgeElement | undefined
  await readXml(xml, {
    open(name, attrs) {
      if (name === 'cartridge' || name === 'arcade') {
        current = newElement(attrs)
        if (current) bySha1.set(current.sha1, [...(bySha1.get(current.sha1) ?? []), current])
      } else if (current) addBoardPart(current, name, attrs)
    },
    close(name) {
      if (name === 'cartridge' || name === 'arcade') current = undefined
    },
  })
  const entries = new Map<string, Cartridge>()
  for (const [sha1, elements] of bySha1) entries.set(sha1, mergeElements(elements))
  return {
    fingerprint: `nst-${createHash('sha256').update(xml).digest('hex').slice(0, 16)}`,
    size: entries.size,
    lookup: (sha1) => entries.get(sha1),
  }
}

/** Reads and parses the database file at `file`. */
export async function loadCartridgeDb(file: string): Promise<CartridgeDb> {
  return parseCartridgeDb(await readFile(file))
}
