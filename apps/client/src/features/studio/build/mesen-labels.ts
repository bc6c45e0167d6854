// The Mesen label file (.mlb) of a debug build, as `nesasm-ts -g` writes it beside the ROM.
import { formatMesenLabels } from '@nes-studio/assembler'
import type { DebugData } from './debug-data'
import { encodeLatin1 } from '../project/text-bytes'

/** The `.mlb` bytes for a build's debug data (NESASM names are ASCII). */
export function mesenLabelBytes(debug: DebugData): Uint8Array {
  return encodeLatin1(formatMesenLabels(debug))
}
