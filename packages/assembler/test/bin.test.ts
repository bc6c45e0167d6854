// The nesasm-ts program as npx runs it: bin/nesasm-ts.js loading the bundle (dist/cli.cjs, built
// by `npm run build`, which runs after `npm install`) with its code cache. Two runs, the first
// writing the cache and the second reading it, both give NESASM's files and stdout.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CONFORMANCE_ROOT } from './conformance'

const BIN = join(__dirname, '..', 'bin', 'nesasm-ts.js')
const DIST = join(__dirname, '..', 'dist')
const TMP = join(__dirname, '.tmp', `bin-${process.pid}`)
/** Node >= 22.1 keeps its own compile cache (module.enableCompileCache). */
const hasCompileCache =
  typeof (process.getBuiltinModule('node:module') as { enableCompileCache?: unknown })
    .enableCompileCache === 'function'
afterAll(() => rmSync(TMP, { recursive: true, force: true }))

describe('bin/nesasm-ts.js', () => {
  it('runs the bundle, with and without its code cache', () => {
    expect(existsSync(join(DIST, 'cli.cjs'))).toBe(true)
    const probe = join(CONFORMANCE_ROOT, 'probes', '14-line-endings')
    const ref = join(probe, 'ref', 'run_l_2')
    for (const turn of [0, 1]) {
      const dir = join(TMP, String(turn))
      mkdirSync(dir, { recursive: true })
      cpSync(join(probe, 'src'), dir, { recursive: true })
      const r = spawnSync(process.execPath, [BIN, '-l', '2', 'main.asm'], { cwd: dir })
      expect(r.status).toBe(0)
      expect(r.stdout).toEqual(readFileSync(join(ref, 'stdout.txt')))
      for (const f of ['main.nes', 'main.lst', 'main.fns']) {
        expect({ f, bytes: readFileSync(join(dir, f)) }).toEqual({
          f,
          bytes: readFileSync(join(ref, f)),
        })
      }
      if (turn === 0 && !hasCompileCache) {
        // Node 20: the first run leaves the cache beside the bundle
        expect(readdirSync(DIST).some((f) => f.endsWith('.v8-cache'))).toBe(true)
      }
    }
  })
})
