// Golden suite: NESASM 3.1's own outputs for the 17 probe programs and 67 failing programs
// (copied into test/fixtures/nesasm), plus probes 18-19 whose outputs were derived by hand from
// the notes (see their ABOUT files). Each run checks the ROM, stdout, .fns and .lst.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { assemble } from '../src/index'
import { parseArgs } from '../src/cli/args'
import { conformanceRuns, listFiles } from './conformance'

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
    for (const run of conformanceRuns(kind)) {
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

      // byte for byte: the listing copies source bytes (a Latin-1 `.db "éÿ"` stays e9 ff)
      const lstPath = join(run.refDir, `${base}.lst`)
      const lst = existsSync(lstPath) ? readFileSync(lstPath) : null
      it(`${label} lst`, () => {
        const ours = result.listingText
        expect(ours === undefined ? null : Buffer.from(ours, 'latin1')).toEqual(lst)
      })
    }
  })
}
