// The nesasm-ts program as npx runs it: bin/nesasm-ts.js loading the bundle (dist/cli.cjs, built
// by `npm run build`, which runs after `npm install`) with its code cache. Each run, with the
// build's cache, without one and with a cache V8 rejects, gives NESASM's files and stdout. The
// runs use a copy of the package's bin, scripts and bundle, so that they never touch the cache
// other processes use.
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CONFORMANCE_ROOT } from './conformance'

const PKG = join(__dirname, '..')
const TMP = join(__dirname, '.tmp', `bin-${process.pid}`)
const COPY = join(TMP, 'pkg')
const BIN = join(COPY, 'bin', 'nesasm-ts.js')
const DIST = join(COPY, 'dist')
/** Node >= 22.1 keeps its own compile cache (module.enableCompileCache) instead of the file. */
const hasCompileCache =
  typeof (process.getBuiltinModule('node:module') as { enableCompileCache?: unknown })
    .enableCompileCache === 'function'
afterAll(() => rmSync(TMP, { recursive: true, force: true }))

const probe = join(CONFORMANCE_ROOT, 'probes', '14-line-endings')
const ref = join(probe, 'ref', 'run_l_2')

/** Runs the copied bin on the probe in a fresh directory and checks every output against NESASM's. */
function runAndCheck(turn: string): void {
  const dir = join(TMP, turn)
  mkdirSync(dir, { recursive: true })
  cpSync(join(probe, 'src'), dir, { recursive: true })
  const r = spawnSync(process.execPath, [BIN, '-l', '2', 'main.asm'], { cwd: dir })
  expect(r.stderr.toString()).toBe('')
  expect(r.status).toBe(0)
  expect(r.stdout).toEqual(readFileSync(join(ref, 'stdout.txt')))
  for (const f of ['main.nes', 'main.lst', 'main.fns']) {
    expect({ f, bytes: readFileSync(join(dir, f)) }).toEqual({
      f,
      bytes: readFileSync(join(ref, f)),
    })
  }
}

const cacheFiles = (): string[] => readdirSync(DIST).filter((f) => f.endsWith('.v8-cache'))

describe('bin/nesasm-ts.js', () => {
  it('runs the bundle with the build-time cache, without a cache and with a rejected one', () => {
    expect(existsSync(join(PKG, 'dist', 'cli.cjs'))).toBe(true)
    mkdirSync(DIST, { recursive: true })
    cpSync(join(PKG, 'bin'), join(COPY, 'bin'), { recursive: true })
    cpSync(join(PKG, 'scripts'), join(COPY, 'scripts'), { recursive: true })
    cpSync(join(PKG, 'dist', 'cli.cjs'), join(DIST, 'cli.cjs'))
    cpSync(join(CONFORMANCE_ROOT, 'probes'), join(COPY, 'test', 'fixtures', 'nesasm', 'probes'), {
      recursive: true,
    })

    // the build step: warm-up runs, then the cache (Node 20; Node >= 22.1 needs none)
    const warm = spawnSync(process.execPath, [join(COPY, 'scripts', 'warm-code-cache.js')])
    expect(warm.status).toBe(0)
    expect(cacheFiles()).toHaveLength(hasCompileCache ? 0 : 1)
    runAndCheck('with-build-cache')
    if (hasCompileCache) {
      runAndCheck('node-compile-cache')
      return
    }
    const [name] = cacheFiles()
    const cache = join(DIST, name ?? '')
    const built = statSync(cache).mtimeMs
    runAndCheck('cache-read')
    // an accepted cache is left as it is
    expect(statSync(cache).mtimeMs).toBe(built)

    // no cache: the run writes one at exit
    rmSync(cache)
    runAndCheck('no-cache')
    expect(cacheFiles()).toEqual([name])

    // a cache V8 rejects (another Node version, a damaged file): the run rewrites it
    writeFileSync(cache, Buffer.alloc(4096, 0x5a))
    runAndCheck('rejected-cache')
    expect(readFileSync(cache).equals(Buffer.alloc(4096, 0x5a))).toBe(false)
    runAndCheck('after-rewrite')
  })
})
