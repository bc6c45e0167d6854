// Public API of the NESASM 3.1-compatible assembler: assemble() (never throws), formatDiagnostic(), and
// the debug information of an assembly (source map, labels, `.dbg.json` and Mesen `.mlb` texts).
import { runAssembler } from './assemble'
import type { Diagnostic, FileRead } from './diagnostics'
import type { DebugInfo } from './source-map'
import { emptySourceMap } from './source-map'

export type { Diagnostic, DiagnosticCode, FileRead, SourceSpan } from './diagnostics'
export { formatDiagnostic } from './diagnostics'
export type {
  DebugInfo,
  DebugLabel,
  DebugLabelKind,
  DebugMacro,
  SourceLine,
  SourceMap,
  SourceMapEntry,
} from './source-map'
export { DEBUG_JSON_VERSION, formatDebugJson, formatMesenLabels, mesenAddress } from './debug-files'

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
  /**
   * Build `result.debug` (source map and labels, for a debugger). Off by default: logging pass 2
   * costs a few percent of the assembly time.
   */
  debug?: boolean
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
export type AssembleResult = ({ ok: true; rom: Uint8Array } | { ok: false }) & {
  listingText?: string
  fnsText?: string
  stdout: string
  diagnostics: Diagnostic[]
  /**
   * The files that `.include`, `.incbin` and `.incchr` read (keys of `files`), in the order first read,
   * each with the statement that first read it. A file named only in a skipped `.if` branch is absent.
   */
  filesRead: FileRead[]
  /**
   * ROM bytes the source assembled (instructions, `.db`/`.dw`, `.ds`, `.incbin`, `.incchr`,
   * `.defchr`), each position counted once, as NESASM's segment report counts them. 0 means no
   * code or data was assembled: NESASM still writes a ROM (the header and bank 0 filled with $FF)
   * for an empty or code-free program.
   */
  assembledBytes: number
  /**
   * With `options.debug`: the source map (line -> bank and address, address -> file and line, from
   * pass 2) and labels, built when first read. Its map is empty when pass 2 did not run (errors
   * in pass 1).
   */
  readonly debug?: DebugInfo
}

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
      sourceMap: o.debug ?? false,
    })
    const diagnostics = r.asm.diagnostics
    const common = {
      stdout: r.stdout,
      diagnostics,
      assembledBytes: r.assembledBytes,
      filesRead: [...r.asm.filesRead.values()],
    }
    const result: AssembleResult = r.ok
      ? { ok: true as const, rom: r.rom ?? encodeAscii(r.srec ?? ''), ...common }
      : { ok: false as const, ...common }
    if (o.debug === true) {
      let debug: DebugInfo | undefined
      // built on first read, like the symbol file
      Object.defineProperty(result, 'debug', {
        enumerable: true,
        get: () => (debug ??= r.debugInfo()),
      })
    }
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
      assembledBytes: 0,
      filesRead: [],
      ...(o.debug === true
        ? {
            debug: {
              sourceMap: emptySourceMap(),
              macros: [],
              labels: [],
              prgBanks: 0,
              battery: false,
            },
          }
        : {}),
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
