// Packs the staged runtime files (asminc/, include/, cfg/nes.cfg, lib/nes.lib) into one zip, the same bytes on
// every run: names sorted, one fixed time stamp, no extra fields. Usage: node pack-share.mjs <folder> <out.zip>
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { zipSync } from 'fflate'

const [tree, out] = process.argv.slice(2)
if (!tree || !out) {
  console.error('usage: node pack-share.mjs <folder> <out.zip>')
  process.exit(2)
}

/** Every file below `dir`, as paths relative to the tree, '/'-separated. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [relative(tree, path).split('\\').join('/')]
  })
}

const names = filesUnder(tree).sort()
const mtime = new Date('2020-01-01T00:00:00Z')
const entries = Object.fromEntries(
  names.map((name) => [name, [readFileSync(join(tree, name)), { level: 9, mtime }]]),
)
writeFileSync(out, zipSync(entries))
console.log(`${out}: ${names.length} files`)
