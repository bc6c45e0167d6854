// The hash of an emulator state that browsers compare every NETPLAY_HASH_EVERY_FRAMES frames: the first 8
// bytes of its SHA-256, as 16 hex digits. fceumm's states are byte-for-byte equal across browsers at
// the same frame (checked: same ROM, same inputs, states loaded in another page), so any difference is
// a real one.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'

export function stateHash(state: Uint8Array): string {
  return bytesToHex(sha256(state).subarray(0, 8))
}
