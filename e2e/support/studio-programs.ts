// 6502 programs (NESASM source) the studio specs type into the editor.

/** A small green-screen program that takes its constants from an include and its tiles from a .chr file. */
export const INCLUDE_PROGRAM = `  .include "consts.asm"
  .inesprg 1
  .ineschr 1
  .inesmap 0
  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
  lda #0
  sta $2000
  sta $2001
wait1:
  bit $2002
  bpl wait1
wait2:
  bit $2002
  bpl wait2
  lda #$3F
  sta $2006
  lda #$00
  sta $2006
  ldx #$20
  lda #$2A
pal:
  sta $2007
  dex
  bne pal
  lda #$00
  sta $2005
  sta $2005
  lda #%00001010
  sta $2001
loop:
  jmp loop
NMI:
  rti
  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0
  .bank 2
  .org $0000
  .incbin "tiles.chr"
`

/** Backdrop green, red while A is held: reads controller 1 in NMI and sets palette $3F00 (rendering off). */
export const BUTTON_PROGRAM = `  .inesprg 1
  .ineschr 0
  .inesmap 0
  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
  lda #0
  sta $2000
  sta $2001
.wait1:
  bit $2002
  bpl .wait1
.wait2:
  bit $2002
  bpl .wait2
  lda #$80
  sta $2000
.forever:
  jmp .forever
NMI:
  lda #1
  sta $4016
  lda #0
  sta $4016
  ldx #$2A
  lda $4016
  and #1
  beq .setColour
  ldx #$16
.setColour:
  lda $2002
  lda #$3F
  sta $2006
  lda #0
  sta $2006
  stx $2007
  lda #0
  sta $2006
  sta $2006
  rti
  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0
`

/**
 * Runs, but with the assembler's zero-page warning on line 11 (`lda counter`: `counter` is below $100 and is
 * assembled as absolute, as NESASM does); includes consts.asm.
 */
export const ZERO_PAGE_WARNING_PROGRAM = `  .include "consts.asm"
  .inesprg 1
  .ineschr 0
  .inesmap 0
  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
  lda counter
loop:
  jmp loop
NMI:
  rti
  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0
counter = $10
`

/**
 * Shows tile 0 of tiles.chr over the whole screen (the nametable filled with tile 0) in the background palette
 * $0F (black), $16 (red), $21 (blue), $30 (white): a screen of one colour when tile 0 is one colour.
 */
export const TILE_PROGRAM = `  .inesprg 1
  .ineschr 1
  .inesmap 0
  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
  lda #0
  sta $2000
  sta $2001
wait1:
  bit $2002
  bpl wait1
wait2:
  bit $2002
  bpl wait2
  lda #$3F
  sta $2006
  lda #$00
  sta $2006
  ldy #8
pal:
  lda #$0F
  sta $2007
  lda #$16
  sta $2007
  lda #$21
  sta $2007
  lda #$30
  sta $2007
  dey
  bne pal
  lda #$20
  sta $2006
  lda #$00
  sta $2006
  ldy #4
  ldx #0
  lda #0
clear:
  sta $2007
  dex
  bne clear
  dey
  bne clear
  lda #$00
  sta $2005
  sta $2005
  lda #%00001010
  sta $2001
loop:
  jmp loop
NMI:
  rti
  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0
  .bank 2
  .org $0000
  .incbin "tiles.chr"
`
