// Logiqx XML DATs (No-Intro, Redump, MAME): <datafile><header><name/><description/><version/></header>
// <game name="…"><release region="USA"/><rom name size crc md5 sha1/></game>…</datafile>. `machine`
// is read as `game` (MAME's later spelling). Parsed by saxes through xml-reader.ts: entity
// declarations are refused and nothing outside the file is ever read.
import { readXml } from '../xml-reader'
import { DatCollector } from './dat-collector'
import type { RawGame } from './dat-collector'
import { DatError } from './dat-types'
import type { ParsedDat } from './dat-types'

const HEADER_FIELDS = new Set(['name', 'description', 'version'])

export async function parseLogiqxDat(bytes: Uint8Array, maxRoms?: number): Promise<ParsedDat> {
  const dat = new DatCollector('logiqx', maxRoms)
  const path: string[] = []
  let game: RawGame | undefined
  let headerField: { name: string; text: string } | undefined
  await readXml(bytes, {
    open(name, attrs) {
      if (path.length === 0 && name !== 'datafile') {
        throw new DatError(
          `This XML is not a Logiqx DAT: its root element is <${name}>, not <datafile>.`,
        )
      }
      const parent = path[path.length - 1]
      path.push(name)
      if (parent === 'header' && HEADER_FIELDS.has(name)) headerField = { name, text: '' }
      else if (parent === 'datafile' && (name === 'game' || name === 'machine')) {
        game = { name: attrs.name ?? '', releaseRegions: [], roms: [] }
      } else if (game && path.length === 3 && name === 'rom') {
        // Directly inside the game (path: datafile, game, rom).
        game.roms.push({ size: attrs.size, crc: attrs.crc, sha1: attrs.sha1 })
      } else if (game && path.length === 3 && name === 'release' && attrs.region) {
        game.releaseRegions.push(attrs.region)
      }
    },
    text(text) {
      if (headerField) headerField.text += text
    },
    close(name) {
      path.pop()
      if (headerField && name === headerField.name) {
        dat.header = { ...dat.header, [headerField.name]: headerField.text }
        headerField = undefined
      } else if (game && (name === 'game' || name === 'machine') && path.length === 1) {
        dat.addGame(game)
        game = undefined
      }
    },
  })
  return dat.result()
}
