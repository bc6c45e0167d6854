// Gathers the games both DAT formats describe into a ParsedDat: cleans names and hashes, takes the
// region from a release or the name and the revision from the name, and enforces the limits.
import { regionOfName, regionOfReleaseCode, revisionOfName } from '../regions'
import { DAT_MAX_NAME_CHARS, DAT_MAX_ROMS, DatError } from './dat-types'
import type { DatFormat, DatHeader, DatRom, ParsedDat } from './dat-types'

/** A ROM line as the file gives it, before checking. */
export interface RawRom {
  size?: string
  crc?: string
  sha1?: string
}

export interface RawGame {
  name: string
  /** Region codes of `<release>` elements (Logiqx), in order. */
  releaseRegions: string[]
  roms: RawRom[]
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g

/** A name as the library shows it: one line, trimmed, at most DAT_MAX_NAME_CHARS characters. */
export function cleanName(raw: string): string {
  const text = raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  return Array.from(text).slice(0, DAT_MAX_NAME_CHARS).join('').trim()
}

function hex(value: string | undefined, digits: number): string | null {
  const text = value?.trim().toLowerCase() ?? ''
  return new RegExp(`^[0-9a-f]{${digits}}$`).test(text) ? text : null
}

function size(value: string | undefined): number | null {
  const text = value?.trim() ?? ''
  return /^\d{1,12}$/.test(text) ? Number(text) : null
}

export class DatCollector {
  private readonly roms: DatRom[] = []
  private games = 0
  header: DatHeader = { name: '', description: null, version: null }

  constructor(
    readonly format: DatFormat,
    private readonly maxRoms = DAT_MAX_ROMS,
  ) {}

  addGame(game: RawGame): void {
    const gameName = cleanName(game.name)
    if (!gameName) return
    const release = game.releaseRegions.find((r) => r.trim() !== '')
    const region = release ? regionOfReleaseCode(release) : regionOfName(gameName)
    const revision = revisionOfName(gameName)
    let added = 0
    for (const raw of game.roms) {
      const rom = { crc32: hex(raw.crc, 8), sha1: hex(raw.sha1, 40), size: size(raw.size) }
      if (!rom.crc32 && !rom.sha1) continue
      if (this.roms.length >= this.maxRoms) {
        throw new DatError(
          `The DAT lists more than ${this.maxRoms.toLocaleString('en')} ROMs; the library takes at most that many.`,
        )
      }
      this.roms.push({ gameName, region, revision, ...rom })
      added++
    }
    if (added > 0) this.games++
  }

  result(): ParsedDat {
    if (this.roms.length === 0) {
      throw new DatError('The DAT lists no ROM with a CRC32 or SHA-1, so it cannot name any game.')
    }
    const name = cleanName(this.header.name) || cleanName(this.header.description ?? '')
    return {
      format: this.format,
      header: {
        name: name || 'Unnamed DAT',
        description: this.header.description ? cleanName(this.header.description) || null : null,
        version: this.header.version ? cleanName(this.header.version) || null : null,
      },
      gameCount: this.games,
      roms: this.roms,
    }
  }
}
