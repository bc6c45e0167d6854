// Which iNES mappers the fceumm core we serve can load, found by trying it (e2e/tools/fceumm-mappers.ts builds
// a ROM for every mapper number with our assembler and starts each in the real core): the library says which
// entries will not play before anyone presses play, and a game the core refuses is named by its mapper.
// Regenerate after a core upgrade: `npm run build && npx tsx e2e/tools/fceumm-mappers.ts --write`.

/** Mapper numbers from 0 to SURVEYED_UP_TO the core loaded, ascending. Generated; do not edit. */
export const FCEUMM_MAPPERS: readonly number[] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 27,
  28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52,
  53, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78,
  79, 80, 81, 82, 83, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 99, 101, 103, 104, 105,
  106, 107, 108, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 123, 125, 126, 128, 132,
  133, 134, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152,
  153, 154, 155, 156, 157, 158, 159, 160, 162, 163, 164, 165, 166, 167, 168, 170, 171, 172, 173,
  174, 175, 176, 177, 178, 180, 181, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194,
  195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213,
  214, 215, 216, 217, 218, 219, 221, 222, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234,
  235, 236, 237, 238, 240, 241, 242, 243, 244, 245, 246, 249, 250, 252, 253, 254, 255,
]

const SUPPORTED = new Set(FCEUMM_MAPPERS)

/** The highest mapper number the survey tried: above it, nothing is known. */
export const SURVEYED_UP_TO = 255

/** False only for a mapper the survey found the core refuses. */
export function isMapperSupported(mapper: number): boolean {
  return mapper > SURVEYED_UP_TO || SUPPORTED.has(mapper)
}

/** Why a game the core did not load cannot be played, for people. */
export function refusedGameMessage(mapper: number): string {
  if (!isMapperSupported(mapper)) {
    return `This game uses mapper ${mapper}, which the emulator (fceumm) does not support, so it cannot be played here.`
  }
  return mapper > SURVEYED_UP_TO
    ? `The emulator (fceumm) could not load this game: it may not support its mapper (${mapper}), or the file may be damaged.`
    : `The emulator could not load this game (mapper ${mapper}): its file may be damaged.`
}
