// Every conformance run through the nesasm-ts command itself: the files it writes (.nes, .s28,
// .lst, .fns) must be byte for byte NESASM's, and for the valid probes so must its stdout. This is
// what catches an encoding slip between the assembler's byte strings and the disk.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../src/cli/run'
import { conformanceRuns } from './conformance'

const TMP = join(__dirname, '.tmp', `cli-conformance-${process.pid}`)
const OUTPUTS = ['.nes', '.s28', '.lst', '.fns']
afterAll(() => rmSync(TMP, { recursive: true, force: true }))

let n = 0
for (const kind of ['probes', 'invalid'] as const) {
  describe(`nesasm-ts on the ${kind}`, () => {
    for (const run of conformanceRuns(kind)) {
      it(`${run.caseName} [${run.args.join(' ')}]`, () => {
        const dir = join(TMP, String(n++))
        mkdirSync(dir, { recursive: true })
        cpSync(run.srcDir, dir, { recursive: true })
        const before = new Set(readdirSync(dir))
        let stdout = ''
        runCli(run.args, dir, {
          stdout: (s) => (stdout += s),
          stderr: () => {},
          color: false,
          includePath: '',
        })
        const written = readdirSync(dir).filter((f) => !before.has(f))
        const expected = readdirSync(run.refDir).filter((f) =>
          OUTPUTS.some((ext) => f.endsWith(ext)),
        )
        expect(written.sort()).toEqual(expected.sort())
        for (const f of expected) {
          expect({ f, bytes: readFileSync(join(dir, f)) }).toEqual({
            f,
            bytes: readFileSync(join(run.refDir, f)),
          })
        }
        const refStdout = join(run.refDir, 'stdout.txt')
        if (kind === 'probes' && existsSync(refStdout)) {
          expect(Buffer.from(stdout, 'latin1')).toEqual(readFileSync(refStdout))
        }
      })
    }
  })
}
