import { describe, expect, it } from 'vitest'
// eslint-disable-next-line no-restricted-imports -- the test builds its debug data with our assembler
import { assemble, formatDebugJson } from '@nes-studio/assembler'
import { toDebugData } from '../build/debug-data'
import { createDebugMap, parseDebugJson } from './debug-map'

const encode = (text: string) => new TextEncoder().encode(text)

// a macro used twice, one nesting another, and a macro never used
const MAIN = [
  '  .inesprg 1', //      1
  '  .ineschr 0', //      2
  '  .bank 0', //         3
  '  .org $C000', //      4
  'store .macro', //      5
  '  ; keep \\1', //      6
  '  lda #\\1', //        7
  '  sta <$10', //        8
  '  .endm', //           9
  'both .macro', //      10
  '  store \\1', //      11
  '  inx', //            12
  '  .endm', //          13
  'unused .macro', //    14
  '  nop', //            15
  '  .endm', //          16
  '', //                 17
  'RESET:', //           18
  '  sei', //            19
  '  store 1', //        20
  '  store 2', //        21
  '  both 3', //         22
  '  jmp RESET', //      23
  '  .bank 1', //        24
  '  .org $FFFA', //     25
  '  .dw RESET, RESET, RESET', // 26
].join('\n')

function build() {
  const result = assemble({
    main: 'main.asm',
    files: { 'main.asm': encode(MAIN + '\n') },
    options: { debug: true },
  })
  if (!result.ok || !result.debug) throw new Error('program failed')
  return { rom: result.rom, debug: result.debug }
}

describe('breakpoints in macro bodies', () => {
  const { rom, debug } = build()
  const map = createDebugMap(structuredClone(toDebugData('main.asm', debug)), rom)
  const fromJson = parseDebugJson(formatDebugJson('main.asm', debug), rom)
  // sei $C000; store 1: lda $C001, sta $C003; store 2: $C005, $C007; both 3: lda $C009, sta $C00B, inx $C00D

  it('stop at every expansion of a body line with code', () => {
    for (const m of [map, fromJson]) {
      expect(m.codeLineAtOrAfter('main.asm', 7)).toBe(7)
      expect(m.breakpointsOf('main.asm', 7)).toEqual([
        { address: 0xc001, code: new Uint8Array([0xa9, 1]) },
        { address: 0xc005, code: new Uint8Array([0xa9, 2]) },
        { address: 0xc009, code: new Uint8Array([0xa9, 3]) },
      ])
      expect(m.breakpointsOf('main.asm', 8).map((b) => b.address)).toEqual([0xc003, 0xc007, 0xc00b])
      // the nested call: once per expansion of `both`, at its first statement
      expect(m.breakpointsOf('main.asm', 11).map((b) => b.address)).toEqual([0xc009])
      expect(m.addressOfLine('main.asm', 8)).toBe(0xc003)
    }
  })

  it('keep a no-code body line inside its macro', () => {
    expect(map.codeLineAtOrAfter('main.asm', 6)).toBe(7) // a comment: the next body line with code
    expect(map.codeLineAtOrAfter('main.asm', 5)).toBe(7) // the .macro line
    expect(map.codeLineAtOrAfter('main.asm', 9)).toBeUndefined() // .endm: never past it to RESET's code
    expect(map.codeLineAtOrAfter('main.asm', 15)).toBeUndefined() // a macro never used
    expect(map.codeLineAtOrAfter('main.asm', 16)).toBeUndefined()
    expect(map.breakpointsOf('main.asm', 15)).toEqual([])
  })

  it('leave lines outside macros as they were', () => {
    expect(map.codeLineAtOrAfter('main.asm', 17)).toBe(19) // a blank line before RESET's sei
    expect(map.codeLineAtOrAfter('main.asm', 1)).toBe(19) // the body lines before it do not count
    expect(map.breakpointsOf('main.asm', 20)).toEqual([map.breakpointOf('main.asm', 20)])
    expect(map.breakpointsOf('main.asm', 20).map((b) => b.address)).toEqual([0xc001])
    // stopped inside an expansion, the current line is the call
    expect(map.lineAt(0xc005)).toEqual({ file: 'main.asm', line: 21 })
    expect(map.lineAt(0xc00d)).toEqual({ file: 'main.asm', line: 22 })
  })

  it('name the body line running inside an expansion (innermost for a nested macro), none outside', () => {
    for (const m of [map, fromJson]) {
      expect(m.macroLineAt(0xc005)).toEqual({ file: 'main.asm', line: 7 }) // store 2's lda
      expect(m.macroLineAt(0xc008)).toEqual({ file: 'main.asm', line: 8 }) // inside store 2's sta
      expect(m.macroLineAt(0xc00b)).toEqual({ file: 'main.asm', line: 8 }) // both 3 -> store: its sta
      expect(m.macroLineAt(0xc00d)).toEqual({ file: 'main.asm', line: 12 }) // both 3's inx
      expect(m.macroLineAt(0xc000)).toBeUndefined() // sei, not from a macro
      expect(m.macroLineAt(0x0300)).toBeUndefined()
    }
  })
})
