// Build step after the bundle (`npm run build`): writes the CLI bundle's V8 code cache (see
// bin/nesasm-ts.js) after warm-up runs of the bundle on NESASM probe programs, so that the first
// `npx nesasm-ts` already starts with the functions a typical run compiles, and a read-only
// install has the cache too. The cache holds every function compiled before it is made, which is
// why it is made after the runs. Node >= 22.1 keeps its own compile cache
// (module.enableCompileCache) and needs none. A failure only leaves no cache (the launcher then
// writes one at its first run): the build never fails because of it.
'use strict'
// (CommonJS, scripts/package.json; built-in modules through process.getBuiltinModule, as in bin/)
const { spawnSync } = process.getBuiltinModule('node:child_process')
const fs = process.getBuiltinModule('node:fs')
const os = process.getBuiltinModule('node:os')
const path = process.getBuiltinModule('node:path')
const Module = process.getBuiltinModule('node:module')

const PROBES = path.join(__dirname, '..', 'test', 'fixtures', 'nesasm', 'probes')
/** Probe programs and options that together take the code paths of most projects. */
const RUNS = [
  ['08-include-incbin', []],
  ['09-macros', []],
  ['03-data-directives', []],
  ['04-labels', []],
  ['06-banks-org-padding', ['-S']],
  ['10-conditionals', []],
  ['11-functions', []],
  ['01-expressions', []],
  ['02-opcodes-all-modes', ['-l', '2']],
]

function warm() {
  const launcher = Module.createRequire(__filename)('../bin/nesasm-ts.js')
  const script = launcher.compileBundle(launcher.bundle)
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nesasm-warm-'))
  const cwd = process.cwd()
  const argv = process.argv
  try {
    for (const [probe, args] of RUNS) {
      const dir = path.join(tmp, probe)
      fs.cpSync(path.join(PROBES, probe, 'src'), dir, { recursive: true })
      process.chdir(dir)
      process.argv = [process.execPath, 'nesasm-ts', ...args, 'main.asm']
      launcher.runBundle(script, launcher.bundle)
    }
  } finally {
    process.chdir(cwd)
    process.argv = argv
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  process.exitCode = 0
  launcher.writeCodeCache(script, launcher.cacheFileOf(launcher.bundle))
}

if (process.argv[2] === '--child') {
  warm()
} else if (typeof Module.enableCompileCache !== 'function') {
  // the runs print to stdout and stderr: a child with both ignored keeps the build log clean
  spawnSync(process.execPath, [__filename, '--child'], { stdio: 'ignore' })
}
