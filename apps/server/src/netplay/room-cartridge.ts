// The one check of a slot cartridge the host sends through its room (its bytes reach every joiner).
import type { RoomGame } from '@nes-studio/shared/netplay-api'
import { hasINesMagic } from '../roms/ines'

/** Why the room refuses these cartridge bytes from its host, or undefined when it takes them. */
export function cartridgeProblem(
  game: RoomGame,
  hasRom: boolean,
  bytes: Uint8Array,
): string | undefined {
  if (game.kind !== 'cartridge' || hasRom) return 'This room needs no cartridge from you.'
  if (bytes.length !== game.size) {
    return `The cartridge is ${bytes.length} bytes, not the ${game.size} the room was opened with.`
  }
  return hasINesMagic(bytes) ? undefined : 'The cartridge is not an iNES file.'
}
