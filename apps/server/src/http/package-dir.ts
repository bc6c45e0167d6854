// Finds an installed npm package's folder without relying on what its "exports" map allows.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)

/**
 * `require.resolve('<pkg>/package.json')` is the usual trick, but a package whose "exports" map omits
 * `./package.json` refuses it. So walk the same node_modules folders Node would search.
 */
export function resolvePackageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = path.join(base, name)
    const manifest = path.join(dir, 'package.json')
    if (!existsSync(manifest)) continue
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }
    if (pkg.name === name) return dir
  }
  throw new Error(`Package ${name} is not installed (searched from ${import.meta.url})`)
}

export function readPackageVersion(dir: string): string {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version?: unknown
  }
  if (typeof pkg.version !== 'string') throw new Error(`No version in ${dir}/package.json`)
  return pkg.version
}
