// The Mesen label file (.mlb) of a debug build: as `nesasm-ts -g` writes it beside the ROM, or as the cc65 build
// made it from ld65's debug file (cc65/dbg-mesen-labels.ts).
import { formatMesenLabels } from '@nes-studio/assembler'
import type { DebugData } from './debug-data'
import { encodeLatin1 } from '../project/text-bytes'

/** The `.mlb` bytes for a build's debug data (NESASM and ca65 names are ASCII). */
export function mesenLabelBytes(debug: DebugData): Uint8Array {
  return encodeLatin1(debug.mesenLabels ?? formatMesenLabels(debug))
}
