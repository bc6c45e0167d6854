// The nesasm-ts command in-process: NESASM's output-file rules, our stderr format, exit status.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../src/cli/run'
import { outputNames, parseArgs } from '../src/cli/args'

const TMP = join(__dirname, '.tmp', `cli-${process.pid}`)
let dir = ''
let n = 0

beforeEach(() => {
  dir = join(TMP, String(n++))
  mkdirSync(dir, { recursive: true })
})
afterAll(() => rmSync(TMP, { recursive: true, force: true }))

function run(argv: string[], files: Record<string, string>) {
  for (const [k, v] of Object.entries(files)) {
    mkdirSync(join(dir, k, '..'), { recursive: true })
    writeFileSync(join(dir, k), v)
  }
  let stdout = ''
  let stderr = ''
  const code = runCli(argv, dir, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    color: false,
    includePath: '',
  })
  return { code, stdout, stderr, has: (f: string) => existsSync(join(dir, f)) }
}

const OK = '  .list\n  .inesprg 1\n  .bank 0\n  .org $C000\nRESET: rts\n'

describe('nesasm-ts', () => {
  it('writes .nes, .lst and .fns and exits 0', () => {
    const r = run(['game'], { 'game.asm': OK })
    expect(r.code).toBe(0)
    expect([r.has('game.nes'), r.has('game.lst'), r.has('game.fns')]).toEqual([true, true, true])
    expect(readFileSync(join(dir, 'game.nes')).length).toBe(16 + 8192)
    expect(r.stdout).toBe('NES Assembler (v3.1)\n\npass 1\npass 2\n')
  })
  it('errors: no .nes, .fns still written, exit 1, message on stderr', () => {
    const r = run(['-l', '2', 'bad.asm'], { 'bad.asm': '  lda nothing\n' })
    expect(r.code).toBe(1)
    expect([r.has('bad.nes'), r.has('bad.fns')]).toEqual([false, true])
    expect(r.stderr).toContain('bad.asm:1:7: error: undefined symbol')
    expect(r.stderr).toContain('  lda nothing\n      ^')
    expect(r.stdout).toContain('# 1 error(s)')
  })
  it('-raw and -srec', () => {
    expect(run(['-raw', 'g.asm'], { 'g.asm': '  nop\n' }).code).toBe(0)
    expect(readFileSync(join(dir, 'g.nes')).length).toBe(8192)
    const s = run(['-srec', 'h.asm'], { 'h.asm': '  nop\n' })
    expect([s.has('h.s28'), s.has('h.nes')]).toEqual([true, false])
    expect(s.stdout).toContain('writing s-record file... OK')
  })
  it('-l 0 writes no listing', () => {
    expect(run(['-l0', 'g.asm'], { 'g.asm': OK }).has('g.lst')).toBe(false)
  })
  it('includes are relative to the working directory', () => {
    const r = run(['src/main.asm'], {
      'src/main.asm': '  .include "inc/a.asm"\n',
      'inc/a.asm': '  nop\n',
    })
    expect(r.code).toBe(0)
    expect(r.has('src/main.nes')).toBe(true)
  })
  it('missing input', () => {
    const r = run(['none'], {})
    expect(r.code).toBe(1)
    expect(r.stdout).toContain("Can not open input file 'none.asm'!")
  })
  it('usage', () => expect(run([], {}).stdout).toContain('-raw'))
  it('non-ASCII file names are their bytes, as in NESASM', () => {
    const r = run(['jeu-é.asm'], {
      'jeu-é.asm': '  .list\n  .include "données.asm"\n',
      'données.asm': '  lda #1\n',
    })
    expect(r.code).toBe(0)
    expect([r.has('jeu-é.nes'), r.has('jeu-é.lst'), r.has('jeu-é.fns')]).toEqual([true, true, true])
    const lst = readFileSync(join(dir, 'jeu-é.lst'))
    expect(lst.includes(Buffer.from('#[1]   jeu-é.asm\n'))).toBe(true)
    expect(lst.includes(Buffer.from('#[2]   données.asm\n'))).toBe(true)
    const bad = run(['jeu-é.asm'], { 'données.asm': '  lda nothing\n' })
    expect(bad.stderr).toContain('données.asm:1:7: error: undefined symbol')
  })
  it('-g writes the source map and the Mesen labels', () => {
    const r = run(['-g', 'game.asm'], {
      'game.asm': OK + '  .include "inc/sub.asm"\n',
      'inc/sub.asm': 'Sub: lda #1\n',
    })
    expect(r.code).toBe(0)
    const dbg = JSON.parse(readFileSync(join(dir, 'game.dbg.json'), 'utf8')) as {
      files: string[]
      statements: number[][]
      labels: { name: string }[]
    }
    expect(dbg.files).toEqual(['game.asm', 'inc/sub.asm'])
    expect(dbg.statements).toEqual([
      [0, 5, 0, 0xc000, 1, 0],
      [1, 1, 0, 0xc001, 2, 0],
    ])
    expect(dbg.labels.map((l) => l.name)).toEqual(['RESET', 'Sub'])
    expect(readFileSync(join(dir, 'game.mlb'), 'latin1')).toBe('P:0000:RESET\nP:0001:Sub\n')
    expect(run(['other.asm'], { 'other.asm': OK }).has('other.mlb')).toBe(false)
  })
})

// NESASM 3.1 assembles an empty or code-free program without an error and exits 0: the ROM is the
// header (fields from the .ines directives, else 0) plus bank 0 all $FF, the .fns has only its
// first line, and there is no listing without .list (notes §1, §7.3, probe 17).
describe('empty programs, as NESASM', () => {
  for (const [what, text, prg] of [
    ['empty', '', 0],
    ['comments, constants and header only', '; nothing\nFOO = 5\n  .inesprg 1\n', 1],
  ] as const) {
    it(what, () => {
      const r = run(['main.asm'], { 'main.asm': text })
      expect(r.code).toBe(0)
      expect(r.stdout).toBe('NES Assembler (v3.1)\n\npass 1\npass 2\n')
      expect(r.stderr).toBe('')
      const nes = readFileSync(join(dir, 'main.nes'))
      const header = [0x4e, 0x45, 0x53, 0x1a, prg, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
      expect([...nes.subarray(0, 16)]).toEqual(header)
      expect(nes.length).toBe(16 + 8192)
      expect(nes.subarray(16).every((b) => b === 0xff)).toBe(true)
      expect(readFileSync(join(dir, 'main.fns'), 'latin1')).toBe('; main.asm\n')
      expect(r.has('main.lst')).toBe(false)
    })
  }
})

describe('arguments', () => {
  it('parses NESASM options', () =>
    expect(parseArgs(['-S', '-l3', '-m', '-raw', 'a', 'b.asm'])).toMatchObject({
      segments: 2,
      listLevel: 3,
      macroExpansion: true,
      output: 'raw',
      file: 'b.asm',
    }))
  it('bad level becomes 2', () => expect(parseArgs(['-l', '9', 'x']).listLevel).toBe(2))
  it('output names', () => {
    expect(outputNames('dir/game.asm')).toEqual({ base: 'dir/game', asm: 'dir/game.asm' })
    expect(outputNames('v1.0/game')).toEqual({ base: 'v1.0/game', asm: 'v1.0/game.asm' })
  })
})
