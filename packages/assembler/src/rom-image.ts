// The ROM image's layout (8 KB banks, at most 1 MB) and its two buffers: the bytes, and the map
// that NESASM keeps beside them (each byte's section and page, or $FF while empty). A fresh pair
// is 2 MB to allocate and fill with $FF, a noticeable part of a small program's run, so buffers
// are filled a bank at a time as they are used and a few are kept, re-filled, for the next run.

export const BANK_SIZE = 0x2000
export const MAX_BANKS = 128
export const ROM_LIMIT = 0x100000
export const BANK_LIMIT = 0x7f
/**
 * Map bit (never part of a section or page) of bytes filled by `.ds`. An empty byte ($FF) has it
 * too, so `map & DS_MARK` is 0 only for bytes real data wrote: writing over a `.ds` reservation
 * (a RAM map declared with `.ds` in a ROM bank, then code) is not reported as an overwrite.
 */
export const DS_MARK = 0x10

/** A ROM image's buffers (MAX_BANKS * BANK_SIZE bytes each). */
export interface RomBuffers {
  rom: Uint8Array
  map: Uint8Array
  /** Both buffers hold $FF or data before this offset (bytes, a multiple of BANK_SIZE). */
  filledEnd: number
}

/** Cleared buffers ready for the next run (see releaseRomBuffers). */
const romPool: RomBuffers[] = []

/** Buffers for a new run: a pooled pair, or a new one (zeroed: filled on use by fillRomBuffers). */
export function takeRomBuffers(): RomBuffers {
  const size = MAX_BANKS * BANK_SIZE
  return romPool.pop() ?? { rom: new Uint8Array(size), map: new Uint8Array(size), filledEnd: 0 }
}

/**
 * Fills `b`'s ROM and map with $FF from `b.filledEnd` up to `end` (bytes, rounded up to a bank).
 */
export function fillRomBuffers(b: RomBuffers, end: number): void {
  if (end <= b.filledEnd) return
  const to = Math.min(MAX_BANKS * BANK_SIZE, Math.ceil(end / BANK_SIZE) * BANK_SIZE)
  b.rom.fill(0xff, b.filledEnd, to)
  b.map.fill(0xff, b.filledEnd, to)
  b.filledEnd = to
}

/**
 * Returns the buffers to the pool once a run's outputs are built, re-filled with $FF where the
 * run could have written (banks up to `maxBank + 1`, as far as they were filled).
 */
export function releaseRomBuffers(b: RomBuffers, maxBank: number): void {
  const end = Math.min(b.filledEnd, Math.min(MAX_BANKS, maxBank + 2) * BANK_SIZE)
  b.rom.fill(0xff, 0, end)
  b.map.fill(0xff, 0, end)
  if (romPool.length < 2) romPool.push(b)
}
