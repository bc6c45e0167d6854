// Golden suite: NESASM 3.1's own outputs for the 17 probe programs and 67 failing programs
// (copied into test/fixtures/nesasm). Each run checks the ROM, stdout, .fns and .lst.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { assemble } from '../src/index'
import { parseArgs } from '../src/cli/args'

const ROOT = join(__dirname, 'fixtures', 'nesasm')

interface Run {
  caseName: string
  args: string[]
  refDir: string
  srcDir: string
}

function listFiles(dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {}
  const walk = (d: string): void => {
    for (const n of readdirSync(d)) {
      const p = join(d, n)
      if (statSync(p).isDirectory()) walk(p)
      else out[relative(dir, p)] = new Uint8Array(readFileSync(p))
    }
  }
  walk(dir)
  return out
}

function runs(kind: 'probes' | 'invalid'): Run[] {
  const out: Run[] = []
  for (const c of readdirSync(join(ROOT, kind)).sort()) {
    const dir = join(ROOT, kind, c)
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

const text = (p: string): string | null =>
  existsSync(p) ? readFileSync(p, 'latin1').replace(/\r\n/g, '\n') : null

function firstError(stdout: string): { file: string; line: number } | null {
  const lines = stdout.split('\n')
  let file = ''
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] ?? ''
    const h = /^#\[\d+\]\s+(.*)$/.exec(l)
    if (h) {
      file = h[1] ?? ''
      continue
    }
    if (/^ {7}\S/.test(lines[i + 1] ?? '') && /^[ \d]{5}/.test(l)) {
      return { file, line: parseInt(l.slice(0, 5), 10) }
    }
  }
  return null
}

for (const kind of ['probes', 'invalid'] as const) {
  describe(kind, () => {
    for (const run of runs(kind)) {
      const label = `${run.caseName} [${run.args.join(' ')}]`
      const files = listFiles(run.srcDir)
      const cli = parseArgs(run.args)
      const result = assemble({
        files,
        main: cli.file ?? 'main.asm',
        options: {
          listLevel: cli.listLevel,
          macroExpansion: cli.macroExpansion,
          output: cli.output,
          segments: cli.segments,
        },
      })
      const base = (cli.file ?? 'main.asm').replace(/\.[^./]*$/, '')
      const refStdout = text(join(run.refDir, 'stdout.txt')) ?? ''

      it(`${label} output file`, () => {
        const nes = join(run.refDir, `${base}.nes`)
        const s28 = join(run.refDir, `${base}.s28`)
        if (existsSync(nes)) {
          expect(result.ok).toBe(true)
          if (!result.ok) return
          expect(Buffer.from(result.rom).equals(readFileSync(nes))).toBe(true)
        } else if (existsSync(s28)) {
          expect(result.ok).toBe(true)
          if (!result.ok) return
          expect(Buffer.from(result.rom).toString('latin1')).toBe(text(s28))
        } else {
          expect(result.ok).toBe(false)
        }
      })

      it(`${label} stdout`, () => {
        expect(result.stdout).toBe(refStdout)
      })

      if (kind === 'invalid') {
        it(`${label} first error file and line`, () => {
          const want = firstError(refStdout)
          const err = result.diagnostics.find((d) => d.severity === 'error')
          if (want === null) {
            expect(err?.code).toBe('InputNotFound')
            return
          }
          expect(err).toBeDefined()
          expect({ file: err?.span.file, line: err?.span.line }).toEqual(want)
        })
      }

      const fns = text(join(run.refDir, `${base}.fns`))
      it(`${label} fns`, () => {
        expect(result.fnsText ?? null).toBe(fns)
      })

      const forced = text(join(run.refDir, 'forced_listing', `${base}.lst`))
      if (forced !== null) {
        it(`${label} forced listing`, () => {
          const r = assemble({
            files,
            main: cli.file ?? 'main.asm',
            options: { listLevel: cli.listLevel, forceListing: true },
          })
          expect(r.listingText ?? null).toBe(forced)
        })
      }

      const lst = text(join(run.refDir, `${base}.lst`))
      it(`${label} lst`, () => {
        expect(result.listingText ?? null).toBe(lst)
      })
    }
  })
}
