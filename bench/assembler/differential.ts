// Differential check: assembles a corpus with a baseline copy of packages/assembler/src and with
// the current source, and reports every difference in ok, ROM bytes, listingText, fnsText, stdout
// and diagnostics (severity, code, message, file, offset, length, line, column).
// Corpus: every golden fixture run (with its CMD options, plus a forced listing at level 3 with
// macro expansion), the generated benchmark projects, every .asm under the extra directories given
// as arguments (each top-level subdirectory is one project; read-only), and seeded random
// mutations of the fixture sources.
// Run: npx tsx bench/assembler/differential.ts [--baseline <src dir>] [--mutants N] [extra dirs...]
//   (the baseline defaults to /tmp/asm-baseline-src; exit code 1 on any difference)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { assemble } from '../../packages/assembler/src/index'
import type {
  AssembleInput,
  AssembleOptions,
  AssembleResult,
} from '../../packages/assembler/src/index'
import { parseArgs } from '../../packages/assembler/src/cli/args'
import { largeProject, smallProgram } from './generate'

type Assemble = (input: AssembleInput) => AssembleResult
interface Case {
  name: string
  input: AssembleInput
}

const argv = process.argv.slice(2)
let baselineDir = '/tmp/asm-baseline-src'
let mutants = 3000
const extraDirs: string[] = []
for (let i = 0; i < argv.length; i++) {
  const a = argv[i] ?? ''
  if (a === '--baseline') baselineDir = argv[++i] ?? baselineDir
  else if (a === '--mutants') mutants = Number(argv[++i] ?? mutants)
  else extraDirs.push(a)
}
const baseline = (
  (await import(pathToFileURL(resolve(baselineDir, 'index.ts')).href)) as { assemble: Assemble }
).assemble

function listFiles(dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {}
  const walk = (d: string): void => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n)
      if (statSync(p).isDirectory()) walk(p)
      else out[relative(dir, p)] = new Uint8Array(readFileSync(p))
    }
  }
  walk(dir)
  return out
}

const cases: Case[] = []
const fixtureSources: { files: Record<string, Uint8Array>; main: string }[] = []
const FIXTURES = join(import.meta.dirname, '..', '..', 'packages', 'assembler', 'test', 'fixtures')
const FULL: AssembleOptions = {
  listLevel: 3,
  macroExpansion: true,
  forceListing: true,
  segments: 2,
}

const walkCmd = (dir: string): void => {
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n)
    if (!statSync(p).isDirectory()) continue
    const cmd = join(p, 'CMD')
    if (!existsSync(cmd)) {
      walkCmd(p)
      continue
    }
    const files = listFiles(join(p, 'src'))
    for (const line of readFileSync(cmd, 'latin1').split('\n')) {
      const m = /nesasm\s+(.*?)\s*(?:#\s*->\s*(\S+))?$/.exec(line.trim())
      if (!m) continue
      const cli = parseArgs((m[1] ?? '').split(/\s+/).filter(Boolean))
      const main = cli.file ?? 'main.asm'
      const options: AssembleOptions = {
        listLevel: cli.listLevel,
        macroExpansion: cli.macroExpansion,
        output: cli.output,
        segments: cli.segments,
      }
      const name = relative(FIXTURES, p)
      cases.push({ name: `${name} [${m[1] ?? ''}]`, input: { files, main, options } })
      cases.push({ name: `${name} [full]`, input: { files, main, options: FULL } })
      fixtureSources.push({ files, main })
    }
  }
}
walkCmd(FIXTURES)
const fixtureCount = cases.length

const enc = new TextEncoder()
for (const p of [largeProject(), smallProgram()]) {
  const files = Object.fromEntries(Object.entries(p.files).map(([k, v]) => [k, enc.encode(v)]))
  cases.push({ name: `generated ${p.lines} lines`, input: { files, main: p.main } })
  cases.push({
    name: `generated ${p.lines} lines [full]`,
    input: { files, main: p.main, options: FULL },
  })
}

let extraCount = 0
for (const d of extraDirs) {
  const projects = readdirSync(d)
    .sort()
    .map((n) => join(d, n))
    .filter((p) => statSync(p).isDirectory())
  projects.push(d)
  for (const p of projects) {
    const files =
      p === d
        ? Object.fromEntries(
            readdirSync(d)
              .filter((n) => statSync(join(d, n)).isFile())
              .map((n) => [n, new Uint8Array(readFileSync(join(d, n)))]),
          )
        : listFiles(p)
    for (const main of Object.keys(files).filter((k) => /\.asm$/i.test(k))) {
      for (const options of [{}, FULL, { output: 'srec' as const }]) {
        cases.push({
          name: `${p}:${main} ${JSON.stringify(options)}`,
          input: { files, main, options },
        })
        extraCount++
      }
      fixtureSources.push({ files, main })
    }
  }
}

// Seeded mutations of the fixture sources (mulberry32).
let seed = 0x5eed1234
const rand = (): number => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T
const TOKENS = [
  ' lda',
  ' sta',
  ' #$10',
  ' ($20),y',
  ' [$20],y',
  ',x',
  ' .db',
  ' .dw',
  ' .bank 1',
  ' .org $C000',
  'label:',
  '.local:',
  ' \\1',
  ' \\@',
  ' high(',
  ')',
  ' low(',
  ' +',
  ' *',
  ' <<',
  ' ;c',
  ' "str"',
  " 'a'",
  ' %1010',
  ' 0',
  ' $FF',
  ' 255',
  ' .macro',
  ' .endm',
  ' .if 1',
  ' .else',
  ' .endif',
  ' .func',
  ' .rs 2',
  ' .rsset $300',
  ' =',
  ' .equ 3',
  ' .include "x.asm"',
  ' .ds 4',
  ' bank(',
  ' .list',
  ' .nolist',
  ' .mlist',
  ' .proc p',
  ' .endp',
  ' jmp',
  ' [',
  ']',
  ' -',
  ' !',
  ' ~',
  '\t',
  ' ',
  '',
  '\r',
]
const dec = new TextDecoder('latin1')
for (let k = 0; k < mutants && fixtureSources.length > 0; k++) {
  const src = pick(fixtureSources)
  const text = dec.decode(src.files[src.main] ?? new Uint8Array())
  const lines = text.split('\n')
  const edits = 1 + Math.floor(rand() * 4)
  for (let e = 0; e < edits; e++) {
    const i = Math.floor(rand() * lines.length)
    const r = rand()
    const line = lines[i] ?? ''
    if (r < 0.2) lines.splice(i, 1)
    else if (r < 0.35) lines.splice(i, 0, line)
    else if (r < 0.5) lines.splice(i, 0, pick(TOKENS) + pick(TOKENS) + pick(TOKENS))
    else if (r < 0.75) {
      const at = Math.floor(rand() * (line.length + 1))
      lines[i] = line.slice(0, at) + pick(TOKENS) + line.slice(at)
    } else if (r < 0.9 && line.length > 0) {
      const at = Math.floor(rand() * line.length)
      lines[i] = line.slice(0, at) + line.slice(at + 1 + Math.floor(rand() * 3))
    } else {
      const j = Math.floor(rand() * lines.length)
      lines[i] = lines[j] ?? ''
      lines[j] = line
    }
  }
  const bytes = new Uint8Array(lines.join('\n').length)
  const joined = lines.join('\n')
  for (let i = 0; i < joined.length; i++) bytes[i] = joined.charCodeAt(i) & 0xff
  const options = rand() < 0.5 ? {} : FULL
  cases.push({
    name: `mutant ${k} of ${src.main}`,
    input: { files: { ...src.files, [src.main]: bytes }, main: src.main, options },
  })
}

function snapshot(fn: Assemble, input: AssembleInput): unknown {
  try {
    const r = fn(input)
    return {
      ok: r.ok,
      rom: r.ok ? Buffer.from(r.rom).toString('hex') : null,
      listingText: r.listingText ?? null,
      fnsText: r.fnsText ?? null,
      stdout: r.stdout,
      diagnostics: r.diagnostics.map((d) => [
        d.severity,
        d.code,
        d.message,
        d.span.file,
        d.span.offset,
        d.span.length,
        d.span.line,
        d.span.column,
      ]),
    }
  } catch (e) {
    return { threw: String(e) }
  }
}

let diffs = 0
for (const c of cases) {
  const a = snapshot(baseline, c.input) as Record<string, unknown>
  const b = snapshot(assemble, c.input) as Record<string, unknown>
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = JSON.stringify(a[key])
    const y = JSON.stringify(b[key])
    if (x === y) continue
    diffs++
    if (diffs <= 20) {
      let i = 0
      while (i < x.length && x[i] === y[i]) i++
      console.log(
        `DIFF ${c.name} ${key} at ${i}:\n  base ${x.slice(i - 60, i + 80)}\n  new  ${y.slice(i - 60, i + 80)}`,
      )
    }
  }
}
console.log(
  `differential: ${cases.length} cases (${fixtureCount} fixture runs, 4 generated, ${extraCount} extra, ` +
    `${cases.length - fixtureCount - 4 - extraCount} mutants); ${diffs} differences`,
)
process.exit(diffs === 0 ? 0 : 1)
