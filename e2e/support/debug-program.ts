// The debugger spec's own program: a loop in main.asm calling Bump in the included sub.asm, which counts in
// RAM; the loop sets A X Y to known values, after writing background palette 0. Label addresses come from the .fns our assembler writes.
import { assemble } from '@nes-studio/assembler'

export const DEBUG_MAIN = `  .inesprg 1
  .ineschr 1
  .inesmap 0
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
  lda #$3F
  sta $2006
  lda #$00
  sta $2006
  ldx #0
colour:
  lda colours,x
  sta $2007
  inx
  cpx #4
  bne colour
  lda #0
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
colours:
  .db $0F,$16,$2A,$12

  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0

  .bank 2
  .org $0000
  .db $FF,$00,$FF,$00,$FF,$00,$FF,$00,$00,$FF,$00,$FF,$00,$FF,$00,$FF
`

/** The colours background palette 0 gets (black, red, green, blue) and tile 0: rows of colour 1, then 2. */
export const PALETTE_0 = [0x0f, 0x16, 0x2a, 0x12]

export const DEBUG_SUB = `; Bump: counter += 1, playerX = counter
Bump:
  inc counter
  lda counter
  sta playerX
  rts
`

/** 1-based line of the first line of `source` that contains `text`. */
export function lineOf(source: string, text: string): number {
  const index = source.split('\n').findIndex((l) => l.includes(text))
  if (index < 0) throw new Error(`no line with ${text}`)
  return index + 1
}

/** Label -> address, read from the .fns of the program as our assembler builds it. */
export function fnsLabels(): Map<string, number> {
  const encode = (t: string) => new TextEncoder().encode(t)
  const result = assemble({
    main: 'main.asm',
    files: { 'main.asm': encode(DEBUG_MAIN), 'sub.asm': encode(DEBUG_SUB) },
  })
  if (!result.ok || !result.fnsText) throw new Error('the debug program does not assemble')
  const labels = new Map<string, number>()
  for (const m of result.fnsText.matchAll(/^(\S+)\s+= \$([0-9A-F]+)$/gm))
    labels.set(m[1]!, parseInt(m[2]!, 16))
  return labels
}
