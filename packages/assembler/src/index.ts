// Public API of the NESASM 3.1-compatible assembler: assemble() (never throws) and formatDiagnostic().
import { runAssembler } from './assemble'
import type { Diagnostic } from './diagnostics'

export type { Diagnostic, DiagnosticCode, SourceSpan } from './diagnostics'
export { formatDiagnostic } from './diagnostics'

/** Options, named after NESASM's command-line switches. */
export interface AssembleOptions {
  /** NESASM `-l N`: listing level 0-3 (default 2). The listing exists only if the source runs `.list`. */
  listLevel?: 0 | 1 | 2 | 3
  /** NESASM `-m`: list macro expansions. */
  macroExpansion?: boolean
  /** `nes` (default): iNES header + banks; `raw` (-raw): banks only; `srec` (-srec): S-records. */
  output?: 'nes' | 'raw' | 'srec'
  /** NESASM `-s` (1) / `-S` (2): append the segment report to `stdout`. */
  segments?: 0 | 1 | 2
  /** Produce a listing even without `.list` (every line listed, as if `.list` opened the source). */
  forceListing?: boolean
}

/** The files of a project (path relative to the project root -> bytes) and the main file's path. */
export interface AssembleInput {
  files: Record<string, Uint8Array>
  main: string
  options?: AssembleOptions
}

/**
 * The outcome. `rom` holds the .nes bytes (or the raw banks; with `output: 'srec'` the S-record
 * text as bytes). `listingText` is NESASM's .lst, `fnsText` its .fns, `stdout` what NESASM prints.
 * These three are byte strings: one char (0-255) per byte, copied from the source as NESASM copies
 * it, so a Latin-1 `.db "é"` is char $E9 and a UTF-8 one the two chars $C3 $A9. Encode them as
 * `latin1` to get NESASM's file bytes; decode those bytes (e.g. as UTF-8) to display them.
 */
export type AssembleResult =
  | {
      ok: true
      rom: Uint8Array
      listingText?: string
      fnsText?: string
      stdout: string
      diagnostics: Diagnostic[]
    }
  | { ok: false; listingText?: string; fnsText?: string; stdout: string; diagnostics: Diagnostic[] }

function encodeAscii(s: string): Uint8Array {
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff
  return out
}

/** Assembles a project. Never throws: bad input gives `ok: false` and diagnostics. */
export function assemble(input: AssembleInput): AssembleResult {
  const o = input.options ?? {}
  try {
    const r = runAssembler(input.files, input.main, {
      listLevel: o.listLevel ?? 2,
      mlist: o.macroExpansion ?? false,
      raw: o.output === 'raw',
      output: o.output ?? 'nes',
      segments: o.segments ?? 0,
      forceListing: o.forceListing ?? false,
    })
    const diagnostics = r.asm.diagnostics
    const base = r.ok
      ? {
          ok: true as const,
          rom: r.rom ?? encodeAscii(r.srec ?? ''),
          stdout: r.stdout,
          diagnostics,
        }
      : { ok: false as const, stdout: r.stdout, diagnostics }
    const result: AssembleResult = base
    if (r.listingText !== undefined) result.listingText = r.listingText
    if (!r.inputMissing) {
      // computed on first read: most builds never look at the symbol file
      let fns: string | undefined
      Object.defineProperty(result, 'fnsText', {
        enumerable: true,
        configurable: true,
        get: () => (fns ??= r.fnsText()),
      })
    }
    return result
  } catch (e) {
    const message = `internal assembler error: ${e instanceof Error ? e.message : String(e)}`
    return {
      ok: false,
      stdout: '',
      diagnostics: [
        {
          severity: 'error',
          code: 'InternalError',
          message,
          span: { file: input.main, offset: 0, length: 0, line: 1, column: 1 },
        },
      ],
    }
  }
}
