// The line decode cache must never change a result: each case is a way a line can be read again
// with a different meaning (the expected bytes are those of the assembler before the cache).
import { describe, expect, it } from 'vitest'
import { asm } from '../test/helpers'
import { D_FIELDS, DecodeCache } from './decode'
import { runAssembler } from './assemble'

/** The first `n` ROM bytes after the header, or the first error as `code@line:col`. */
function outcome(source: string, extra: Record<string, string> = {}, n = 10): string {
  const r = asm(source, extra)
  if (!r.ok) {
    const e = r.diagnostics.find((d) => d.severity === 'error')
    return `${e?.code}@${e?.span.line}:${e?.span.column}`
  }
  return Array.from(r.rom.slice(16, 16 + n), (b) => b.toString(16).padStart(2, '0')).join(' ')
}

const ORG = '  .bank 0\n  .org $8000\n'

describe('line decode cache', () => {
  it('a macro defined after a line takes that line over in pass 2', () =>
    expect(outcome(`${ORG}  nop\n  rts\nnop .macro\n  .db 1\n  .endm\nend: .dw end\n`, {}, 4)).toBe(
      '01 60 02 80',
    ))
  it('a macro named like an instruction', () =>
    expect(outcome(`lda .macro\n  .db $42\n  .endm\n${ORG}  lda #1\n`, {}, 2)).toBe('42 ff'))
  it('a local label in a macro belongs to each caller', () =>
    expect(
      outcome(`m .macro\n.x: dex\n  bne .x\n  .endm\n${ORG}g1: m\ng2: m\n  jmp .x\n`, {}, 9),
    ).toBe('ca d0 fd ca d0 fd 4c 03 80'))
  it('an include read under two global labels', () =>
    expect(
      outcome(`${ORG}a1:\n  .include "i.asm"\na2:\n  .include "i.asm"\n`, {
        'i.asm': '.l: nop\n  jmp .l\n  .dw .l\n',
      }),
    ).toBe('ea 4c 00 80 00 80 ea 4c 06 80'))
  it('a macro argument in the label', () =>
    expect(outcome(`m .macro\n\\1: lda \\1\n  .endm\n${ORG}  m aa\n  m bb\n`, {}, 6)).toBe(
      'ad 00 80 ad 03 80',
    ))
  it('a name that a macro argument extends', () =>
    expect(
      outcome(
        `m .macro\n  .dw foo\\1\n  .endm\n${ORG}foo = 1\nfoox = 2\n  m\n  m x\n  m +1\n  m\n`,
        {},
        8,
      ),
    ).toBe('01 00 02 00 02 00 01 00'))
  it('a macro named by a macro argument', () =>
    expect(
      outcome(
        `one .macro\n  .db 1\n  .endm\ntwo .macro\n  .db 2\n  .endm\ncall .macro\n  \\1\n  .endm\n${ORG}  call one\n  call two\n  call one\n`,
        {},
        3,
      ),
    ).toBe('01 02 01'))
  it('a macro call with a label, read again', () =>
    expect(
      outcome(
        `m .macro\n  .db \\1\n  .endm\n${ORG}lp: m 3\n  m 4\n  .dw lp\n  .if 0\n  .endif\n`,
        {},
        4,
      ),
    ).toBe('03 04 00 80'))
  it('a continued line', () =>
    expect(outcome(`${ORG}v = 2\n  .db v, \\\n   v, w\nw = 5\n  .db w\n`, {}, 4)).toBe(
      '02 02 05 05',
    ))
  it('a conditional that differs between the passes', () =>
    expect(outcome(`${ORG}  .ifdef later\n  nop\n  .endif\nlater: lda later\n`)).toBe(
      'PhaseError@6:1',
    ))
})

describe('decode slots', () => {
  const lines = (n: number): Uint8Array[] => Array.from({ length: n }, () => new Uint8Array(1))
  it('one array per line array, sized for its lines', () => {
    const cache = new DecodeCache()
    const a = lines(3)
    expect(cache.of(a)).toBe(cache.of(a))
    expect(cache.of(a)?.length).toBe(3 * D_FIELDS)
  })
  it('none past the budget of a run: those lines are decoded every time', () => {
    const cache = new DecodeCache(10 * D_FIELDS)
    expect(cache.of(lines(6))).not.toBeNull()
    expect(cache.of(lines(6))).toBeNull()
    expect(cache.of(lines(4))).not.toBeNull()
  })
  it('without slots every output is the same', () => {
    const macros =
      'st16 .macro\n  lda \\1\n  sta \\2\n  lda \\1+1\n  sta \\2+1\n  .endm\n' +
      'wait .macro\n.w\\@: dex\n  bne .w\\@\n  .endm\n'
    const part = (k: number): string =>
      `g${k}:\n  st16 <$20, <$22\n  wait\n  ldx #LOW(g${k})\n.x: dex\n  bne .x\n  .dw g${k}+1, HIGH(g${k})\n`
    const main = `${macros}${ORG}${Array.from({ length: 40 }, (_, k) => part(k)).join('')}a1:\n  .include "i.asm"\na2:\n  .include "i.asm"\n`
    const enc = new TextEncoder()
    const files = {
      'main.asm': enc.encode(main),
      'i.asm': enc.encode('.i: st16 .i, <$30\n  jmp .i\n'),
    }
    const opts = { listLevel: 3, mlist: true, raw: false, output: 'nes', segments: 2 } as const
    const cached = runAssembler(files, 'main.asm', { ...opts, forceListing: true })
    const plain = runAssembler(files, 'main.asm', {
      ...opts,
      forceListing: true,
      maxDecodeSlots: 0,
    })
    expect(plain.asm.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(plain.rom).toEqual(cached.rom)
    expect(plain.listingText).toBe(cached.listingText)
    expect(plain.stdout).toBe(cached.stdout)
    expect(plain.fnsText()).toBe(cached.fnsText())
  })
})
