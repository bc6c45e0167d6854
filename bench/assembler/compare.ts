// A/B benchmark: this assembler against another copy of packages/assembler/src, both loaded in one
// process and run alternately on the large generated project, so that both see the same machine
// load. Prints median and minimum CPU time of each, and checks the ROMs are equal. Extract the
// other copy with its configuration (without it tsx compiles it for an older target, slower):
//   mkdir /tmp/old && git archive <commit> package.json tsconfig.base.json packages/assembler | tar -x -C /tmp/old
// Run: npx tsx bench/assembler/compare.ts /tmp/old/packages/assembler/src [runs]
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { assemble } from '../../packages/assembler/src/index'
import type { AssembleInput, AssembleResult } from '../../packages/assembler/src/index'
import { largeProject } from './generate'

type Assemble = (input: AssembleInput) => AssembleResult

const otherDir = process.argv[2]
if (!otherDir) {
  console.error('usage: npx tsx bench/assembler/compare.ts <other packages/assembler/src> [runs]')
  process.exit(2)
}
const runs = Number(process.argv[3] ?? 40)
const other = (await import(pathToFileURL(resolve(otherDir, 'index.ts')).href)) as {
  assemble: Assemble
}

const enc = new TextEncoder()
const big = largeProject()
const files = Object.fromEntries(Object.entries(big.files).map(([k, v]) => [k, enc.encode(v)]))
const input: AssembleInput = { files, main: big.main }

const a = other.assemble(input)
const b = assemble(input)
const same = a.ok && b.ok && a.rom.length === b.rom.length && a.rom.every((x, i) => x === b.rom[i])
if (!same) throw new Error('the two assemblers make different ROMs')

const cpu = (fn: Assemble): number => {
  const c0 = process.cpuUsage()
  fn(input)
  const c = process.cpuUsage(c0)
  return (c.user + c.system) / 1000
}
for (let i = 0; i < 3; i++) {
  cpu(other.assemble)
  cpu(assemble)
}
const times: Record<'other' | 'this', number[]> = { other: [], this: [] }
const load0 = loadavg()[0] ?? 0
for (let i = 0; i < runs; i++) {
  times.other.push(cpu(other.assemble))
  times.this.push(cpu(assemble))
}
const load1 = loadavg()[0] ?? 0
for (const k of ['other', 'this'] as const) {
  const s = [...times[k]].sort((x, y) => x - y)
  const med = s[Math.floor(s.length / 2)] ?? 0
  console.log(
    `${k}: median ${med.toFixed(1)} ms CPU (${Math.round(big.lines / (med / 1000)).toLocaleString('en-US')} lines/s), min ${(s[0] ?? 0).toFixed(1)} ms`,
  )
}
// each pair ran back to back, so the ratio within a pair cancels most of the machine's drift
const ratios = times.this.map((t, i) => t / (times.other[i] ?? t)).sort((x, y) => x - y)
console.log(
  `this/other, median of the ${runs} paired ratios: ${(ratios[Math.floor(runs / 2)] ?? 0).toFixed(3)}`,
)
console.log(
  `${big.lines} lines, ${runs} runs each; load average ${load0.toFixed(1)} -> ${load1.toFixed(1)}`,
)
