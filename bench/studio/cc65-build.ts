// Studio benchmark: cc65 builds of the golden suite's real projects (apps/client/test/fixtures/cc65/projects), as
// the studio's worker runs them (the WebAssembly ca65/cc65/ld65 under Node's V8, the engine Chromium uses too),
// against native Debian cc65 (`bash -e build.sh` in a copy). Per project, medians of RUNS:
//   native    native cc65 2.19, the whole build.sh
//   wasm      every tool run again (a fresh run cache each time)
//   no edit   the worker's run cache, nothing changed (COMPILE & RUN twice)
//   one edit  the run cache after a change to the main source (what a rebuild after typing costs)
// and once: loading the toolchain (compiling the three modules, unpacking share.zip).
// Run: `npx tsx bench/studio/cc65-build.ts` (RUNS=5 by default; needs Debian's cc65 for the native column).
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadToolchainFromDisk } from '@nes-studio/cc65-wasm/node'
import type { Toolchain } from '@nes-studio/cc65-wasm'
import { parseBuildScript } from '../../apps/client/src/features/studio/build/cc65/build-script'
import type { ScriptCommand } from '../../apps/client/src/features/studio/build/cc65/build-script'
import { runCc65Build } from '../../apps/client/src/features/studio/build/cc65/run-build'
import { RunCache } from '../../apps/client/src/features/studio/build/cc65/run-cache'

const RUNS = Number(process.env.RUNS ?? 5)
const PROJECTS = fileURLToPath(
  new URL('../../apps/client/test/fixtures/cc65/projects/', import.meta.url),
)

function readTree(dir: string, root = dir, out: Record<string, Uint8Array> = {}) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) readTree(full, root, out)
    else out[relative(root, full)] = new Uint8Array(readFileSync(full))
  }
  return out
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

function timed(work: () => void): number {
  const started = performance.now()
  work()
  return performance.now() - started
}

function nativeMs(dir: string): number {
  const copy = mkdtempSync(join(tmpdir(), 'cc65-bench-'))
  try {
    cpSync(dir, copy, { recursive: true })
    return timed(() => execFileSync('bash', ['-e', 'build.sh'], { cwd: copy, stdio: 'pipe' }))
  } finally {
    rmSync(copy, { recursive: true, force: true })
  }
}

/** The source a user edits: the first .c the script compiles, else its first .s. */
function mainSource(commands: ScriptCommand[], files: Record<string, Uint8Array>): string {
  const args = commands.flatMap((c) => c.args.map((word) => word.text))
  return (
    args.find((a) => /\.c$/.test(a) && a in files) ??
    args.find((a) => /\.s$/.test(a) && a in files)!
  )
}

function build(
  tools: Toolchain | RunCache,
  commands: ScriptCommand[],
  files: Record<string, Uint8Array>,
) {
  const result = runCc65Build(tools, commands, files, [], { script: 'build.sh' })
  if (!result.rom) throw new Error(`no ROM: ${result.failure?.message ?? ''}`)
}

function benchProject(toolchain: Toolchain, name: string): string {
  const dir = join(PROJECTS, name)
  const files = readTree(dir)
  const parsed = parseBuildScript(new TextDecoder().decode(files['build.sh']))
  if (!parsed.ok) throw new Error(`${name}: ${parsed.error.message}`)
  const { commands } = parsed
  const main = mainSource(commands, files)
  const comment = (i: number) => (/\.c$/.test(main) ? `\n// edit ${i}\n` : `\n; edit ${i}\n`)
  const edited = (i: number) => ({
    ...files,
    [main]: new Uint8Array([...files[main]!, ...new TextEncoder().encode(comment(i))]),
  })
  const native: number[] = []
  const wasm: number[] = []
  const noEdit: number[] = []
  const oneEdit: number[] = []
  const cache = new RunCache(toolchain)
  build(cache, commands, files)
  for (let i = 0; i < RUNS; i++) {
    native.push(nativeMs(dir))
    wasm.push(timed(() => build(new RunCache(toolchain), commands, files)))
    noEdit.push(timed(() => build(cache, commands, files)))
    oneEdit.push(timed(() => build(cache, commands, edited(i))))
    build(cache, commands, files)
  }
  const ms = (values: number[]) => `${median(values).toFixed(0).padStart(6)} ms`
  return `${name.padEnd(26)} ${ms(native)} ${ms(wasm)} ${ms(noEdit)} ${ms(oneEdit)}   (${main})`
}

async function main(): Promise<void> {
  const started = performance.now()
  const toolchain = await loadToolchainFromDisk()
  const loadMs = performance.now() - started
  console.log(`cc65 builds, median of ${RUNS} (toolchain load: ${loadMs.toFixed(0)} ms)`)
  console.log(`${'project'.padEnd(26)}    native      wasm   no edit  one edit`)
  for (const name of readdirSync(PROJECTS).sort()) console.log(benchProject(toolchain, name))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
