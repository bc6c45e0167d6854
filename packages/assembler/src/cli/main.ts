// nesasm-ts entry point: NESASM 3.1's command line (same options, same output files), with
// diagnostics on stderr as `file:line:col: error: message` plus the source line and a caret, and
// exit status 1 when there are errors (NESASM exits 0).
import { runCli } from './run'

process.exitCode = runCli(process.argv.slice(2), process.cwd(), {
  stdout: (s) => process.stdout.write(Buffer.from(s, 'latin1')),
  stderr: (s) => process.stderr.write(s),
  color: process.stderr.isTTY === true,
  includePath: process.env.NES_INCLUDE ?? '',
})
