// Property tests: random and mutated sources never make assemble() throw, and always finish.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runAssembler } from '../src/assemble'
import { assemble } from '../src/index'

const enc = new TextEncoder()
const PROBES = join(__dirname, 'fixtures', 'nesasm', 'probes')
const seeds = readdirSync(PROBES).map((c) =>
  readFileSync(join(PROBES, c, 'src', 'main.asm'), 'latin1'),
)

const TOKENS = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  ':',
  ',',
  ';',
  '#',
  '<',
  '[',
  ']',
  '(',
  ')',
  '\\',
  '"',
  "'",
  '*',
  '+',
  '-',
  '=',
  '!',
  '~',
  '$',
  '%',
  '.',
  '{',
  '}',
  'x',
  'y',
  'a',
  '1',
  '$FF',
  '300',
  'lda',
  'sta',
  'jmp',
  'bne',
  '.db',
  '.dw',
  '.ds',
  '.org',
  '.bank',
  '.if',
  '.else',
  '.endif',
  '.ifdef',
  '.macro',
  '.endm',
  '.func',
  '.include',
  '.incbin',
  '.incchr',
  '.rs',
  '.rsset',
  '.zp',
  '.bss',
  '.code',
  '.data',
  '.list',
  '.mlist',
  '.opt',
  '.defchr',
  '.inesprg',
  'HIGH',
  'BANK',
  'SIZEOF',
  'DEFINED',
  'm',
  'lbl',
  '.loc',
  '\\1',
  '\\@',
  '\\?1',
  '\\#',
  'main.asm',
  '"main.asm"',
  '"inc.asm"',
  '.proc',
  '.endp',
  '.procgroup',
  '.endprocgroup',
  'call',
  '\n p .proc\n',
  '\u00e9',
]

function check(source: string, extra: Record<string, Uint8Array> = {}): void {
  const files = {
    'main.asm': enc.encode(source),
    'inc.asm': enc.encode(source.slice(0, 200)),
    ...extra,
  }
  for (const listLevel of [0, 3] as const) {
    const r = assemble({ files, main: 'main.asm', options: { listLevel, macroExpansion: true } })
    expect(typeof r.ok).toBe('boolean')
    expect(r.diagnostics.filter((d) => d.code === 'InternalError')).toEqual([])
    if (!r.ok) expect(r.diagnostics.some((d) => d.severity === 'error')).toBe(true)
  }
}

describe('fuzz', () => {
  it('random token soup never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 120 }), (toks) => {
        check(toks.join(''))
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    )
  })

  it('random bytes never throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const r = assemble({ files: { 'main.asm': bytes, 'x.pcx': bytes }, main: 'main.asm' })
        expect(r.diagnostics.filter((d) => d.code === 'InternalError')).toEqual([])
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    )
  })

  it('mutated real programs never throw', () => {
    fc.assert(
      fc.property(
        fc.nat(seeds.length - 1),
        fc.array(fc.tuple(fc.nat(), fc.nat(8), fc.constantFrom(...TOKENS)), {
          minLength: 1,
          maxLength: 6,
        }),
        (which, edits) => {
          let s = seeds[which] ?? ''
          for (const [at, del, ins] of edits) {
            const p = at % (s.length + 1)
            s = s.slice(0, p) + ins + s.slice(p + del)
          }
          check(s)
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    )
  })

  it('pathological inputs are bounded', () => {
    const selfInclude = '  .include "main.asm"\n'
    check(selfInclude)
    check('m .macro\n  m\n  m\n  .endm\n  m\n')
    check('  .if 1\n'.repeat(300))
    check('  .ds $7FFFFFFF\n')
    check('  .zp\n  .ds -5\n  .code\n  .ds -5\n')
    check('  .incchr "x.pcx"\n', { 'x.pcx': new Uint8Array(200) })
    check('f .func f(\\1)\n  .db f(1)\n')
  })
})

describe('runaway expansion', () => {
  it('stops at the line budget with an error', () => {
    const body = Array.from({ length: 50 }, () => '  m2').join('\n')
    const source = `m1 .macro\n  nop\n  .endm\nm2 .macro\n${Array.from({ length: 50 }, () => '  m1').join('\n')}\n  .endm\nm3 .macro\n${body}\n  .endm\n  m3\n  m3\n`
    const r = runAssembler({ 'main.asm': enc.encode(source) }, 'main.asm', {
      listLevel: 0,
      mlist: false,
      raw: false,
      output: 'nes',
      segments: 0,
      maxLines: 5_000,
    })
    expect(r.ok).toBe(false)
    expect(r.asm.diagnostics[0]?.code).toBe('RunawayAssembly')
  })
})
