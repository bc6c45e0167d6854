// The nesasm-ts command, as a function of its arguments, working directory and output streams
// (so it can be tested in-process): NESASM's options and output files, our diagnostics on stderr.
import { writeFileSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import { runAssembler } from '../assemble'
import { formatDebugJson, formatMesenLabels } from '../debug-files'
import type { Diagnostic } from '../diagnostics'
import { formatDiagnostic } from '../diagnostics'
import { outputNames, parseArgs } from './args'
import { diskFiles, fsPath, inDir } from './disk-files'

export interface CliIo {
  /**
   * NESASM's stdout. The text is a byte string (one char per byte, as NESASM's outputs are: a
   * bank name from a Latin-1 source keeps its bytes), so write it encoded as `latin1`.
   */
  stdout: (s: string) => void
  stderr: (s: string) => void
  /** Colour the severity (when stderr is a terminal). */
  color: boolean
  /** NES_INCLUDE-style search path (`;`-separated). */
  includePath: string
}

const USAGE = `nesasm-ts [-options] [-? (for help)] infile

-s/S   : show segment usage
-l #   : listing file output level (0-3)
-m     : force macro expansion in listing
-raw   : prevent adding a ROM header
-srec  : write Motorola S-records (.s28) instead of the .nes
-g     : also write the source map (.dbg.json) and Mesen labels (.mlb)
infile : file to be assembled
`

/**
 * The assembler keeps names as byte strings (one char per byte), as NESASM keeps C strings: a file
 * name from the command line is its UTF-8 bytes, an include name the bytes of the source.
 */
export const asBytes = (text: string): string => Buffer.from(text, 'utf8').toString('latin1')
/** A byte-string name shown as text (its bytes read as UTF-8), for messages. */
const asText = (bytes: string): string => Buffer.from(bytes, 'latin1').toString('utf8')

/** A diagnostic formatted with its file names shown as text. */
function formatForTerminal(d: Diagnostic, files: Record<string, Uint8Array>): string {
  const file = asText(d.span.file)
  const shown: Diagnostic = { ...d, span: { ...d.span, file } }
  if (d.notes) {
    shown.notes = d.notes.map((n) =>
      n.span ? { ...n, span: { ...n.span, file: asText(n.span.file) } } : n,
    )
  }
  const bytes = files[d.span.file]
  return formatDiagnostic(shown, bytes ? { [file]: bytes } : {})
}

/** Runs the command; returns the exit status (1 when there are errors). */
export function runCli(argv: readonly string[], cwd: string, io: CliIo): number {
  const args = parseArgs(argv)
  if (args.help || args.file === null) {
    io.stdout(`NES Assembler (v3.1)\n\n${USAGE}`)
    return 0
  }
  const { base, asm } = outputNames(asBytes(args.file))
  const includeDirs = io.includePath.split(';').filter((d) => d.length > 0)
  const files = diskFiles(asBytes(cwd), includeDirs.map(asBytes))
  const out = (p: string): Buffer => fsPath(isAbsolute(p) ? p : inDir(asBytes(cwd), p))
  const r = runAssembler(files, asm, {
    listLevel: args.listLevel,
    mlist: args.macroExpansion,
    raw: args.output === 'raw',
    output: args.output,
    segments: args.segments,
    reuseSplits: false,
    sourceMap: args.debug,
    countBytes: false,
  })
  io.stdout(r.progress)
  const color = io.color
  for (const d of r.asm.diagnostics) {
    let text = formatForTerminal(d, files)
    if (color) {
      const c =
        d.severity === 'error' ? '\x1b[31m' : d.severity === 'warning' ? '\x1b[33m' : '\x1b[36m'
      text = text.replace(`${d.severity}:`, `${c}${d.severity}:\x1b[0m`)
    }
    io.stderr(text + '\n')
  }
  if (r.inputMissing) return 1
  try {
    if (r.rom) writeFileSync(out(`${base}.nes`), r.rom)
    // the texts hold one char per byte: latin1 writes the bytes NESASM writes
    if (r.srec !== undefined) writeFileSync(out(`${base}.s28`), r.srec, 'latin1')
    if (r.listingText !== undefined) writeFileSync(out(`${base}.lst`), r.listingText, 'latin1')
    writeFileSync(out(`${base}.fns`), r.fnsText(), 'latin1')
    if (args.debug && r.ok) {
      const info = r.debugInfo()
      // file names are byte strings: written as bytes, a UTF-8 name stays UTF-8 in the JSON
      writeFileSync(out(`${base}.dbg.json`), formatDebugJson(asm, info), 'latin1')
      writeFileSync(out(`${base}.mlb`), formatMesenLabels(info), 'latin1')
    }
  } catch (e) {
    io.stderr(`nesasm-ts: can not write output: ${(e as Error).message}\n`)
    return 1
  }
  return r.ok ? 0 : 1
}
