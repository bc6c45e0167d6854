#!/usr/bin/env node
// nesasm-ts launcher. CommonJS (bin/package.json), so that Node starts no ES module loader. It runs
// the CLI bundle dist/cli.cjs (built by `npm run build`, which runs after `npm install`) with V8's
// code cache, so that functions an earlier run compiled are not parsed and compiled again: Node
// >= 22.1's module.enableCompileCache(), else a cache file beside the bundle, named after the
// bundle's size and time (a rebuilt bundle never meets an old cache). The build writes that file
// after warm-up runs (scripts/warm-code-cache.js); a run writes it at exit when it is missing or
// V8 rejected it (another Node version), and runs without it when it cannot.
// Required as a module (by the warm-up script), it only exports the cache helpers.
'use strict'
const Module = process.getBuiltinModule('node:module')
const path = process.getBuiltinModule('node:path')

const bundle = path.join(__dirname, '..', 'dist', 'cli.cjs')

/** The code cache file of `file` (the bundle): named after its size and modification time. */
function cacheFileOf(file) {
  const stat = process.getBuiltinModule('node:fs').statSync(file)
  return path.join(path.dirname(file), `cli.${stat.size}-${Math.floor(stat.mtimeMs)}.v8-cache`)
}

/** The bundle compiled as a CommonJS module body (with `cachedData` when given). */
function compileBundle(file, cachedData) {
  const fs = process.getBuiltinModule('node:fs')
  const vm = process.getBuiltinModule('node:vm')
  const source = fs.readFileSync(file, 'utf8')
  return new vm.Script(Module.wrap(source), { filename: file, cachedData })
}

/** Runs a compiled bundle as Node runs a CommonJS module. */
function runBundle(script, file) {
  const mod = { exports: {} }
  script.runInThisContext()(mod.exports, Module.createRequire(file), mod, file, path.dirname(file))
}

/** Writes the cache of `script` (every function it has compiled so far) and drops older ones. */
function writeCodeCache(script, cacheFile) {
  const fs = process.getBuiltinModule('node:fs')
  const dir = path.dirname(cacheFile)
  for (const f of fs.readdirSync(dir)) {
    if (f.endsWith('.v8-cache') && path.join(dir, f) !== cacheFile)
      fs.rmSync(path.join(dir, f), { force: true })
  }
  // written aside, then renamed: a run started meanwhile never reads half a file
  const part = `${cacheFile}.${process.pid}`
  fs.writeFileSync(part, script.createCachedData())
  fs.renameSync(part, cacheFile)
}

function runWithCodeCache(file) {
  const cacheFile = cacheFileOf(file)
  let cachedData
  try {
    cachedData = process.getBuiltinModule('node:fs').readFileSync(cacheFile)
  } catch {
    cachedData = undefined
  }
  const script = compileBundle(file, cachedData)
  runBundle(script, file)
  if (cachedData !== undefined && !script.cachedDataRejected) return
  // at exit the cache holds every function this run compiled
  process.once('exit', () => {
    try {
      writeCodeCache(script, cacheFile)
    } catch {
      // a read-only install runs without the cache
    }
  })
}

if (require.main !== module) {
  module.exports = { bundle, cacheFileOf, compileBundle, runBundle, writeCodeCache }
} else if (typeof Module.enableCompileCache === 'function') {
  Module.enableCompileCache()
  Module.createRequire(__filename)(bundle)
} else {
  runWithCodeCache(bundle)
}
