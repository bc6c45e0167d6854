// What the player knows about the cartridge in the slot: its bytes, where it came from (the slot, or a
// library entry) and its identity, the SHA-1 of the ROM without its 16-byte iNES header (the library's
// `sha1`). Saves and states are keyed by that identity, never by the file name.
import { sha1 } from '@noble/hashes/legacy.js'
import { bytesToHex } from '@noble/hashes/utils.js'

const INES_HEADER_BYTES = 16

/** Where a cartridge came from: a library entry keeps its saves on the server, the slot in the browser. */
export interface CartridgeSource {
  romId?: string
}

/** SHA-1 of the ROM without its header, lowercase hex (as the library's `sha1`). */
export function romSha1(bytes: Uint8Array): string {
  return bytesToHex(sha1(bytes.subarray(INES_HEADER_BYTES)))
}

/** iNES flags 6, bit 1: the cartridge has battery-backed save RAM at $6000-$7FFF. */
export function hasBattery(bytes: Uint8Array): boolean {
  return ((bytes[6] ?? 0) & 0x02) !== 0
}
