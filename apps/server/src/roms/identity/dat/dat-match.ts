// Which DAT line names a library entry. A line with a SHA-1 matches the SHA-1 of the file without its
// header (No-Intro's headerless DATs, the library's `sha1`) or with it (headered DATs); a line with
// only a CRC32 matches the CRC32 of either, when its size (if given) is that part's size.
import type { DatLookup, DatMatch, RomHashes, StoredDatRom } from '../../../storage/dat-store'
import { INES_HEADER_BYTES } from '../../ines'

/** The match for `line` in DAT `datId`, with the title an entry takes from it. */
export function datMatchOf(
  datId: string,
  line: Pick<StoredDatRom, 'gameName' | 'region' | 'revision'>,
  titleOf: (gameName: string) => string,
): DatMatch {
  return {
    datId,
    gameName: line.gameName,
    region: line.region,
    revision: line.revision,
    title: titleOf(line.gameName),
  }
}

/** An in-memory index of one DAT's lines (first line wins for a hash listed twice). */
export function buildDatLookup(
  datId: string,
  lines: readonly StoredDatRom[],
  titleOf: (gameName: string) => string,
): DatLookup {
  const bySha1 = new Map<string, StoredDatRom>()
  const byCrc32 = new Map<string, StoredDatRom[]>()
  for (const line of lines) {
    if (line.sha1) {
      if (!bySha1.has(line.sha1)) bySha1.set(line.sha1, line)
    } else if (line.crc32) {
      byCrc32.set(line.crc32, [...(byCrc32.get(line.crc32) ?? []), line])
    }
  }
  const crcMatch = (crc32: string | null, size: number) =>
    crc32 ? byCrc32.get(crc32)?.find((l) => l.size === null || l.size === size) : undefined
  return {
    find(rom: RomHashes): DatMatch | undefined {
      const line =
        bySha1.get(rom.sha1) ??
        (rom.fileSha1 ? bySha1.get(rom.fileSha1) : undefined) ??
        crcMatch(rom.crc32, rom.fileSize - INES_HEADER_BYTES) ??
        crcMatch(rom.fileCrc32, rom.fileSize)
      return line ? datMatchOf(datId, line, titleOf) : undefined
    },
  }
}
