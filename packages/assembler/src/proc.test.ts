// Procs and `call`. The expected bytes are derived by hand from NESASM 3.1's proc.c, not from a run:
// pass 1 assembles a proc at $A000 (page 5) in a pseudo bank and records its size; proc_reloc()
// then gives each top-level proc/group, in declaration order, the next free offset in the banks
// after the highest bank used (a new bank when it would pass 8 KB), moves procs inside a group
// with it, and sets _call_bank = last bank + 1. In pass 2, `call p` is `jsr`: to p directly when
// the caller is in p's bank, else to an 18-byte stub (tay; tma #5; pha; lda #bank; tam #5; tya;
// jsr p; tay; pla; tam #5; tya; rts) built at $8000 + n in one more bank (call_bank = ++max_bank).
import { describe, expect, it } from 'vitest'
import { asm, fails, src } from '../test/helpers'

/** `n` bytes of the ROM at `offset` in `bank` (after the 16-byte header). */
function bankBytes(source: string, bank: number, offset: number, n: number): number[] {
  const r = asm(src(source))
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'))
  const at = 16 + bank * 8192 + offset
  return Array.from(r.rom.subarray(at, at + n))
}

const STUB_TO_BANK1_A000 = [
  0xa8, 0x43, 0x20, 0x48, 0xa9, 0x01, 0x53, 0x20, 0x98, 0x20, 0x00, 0xa0, 0xa8, 0x68, 0x53, 0x20,
  0x98, 0x60,
]

const FOO = '!foo .proc\nlda #1\nrts\n.endp'

describe('.proc and call', () => {
  it('a proc moves to the bank after the last one, code after .endp continues', () => {
    const s = `.org $C000\nnop\n${FOO}\nlda #2`
    expect(bankBytes(s, 0, 0, 3)).toEqual([0xea, 0xa9, 0x02])
    // foo: 3 bytes at bank 1, offset 0 ($A000)
    expect(bankBytes(s, 1, 0, 3)).toEqual([0xa9, 0x01, 0x60])
    const r = asm(src(s))
    expect(r.ok && r.rom.length).toBe(16 + 2 * 8192)
    expect(r.ok && r.fnsText).toContain('foo                              = $A000')
  })

  it('call from another bank goes through a stub in a new bank', () => {
    const s = `.org $C000\ncall foo\n${FOO}`
    expect(bankBytes(s, 0, 0, 3)).toEqual([0x20, 0x00, 0x80]) // jsr $8000
    expect(bankBytes(s, 2, 0, 18)).toEqual(STUB_TO_BANK1_A000)
    const r = asm(src(s))
    expect(r.ok && r.rom.length).toBe(16 + 3 * 8192)
  })

  it('the stub is built once per proc', () => {
    const s = `.org $C000\ncall foo\ncall foo\n${FOO}`
    expect(bankBytes(s, 0, 0, 6)).toEqual([0x20, 0x00, 0x80, 0x20, 0x00, 0x80])
  })

  it('call inside the same bank is a direct jsr', () => {
    // foo (call bar + rts = 4 bytes) at $A000, bar at $A004, both in bank 1
    const s = '.org $C000\n!foo .proc\ncall bar\nrts\n.endp\n!bar .proc\nrts\n.endp'
    expect(bankBytes(s, 1, 0, 5)).toEqual([0x20, 0x04, 0xa0, 0x60, 0x60])
  })

  it('call of a plain label is a jsr to it', () => {
    expect(bankBytes('.org $C000\n!start: call start', 0, 0, 3)).toEqual([0x20, 0x00, 0xc0])
  })

  it('labels in a proc are moved; BANK, _call_bank', () => {
    const s = `.org $C000\n.db BANK(foo), HIGH(bar), LOW(bar), _call_bank\n!foo .proc\nnop\n!bar: rts\n.endp`
    // foo in bank 1 at $A000, bar at $A001; _call_bank = last proc bank + 1
    expect(bankBytes(s, 0, 0, 4)).toEqual([1, 0xa0, 0x01, 2])
  })

  it('local labels in a proc move with it', () => {
    // p0 takes 1 byte, so foo starts at offset 1 ($A001) and its .x with it
    const s = '.org $C000\n!p0 .proc\nrts\n.endp\n!foo .proc\n!.x: nop\njmp .x\n.endp'
    expect(bankBytes(s, 1, 0, 5)).toEqual([0x60, 0xea, 0x4c, 0x01, 0xa0])
  })

  it('procs inside a group stay together', () => {
    const s =
      '.org $C000\n.dw a1, a2\n.procgroup\n!a1 .proc\nnop\n.endp\n!a2 .proc\nrts\n.endp\n.endprocgroup'
    expect(bankBytes(s, 0, 0, 4)).toEqual([0x00, 0xa0, 0x01, 0xa0])
    expect(bankBytes(s, 1, 0, 2)).toEqual([0xea, 0x60])
  })

  it('.proc name form', () => {
    expect(bankBytes('.org $C000\n.dw foo\n.proc foo\nrts\n.endp', 1, 0, 1)).toEqual([0x60])
  })

  it('errors', () => {
    fails('.endp', 'ProcStructure')
    fails('!p .proc\n!q .proc\n.endp\n.endp', 'ProcStructure')
    fails('.proc', 'ProcStructure')
    fails('!.l .proc\n.endp', 'LocalNotAllowed')
    fails('!g .procgroup\n.endp', 'ProcStructure')
    fails('!p .proc\n.endp\n!p .proc\n.endp', 'ProcStructure')
    fails('call nowhere', 'UndefinedSymbol')
    fails('.zp\n!p .proc', 'SectionViolation')
  })

  it('a proc larger than a bank', () => {
    const r = asm(src('!p .proc\n.ds $1FFF\nlda $1234\n.endp'))
    expect(r.ok).toBe(false)
    expect(r.stdout).toContain("Proc : 'p' is too large (code > 8KB)!")
    expect(r.diagnostics[0]?.code).toBe('BankOverflow')
  })
})
