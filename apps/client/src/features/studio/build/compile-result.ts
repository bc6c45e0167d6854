// What a compile means for the studio: a ROM, or an error with its message, diagnostics, output and listing.
import type { AssembleResult } from '@nes-studio/assembler'
import { formatStudioDiagnostic, fromAssemblerDiagnostic } from './studio-diagnostic'
import type { StudioDiagnostic } from './studio-diagnostic'

export const NO_ROM_MESSAGE = 'Compilation produced no ROM data'
export const UNKNOWN_ERROR_MESSAGE = 'Unknown compilation error occurred.'

export interface CompileError {
  message: string
  diagnostics: StudioDiagnostic[]
  stdout?: string
  listing?: string
}

export type CompileOutcome =
  | {
      ok: true
      rom: Uint8Array
      elapsedMs: number
      /** Warnings the studio adds to the assembler's (a placeholder the build read): shown in the error box's place. */
      notices: StudioDiagnostic[]
    }
  | { ok: false; error: CompileError }

function failure(result: AssembleResult, diagnostics: StudioDiagnostic[]): CompileError {
  const errors = diagnostics.filter((d) => d.severity === 'error')
  const first = errors[0] ?? diagnostics[0]
  const message = first
    ? `Compilation failed: ${formatStudioDiagnostic(first)}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`
    : result.ok
      ? NO_ROM_MESSAGE
      : UNKNOWN_ERROR_MESSAGE
  return {
    message,
    diagnostics,
    stdout: result.stdout,
    ...(result.listingText ? { listing: result.listingText } : {}),
  }
}

/**
 * Turns the worker's answer into an outcome: a ROM, or an error with every diagnostic. `notices` are the studio's
 * own warnings about the build (placeholder-reads.ts), listed with the diagnostics.
 */
export function interpretResult(
  result: AssembleResult,
  elapsedMs: number,
  notices: StudioDiagnostic[] = [],
): CompileOutcome {
  const diagnostics = [...result.diagnostics.map(fromAssemblerDiagnostic), ...notices]
  // NESASM writes a ROM (header and bank 0 of $FF) even for an empty or code-free program: running it would
  // only show a gray screen, so no assembled code or data is the spec's "no ROM data".
  if (result.ok && result.rom.length > 0 && result.assembledBytes > 0) {
    return { ok: true, rom: result.rom, elapsedMs, notices }
  }
  if (result.ok)
    return { ok: false, error: { message: NO_ROM_MESSAGE, diagnostics, stdout: result.stdout } }
  return { ok: false, error: failure(result, diagnostics) }
}
