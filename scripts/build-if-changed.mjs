// `npm start`: runs `npm run build` only when a source changed since the last successful build, or an
// output is missing. The first start, a fresh clone or a deleted dist/ still build.
// Usage: node scripts/build-if-changed.mjs [--root DIR] [--command "npm run build"]
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

/** Everything the build reads: the workspaces (minus outputs and tests) and the dependency lock. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'packages/shared',
  'packages/assembler',
  'apps/client',
  'apps/server',
]
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  '.vite',
  'coverage',
  'test-results',
])
const SKIPPED_FILE = /\.test\.tsx?$/
/** What `npm run build` writes; a missing one means the build has to run. */
const OUTPUTS = [
  'packages/assembler/dist/cli.cjs',
  'apps/client/dist/index.html',
  'apps/client/dist-ssr/entry-server.mjs',
  'apps/server/dist/main.js',
]
const STAMP = 'node_modules/.cache/nes-studio/build-stamp.json'

function listFiles(root, rel, out) {
  const abs = path.join(root, rel)
  if (!existsSync(abs)) return
  const entries = readdirSync(abs, { withFileTypes: true })
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.posix.join(rel, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) listFiles(root, child, out)
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) {
      out.push(child)
    }
  }
}

/** SHA-256 over every input's path and contents (contents, not mtimes: a checkout touches mtimes). */
export function sourceFingerprint(root) {
  const files = []
  for (const input of INPUTS) {
    const abs = path.join(root, input)
    if (!existsSync(abs)) continue
    if (input.includes('.json')) files.push(input)
    else listFiles(root, input, files)
  }
  const hash = createHash('sha256')
  for (const file of files) {
    hash.update(`${file}\0`)
    hash.update(
      createHash('sha256')
        .update(readFileSync(path.join(root, file)))
        .digest(),
    )
  }
  return `${files.length}:${hash.digest('hex')}`
}

function readStamp(root) {
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP), 'utf8')).fingerprint
  } catch {
    return undefined
  }
}

/** Why a build is needed, or undefined when the outputs match the sources. */
function buildReason(root, fingerprint) {
  const missing = OUTPUTS.find((file) => !existsSync(path.join(root, file)))
  if (missing) return `${missing} is missing`
  const stamp = readStamp(root)
  if (stamp === undefined) return 'no record of an earlier build'
  if (stamp !== fingerprint) return 'sources changed since the last build'
  return undefined
}

function main() {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: path.resolve(fileURLToPath(import.meta.url), '../..') },
      command: { type: 'string', default: 'npm run build' },
    },
  })
  const root = path.resolve(values.root)
  const fingerprint = sourceFingerprint(root)
  const reason = buildReason(root, fingerprint)
  if (reason === undefined) {
    console.log('Build is up to date (no source changed since the last build); starting.')
    return
  }
  console.log(`Building: ${reason}.`)
  const result = spawnSync(values.command, { cwd: root, stdio: 'inherit', shell: true })
  if (result.status !== 0) process.exit(result.status ?? 1)
  // The fingerprint from before the build: an edit made while it ran triggers the next build.
  mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true })
  writeFileSync(path.join(root, STAMP), JSON.stringify({ fingerprint, builtAt: new Date() }))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
