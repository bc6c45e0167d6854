// `npm ci` refuses a lock file in which a package's optional (per-platform) dependencies are missing.
// That happens when the registry lacks some platform builds of a version (seen with rollup 4.68.7 and
// unrs-resolver 1.13.0): npm resolves the rest and silently leaves those out. Fail early, by name.
import { readFileSync } from 'node:fs'

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'))
const names = (key) => key.replace(/^.*node_modules\//, '')
const present = new Set(Object.keys(lock.packages).map(names))
const broken = []
for (const [key, entry] of Object.entries(lock.packages)) {
  const missing = Object.keys(entry.optionalDependencies ?? {}).filter((dep) => !present.has(dep))
  if (missing.length > 0)
    broken.push(`${names(key)}@${entry.version} (${missing.length} missing, e.g. ${missing[0]})`)
}
if (broken.length > 0) {
  console.error(
    `package-lock.json lacks optional dependencies that npm ci requires: ${broken.join('; ')}. ` +
      'Pin those packages in "overrides" to a version whose platform packages all exist in the registry.',
  )
  process.exit(1)
}
