// The NESASM 3.1 conformance cases copied into test/fixtures/nesasm: each case has src/, a CMD
// with one `cd src && nesasm <args>    # -> <ref dir>` line per run, and the reference outputs.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

export const CONFORMANCE_ROOT = join(__dirname, 'fixtures', 'nesasm')

/** One NESASM run of a conformance case. */
export interface ConformanceRun {
  /** `probes/01-expressions`, `invalid/...`. */
  caseName: string
  /** NESASM's arguments, as in the CMD line. */
  args: string[]
  /** Folder of the reference outputs (main.nes, main.lst, main.fns, stdout.txt...). */
  refDir: string
  /** The case's source folder (NESASM ran inside it). */
  srcDir: string
}

/** Every file under `dir`, keyed by its path relative to `dir` (with `/`). */
export function listFiles(dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {}
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n)
      if (statSync(p).isDirectory()) walk(p)
      else out[relative(dir, p).split('\\').join('/')] = new Uint8Array(readFileSync(p))
    }
  }
  walk(dir)
  return out
}

/** The runs of every case of one kind, in name order. */
export function conformanceRuns(kind: 'probes' | 'invalid'): ConformanceRun[] {
  const out: ConformanceRun[] = []
  for (const c of readdirSync(join(CONFORMANCE_ROOT, kind)).sort()) {
    const dir = join(CONFORMANCE_ROOT, kind, c)
    const cmd = readFileSync(join(dir, 'CMD'), 'latin1')
    for (const line of cmd.split('\n')) {
      const m = /nesasm\s+(.*?)\s*(?:#\s*->\s*(\S+))?$/.exec(line.trim())
      if (!m) continue
      const args = (m[1] ?? '').split(/\s+/).filter(Boolean)
      const refDir = m[2] ? join(dir, m[2]) : join(dir, 'ref')
      out.push({ caseName: `${kind}/${c}`, args, refDir, srcDir: join(dir, 'src') })
    }
  }
  return out
}
