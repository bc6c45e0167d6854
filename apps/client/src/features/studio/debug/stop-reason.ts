// Why the debugger stopped, in the words of the status line beside the run controls ("Stopped · …").
import type { DebugStopReason } from '../../../emulator/types'
import type { DebugMap } from './debug-map'
import { hex4 } from './format'

/**
 * A crash in code a BRK jumped to: the 6502 really does jump through $FFFE-$FFFF, so with the vector unset the
 * program runs whatever RAM holds at $0000 until an opcode the CPU lacks. Say where the BRK was and why.
 */
function brkNote(brk: { address: number; vector: number }, map: DebugMap | undefined): string {
  const line = map?.lineAt(brk.address)
  const where = `$${hex4(brk.address)}${line ? ` (${line.file}:${line.line})` : ''}`
  const through = `the BRK at ${where} jumped through the IRQ/BRK vector at $FFFE`
  if (brk.vector === 0) return `${through}, which is $0000: set the vector with .dw`
  return `${through} to $${hex4(brk.vector)}`
}

/** The status line's words for `reason` (`map` names the line of a BRK a crash followed). */
export function describeStopReason(reason: DebugStopReason, map?: DebugMap): string {
  switch (reason.kind) {
    case 'breakpoint':
      return 'breakpoint'
    case 'watchpoint':
      return `${reason.access} of $${hex4(reason.address)} (value ${reason.value})`
    case 'crash':
      return reason.afterBrk
        ? `crashed: ${reason.message}; ${brkNote(reason.afterBrk, map)}`
        : `crashed: ${reason.message}`
    case 'frames':
      return 'frame done'
    default:
      return 'step'
  }
}
