#!/usr/bin/env node
// nesasm-ts launcher. CommonJS (bin/package.json), so that Node starts no ES module loader. It runs
// the CLI bundle dist/cli.cjs (built by `npm run build`, which runs after `npm install`) with V8's
// code cache, so that functions an earlier run compiled are not parsed and compiled again: Node
// >= 22.1's module.enableCompileCache(), else a cache file beside the bundle, named after the
// bundle's size and time (a rebuilt bundle never meets an old cache) and written when missing.
'use strict'
const Module = process.getBuiltinModule('node:module')
const path = process.getBuiltinModule('node:path')

const bundle = path.join(__dirname, '..', 'dist', 'cli.cjs')

function runWithCodeCache(file) {
  const fs = process.getBuiltinModule('node:fs')
  const vm = process.getBuiltinModule('node:vm')
  const stat = fs.statSync(file)
  const cacheName = `cli.${stat.size}-${Math.floor(stat.mtimeMs)}.v8-cache`
  const cacheFile = path.join(path.dirname(file), cacheName)
  let cachedData
  try {
    cachedData = fs.readFileSync(cacheFile)
  } catch {
    cachedData = undefined
  }
  const source = fs.readFileSync(file, 'utf8')
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData })
  const mod = { exports: {} }
  const load = Module.createRequire(file)
  script.runInThisContext()(mod.exports, load, mod, file, path.dirname(file))
  if (cachedData !== undefined && !script.cachedDataRejected) return
  // at exit the cache holds every function this run compiled
  process.once('exit', () => {
    try {
      for (const f of fs.readdirSync(path.dirname(file))) {
        if (f.endsWith('.v8-cache') && f !== cacheName)
          fs.rmSync(path.join(path.dirname(file), f), { force: true })
      }
      // written aside, then renamed: a run started meanwhile never reads half a file
      const part = `${cacheFile}.${process.pid}`
      fs.writeFileSync(part, script.createCachedData())
      fs.renameSync(part, cacheFile)
    } catch {
      // a read-only install runs without the cache
    }
  })
}

if (typeof Module.enableCompileCache === 'function') {
  Module.enableCompileCache()
  Module.createRequire(__filename)(bundle)
} else {
  runWithCodeCache(bundle)
}
