// A ROM set's DAT file as the library keeps it: its header and every ROM it lists with its game.

/** Most ROM entries one DAT may list (No-Intro's NES DAT lists about 4,000). */
export const DAT_MAX_ROMS = 200_000

/** Longest name kept (a game's or the DAT's), in characters. */
export const DAT_MAX_NAME_CHARS = 300

export type DatFormat = 'logiqx' | 'clrmamepro'

export interface DatHeader {
  name: string
  description: string | null
  version: string | null
}

/** One ROM of a game. Hashes are lowercase hex; a ROM has a SHA-1, a CRC32 or both. */
export interface DatRom {
  /** The game's name ("Legend of Zelda, The (USA) (Rev 1)"). */
  gameName: string
  /** From the game's release or its name ("USA", "Japan, Europe"); null when neither says. */
  region: string | null
  /** "Rev 1", "v1.1" from the game's name; null when it has none. */
  revision: string | null
  /** Bytes, or null when the DAT does not say. */
  size: number | null
  crc32: string | null
  sha1: string | null
}

export interface ParsedDat {
  format: DatFormat
  header: DatHeader
  /** Games the DAT lists with at least one usable ROM. */
  gameCount: number
  roms: DatRom[]
}

/** The file is not a DAT this server can read, or breaks a limit; `message` says which, for people. */
export class DatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DatError'
  }
}
