// nesasm-ts entry point: NESASM 3.1's command line (same options, same output files), with
// diagnostics on stderr as `file:line:col: error: message` plus the source line and a caret, and
// exit status 1 when there are errors (NESASM exits 0). Output goes straight to the file
// descriptors: process.stdout/stderr would load Node's stream modules, a few ms of a small run.
import { fstatSync, writeSync } from 'node:fs'
import { runCli } from './run'

/** Writes all of `data` to `fd` (blocking); a closed pipe (EPIPE) ends the output silently. */
function writeAll(fd: number, data: Uint8Array): void {
  let at = 0
  while (at < data.length) {
    try {
      at += writeSync(fd, data, at)
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code === 'EPIPE') return
      if (code !== 'EAGAIN') throw e
    }
  }
}

/** Whether stderr is a terminal (a character device; checked without loading node:tty). */
function stderrIsTerminal(): boolean {
  try {
    return fstatSync(2).isCharacterDevice() && process.env.TERM !== 'dumb'
  } catch {
    return false
  }
}

process.exitCode = runCli(process.argv.slice(2), process.cwd(), {
  stdout: (s) => writeAll(1, Buffer.from(s, 'latin1')),
  stderr: (s) => writeAll(2, Buffer.from(s, 'utf8')),
  color: stderrIsTerminal(),
  includePath: process.env.NES_INCLUDE ?? '',
})
