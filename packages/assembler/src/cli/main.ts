// nesasm-ts: NESASM 3.1's command line (same options, same output files), with diagnostics on
// stderr as `file:line:col: error: message` plus the source line and a caret, and exit status 1
// when there are errors (NESASM exits 0).
import { writeFileSync } from 'node:fs'
import { runAssembler } from '../assemble'
import { formatDiagnostic } from '../diagnostics'
import { outputNames, parseArgs } from './args'
import { diskFiles } from './disk-files'

const USAGE = `nesasm-ts [-options] [-? (for help)] infile

-s/S   : show segment usage
-l #   : listing file output level (0-3)
-m     : force macro expansion in listing
-raw   : prevent adding a ROM header
-srec  : write Motorola S-records (.s28) instead of the .nes
infile : file to be assembled
`

function main(argv: string[]): number {
  const args = parseArgs(argv)
  if (args.help || args.file === null) {
    process.stdout.write(`NES Assembler (v3.1)\n\n${USAGE}`)
    return 0
  }
  const { base, asm } = outputNames(args.file)
  const includeDirs = (process.env.NES_INCLUDE ?? '').split(';').filter((d) => d.length > 0)
  const files = diskFiles(process.cwd(), includeDirs)
  const r = runAssembler(files, asm, {
    listLevel: args.listLevel,
    mlist: args.macroExpansion,
    raw: args.output === 'raw',
    output: args.output,
    segments: args.segments,
  })
  process.stdout.write(r.progress)
  const color = process.stderr.isTTY === true
  for (const d of r.asm.diagnostics) {
    let text = formatDiagnostic(d, files)
    if (color) {
      const c =
        d.severity === 'error' ? '\x1b[31m' : d.severity === 'warning' ? '\x1b[33m' : '\x1b[36m'
      text = text.replace(`${d.severity}:`, `${c}${d.severity}:\x1b[0m`)
    }
    process.stderr.write(text + '\n')
  }
  if (r.inputMissing) return 1
  try {
    if (r.rom) writeFileSync(`${base}.nes`, r.rom)
    if (r.srec !== undefined) writeFileSync(`${base}.s28`, r.srec)
    if (r.listingText !== undefined) writeFileSync(`${base}.lst`, r.listingText)
    writeFileSync(`${base}.fns`, r.fnsText())
  } catch (e) {
    process.stderr.write(`nesasm-ts: can not write output: ${(e as Error).message}\n`)
    return 1
  }
  return r.ok ? 0 : 1
}

process.exitCode = main(process.argv.slice(2))
