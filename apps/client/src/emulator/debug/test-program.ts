// A small program of the debugger's tests and bench, built by our assembler: a loop that calls a
// routine in an included file, sets A X Y, and writes two variables. Test-only (never bundled).
// eslint-disable-next-line no-restricted-imports -- tests and benches build their ROMs with our assembler
import { assemble } from '@nes-studio/assembler'

export const MAIN_SOURCE = `  .inesprg 1
  .ineschr 1
  .inesmap MAPPER
  .inesmir 1

  .rsset $0010
counter .rs 1
playerX .rs 1

  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
RENDER  lda #0
  sta counter
loop:
  jsr Bump
  lda #$42
  ldx #$07
  ldy #$99
  jmp loop

  .include "sub.asm"

NMI:
  rti

  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0
`

export const SUB_SOURCE = `; increments the counter and copies it to playerX
Bump:
  inc counter
  lda counter
  sta playerX
  rts
`

const encode = (text: string): Uint8Array => new TextEncoder().encode(text)

export interface TestProgram {
  rom: Uint8Array
  /** Global label name -> address. */
  labels: Map<string, number>
  /** file -> line -> first address of that line's bytes. */
  lineAddress(file: string, line: number): number
  /** `${file}:${line}` of the statement starting at `address`. */
  lineAt(address: number): string | undefined
  /** The line map for `setLineMap` (line ids index `lineKeys`). */
  lineMap: Int32Array
}

/**
 * Assembles the test program (mapper 0 unless told) and indexes its debug information. `render` turns the
 * background and sprites on first (the bench: the PPU then fetches tiles every line); lines shift by two.
 */
export function buildTestProgram(mapper = 0, render = false): TestProgram {
  const result = assemble({
    main: 'main.asm',
    files: {
      'main.asm': encode(
        MAIN_SOURCE.replace('MAPPER', String(mapper)).replace(
          'RENDER',
          render ? '  lda #$1E\n  sta $2001\n' : '',
        ),
      ),
      'sub.asm': encode(SUB_SOURCE),
    },
    options: { debug: true },
  })
  if (!result.ok || !result.debug) {
    throw new Error(`test program failed: ${result.diagnostics.map((d) => d.message).join('; ')}`)
  }
  const debug = result.debug
  const labels = new Map(debug.labels.map((l) => [l.name, l.value]))
  const starts = new Map<number, string>()
  const keys: string[] = []
  const lineMap = new Int32Array(0x10000).fill(-1)
  for (const e of debug.sourceMap.entries) {
    const key = `${e.file}:${e.line}`
    if (!keys.includes(key)) keys.push(key)
    starts.set(e.address, key)
    lineMap[e.address] = keys.indexOf(key)
  }
  return {
    rom: result.rom,
    labels,
    lineAddress(file, line) {
      const entry = debug.sourceMap.lineEntries(file, line)[0]
      if (!entry) throw new Error(`no code on ${file}:${line}`)
      return entry.address
    },
    lineAt: (address) => starts.get(address),
    lineMap,
  }
}
