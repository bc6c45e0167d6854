// Whole-process time of the nesasm-ts command (bin/nesasm-ts.js, as `npx nesasm-ts` runs it) against
// `node -e 0` (Node's own start-up, the floor), on an SMB3-sized generated project, the default
// large project and a small program, run in turns so that all see the same machine load. Prints
// medians (wall clock; CPU of the child from /proc where available, in 10 ms ticks) and ratios, the
// fastest run of each (the least disturbed by a busy machine), and native NESASM 3.1's figures from
// issue 14, which cannot be built here.
// Run: npx tsx bench/assembler/cli-process.ts [rounds] [--cli <file.js>]...
//   (run `npm run build -w @nes-studio/assembler` first; each --cli adds another CLI entry file,
//   run with node, e.g. an older build copied to /tmp)
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import type { Project } from './generate'
import { largeProject, smallProgram } from './generate'

const argv = process.argv.slice(2)
let rounds = 11
const clis: string[] = []
const here = dirname(fileURLToPath(import.meta.url))
clis.push(join(here, '..', '..', 'packages', 'assembler', 'bin', 'nesasm-ts.js'))
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--cli') clis.push(argv[++i] ?? '')
  else rounds = Number(argv[i])
}

/** Issue 14's figures, measured on this kind of machine (whole process). */
const NATIVE = {
  smb3Wall: 0.22,
  smb3Cpu: 0.22,
  smb3Lines: 132_000,
  smb3Files: 855,
  nodeE0Wall: 0.156,
}

function write(p: Project): string {
  const dir = mkdtempSync(join(tmpdir(), 'nesasm-cli-'))
  for (const [k, v] of Object.entries(p.files)) writeFileSync(join(dir, k), v)
  return dir
}

/** Children's user + system CPU in ms so far (Linux /proc; NaN elsewhere). */
function childCpu(): number {
  if (!existsSync('/proc/self/stat')) return NaN
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
  // fields 16 and 17 (cutime, cstime) are at 13 and 14 after the command name, in 1/100 s
  return (Number(f[13]) + Number(f[14])) * 10
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}

interface Job {
  name: string
  /** The program: the bin file itself (run through its #! line, as npx does) or node. */
  file: string
  args: string[]
  cwd: string
  wall: number[]
  cpu: number[]
}

const smb3 = largeProject(64, 2200, 13)
const large = largeProject()
const small = smallProgram()
const dirs = { smb3: write(smb3), large: write(large), small: write(small) }
const node = process.execPath
const jobs: Job[] = [
  { name: 'node -e 0', file: node, args: ['-e', '0'], cwd: dirs.small, wall: [], cpu: [] },
]
clis.forEach((cli, i) => {
  const tag = i === 0 ? 'nesasm-ts' : `--cli ${i}`
  // the bin runs as a program (its #! line); another entry file runs with node
  const [file, args] = i === 0 ? [cli, ['main.asm']] : [node, [cli, 'main.asm']]
  for (const [what, dir] of Object.entries(dirs)) {
    jobs.push({ name: `${tag} ${what}`, file, args, cwd: dir, wall: [], cpu: [] })
  }
})

try {
  for (const j of jobs) spawnSync(j.file, j.args, { cwd: j.cwd }) // warm the file and code caches
  for (let r = 0; r < rounds; r++) {
    for (const j of jobs) {
      const c0 = childCpu()
      const t0 = performance.now()
      const res = spawnSync(j.file, j.args, { cwd: j.cwd })
      j.wall.push(performance.now() - t0)
      j.cpu.push(childCpu() - c0)
      if (res.status !== 0) throw new Error(`${j.name} failed: ${res.stderr.toString()}`)
    }
  }
} finally {
  for (const d of Object.values(dirs)) rmSync(d, { recursive: true, force: true })
}

const base = median(jobs[0]?.wall ?? [])
const count = (p: Project): string =>
  `${p.lines.toLocaleString('en-US')} lines, ${Object.keys(p.files).length} files`
console.log(
  `projects: smb3 = ${count(smb3)}; large = ${count(large)}; small = ${count(small)}; ${rounds} rounds`,
)
const baseMin = Math.min(...(jobs[0]?.wall ?? []))
for (const j of jobs) {
  const w = median(j.wall)
  const m = Math.min(...j.wall)
  console.log(
    `${j.name.padEnd(24)} median ${w.toFixed(0).padStart(5)} ms wall (${(w / base).toFixed(2)}x node -e 0), ` +
      `${median(j.cpu).toFixed(0).padStart(4)} ms CPU; fastest ${m.toFixed(0).padStart(5)} ms (${(m / baseMin).toFixed(2)}x)`,
  )
}
const smb3Wall = median(jobs[1]?.wall ?? [])
const smb3Cpu = median(jobs[1]?.cpu ?? [])
const smallWall = median(jobs[3]?.wall ?? [])
const smallCpu = median(jobs[3]?.cpu ?? [])
const baseCpu = median(jobs[0]?.cpu ?? [])
const nativeHere = (NATIVE.smb3Wall / NATIVE.nodeE0Wall) * base
console.log(
  `native NESASM 3.1 (issue 14): SMB3 ${NATIVE.smb3Lines.toLocaleString('en-US')} lines/${NATIVE.smb3Files} files in ` +
    `${NATIVE.smb3Wall} s wall / ${NATIVE.smb3Cpu} s CPU, when node -e 0 took ${NATIVE.nodeE0Wall} s ` +
    `(= ${(NATIVE.smb3Wall / NATIVE.nodeE0Wall).toFixed(2)}x node -e 0)`,
)
console.log(
  `smb3-sized: ${(smb3Wall / 1000).toFixed(3)} s wall = ${(smb3Wall / (NATIVE.smb3Wall * 1000)).toFixed(2)}x native's ` +
    `${NATIVE.smb3Wall} s (target <= 2), ${(smb3Cpu / 1000).toFixed(3)} s CPU = ` +
    `${(smb3Cpu / (NATIVE.smb3Cpu * 1000)).toFixed(2)}x native's ${NATIVE.smb3Cpu} s CPU; ` +
    `${(smb3Wall / nativeHere).toFixed(2)}x native scaled to this run's node -e 0`,
)
console.log(
  `small: ${(smallWall / base).toFixed(2)}x node -e 0 wall (target <= 1.3), ` +
    `${(smallCpu / baseCpu).toFixed(2)}x its CPU (CPU read in 10 ms ticks)`,
)
console.log(
  `load average: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
)
