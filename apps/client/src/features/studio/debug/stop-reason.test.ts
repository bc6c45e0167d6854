import { describe, expect, it } from 'vitest'
// eslint-disable-next-line no-restricted-imports -- the test builds its program with our assembler
import { assemble } from '@nes-studio/assembler'
import { DebugEngine } from '../../../emulator/debug/debug-engine'
import { toDebugData } from '../build/debug-data'
import { createDebugMap } from './debug-map'
import { describeStopReason } from './stop-reason'

/** Puts KIL at $0000 and runs a BRK with the IRQ/BRK vector left at 0 (`.dw 0`). */
const BRK_PROGRAM = `  .inesprg 1
  .ineschr 1
  .inesmap 0
  .inesmir 1
  .bank 0
  .org $C000
RESET:
  lda #$02
  sta <$00
  brk
  .db 0
  jmp RESET
  .bank 1
  .org $FFFA
  .dw RESET
  .dw RESET
  .dw 0
`

function build() {
  const result = assemble({
    main: 'main.asm',
    files: { 'main.asm': new TextEncoder().encode(BRK_PROGRAM) },
    options: { debug: true },
  })
  if (!result.ok || !result.debug) throw new Error('the BRK program does not assemble')
  return { rom: result.rom, map: createDebugMap(toDebugData('main.asm', result.debug), result.rom) }
}

describe('describeStopReason', () => {
  it('explains a crash after a BRK through an unset IRQ/BRK vector, naming the BRK line', () => {
    const { rom, map } = build()
    const engine = new DebugEngine(rom)
    const stop = engine.runToStop({ kind: 'continue' })
    expect(stop.reason.kind).toBe('crash')
    expect(describeStopReason(stop.reason, map)).toBe(
      'crashed: Game crashed, invalid opcode at address $1; the BRK at $C004 (main.asm:10) jumped ' +
        'through the IRQ/BRK vector at $FFFE, which is $0000: set the vector with .dw',
    )
  })

  it('names the vector a BRK jumped through when it is set, and the BRK address without a map', () => {
    const reason = {
      kind: 'crash',
      message: 'Game crashed, invalid opcode at address $c105',
      afterBrk: { address: 0xc010, vector: 0xc100 },
    } as const
    expect(describeStopReason(reason)).toBe(
      'crashed: Game crashed, invalid opcode at address $c105; the BRK at $C010 jumped through the ' +
        'IRQ/BRK vector at $FFFE to $C100',
    )
  })

  it('keeps the plain crash, watchpoint and breakpoint words', () => {
    expect(describeStopReason({ kind: 'crash', message: 'Game crashed, invalid opcode' })).toBe(
      'crashed: Game crashed, invalid opcode',
    )
    expect(
      describeStopReason({ kind: 'watchpoint', address: 0x11, access: 'write', value: 3 }),
    ).toBe('write of $0011 (value 3)')
    expect(describeStopReason({ kind: 'breakpoint', address: 0xc000 })).toBe('breakpoint')
  })
})
