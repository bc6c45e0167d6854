// Starting contents for studio files: the green-screen sample, the CHR tile sheet and the button include.
import type { FileType } from './project-files'

/** main.asm of a new project: NROM (mapper 0), 1 x 16 KB PRG bank, 1 x 8 KB CHR bank; shows a green screen. */
export const MAIN_TEMPLATE = `; main.asm - a complete NES program that shows a green screen.
; Mapper 0 (NROM), 1 x 16 KB PRG bank, 1 x 8 KB CHR bank.
; Press COMPILE & RUN (or Ctrl+Enter) to assemble it and run it in the preview.

  .inesprg 1            ; 1 x 16 KB PRG bank
  .ineschr 1            ; 1 x 8 KB CHR bank
  .inesmap 0            ; mapper 0 = NROM
  .inesmir 1            ; vertical mirroring

  .bank 0
  .org $C000

RESET:
  sei                   ; no interrupts while we set up
  cld                   ; the NES has no decimal mode
  ldx #$40
  stx $4017             ; no APU frame IRQ
  ldx #$FF
  txs                   ; stack at $01FF
  inx                   ; X = 0
  stx $2000             ; NMI off
  stx $2001             ; rendering off
  stx $4010             ; no DMC IRQ

vblankwait1:            ; the PPU needs two frames to warm up
  bit $2002
  bpl vblankwait1

clearmem:
  lda #$00
  sta <$00, x           ; "<" = zero page addressing
  sta $0100, x
  sta $0300, x
  sta $0400, x
  sta $0500, x
  sta $0600, x
  sta $0700, x
  lda #$FE
  sta $0200, x          ; sprites off screen
  inx
  bne clearmem

vblankwait2:
  bit $2002
  bpl vblankwait2

LoadPalettes:
  lda $2002             ; reset the PPU address latch
  lda #$3F
  sta $2006
  lda #$00
  sta $2006             ; PPU address $3F00
  ldx #$00
.loop:
  lda Palette, x
  sta $2007
  inx
  cpx #$20
  bne .loop

ClearNametable:         ; fill $2000-$23FF with tile 0 (blank)
  lda #$20
  sta $2006
  lda #$00
  sta $2006
  ldy #$04
  ldx #$00
.loop:
  sta $2007
  inx
  bne .loop
  dey
  bne .loop

  lda #$00
  sta $2005             ; scroll X = 0
  sta $2005             ; scroll Y = 0
  lda #%10000000
  sta $2000             ; NMI on, background tiles from $0000
  lda #%00001010
  sta $2001             ; show the background

Forever:
  jmp Forever

NMI:
  rti

  .bank 1
  .org $E000
Palette:
  .db $2A,$0F,$1A,$30, $2A,$0F,$1A,$30, $2A,$0F,$1A,$30, $2A,$0F,$1A,$30 ; background: $2A = green
  .db $2A,$0F,$16,$30, $2A,$0F,$16,$30, $2A,$0F,$16,$30, $2A,$0F,$16,$30 ; sprites

  .org $FFFA            ; CPU vectors
  .dw NMI
  .dw RESET
  .dw 0                 ; IRQ unused

  .bank 2               ; CHR ROM: 8 KB of tiles
  .org $0000
  .defchr $00000000,$00000000,$00000000,$00000000,$00000000,$00000000,$00000000,$00000000 ; tile 0: blank
  .defchr $00111100,$01222210,$12322321,$12222221,$12322321,$12233221,$01222210,$00111100 ; tile 1: smiley
`

/** A new .asm file: an include with the controller button bit masks. */
export const INCLUDE_TEMPLATE = `; Controller button bit masks, in the order the buttons are read from $4016:
; A, B, Select, Start, Up, Down, Left, Right (the first one read ends up in bit 7).

BUTTON_A      = %10000000
BUTTON_B      = %01000000
BUTTON_SELECT = %00100000
BUTTON_START  = %00010000
BUTTON_UP     = %00001000
BUTTON_DOWN   = %00000100
BUTTON_LEFT   = %00000010
BUTTON_RIGHT  = %00000001
`

/** A new .chr file: two tiles in CHR text (see chr-text.ts), then zero fill to one 8 KB bank. */
export const CHR_TEMPLATE = `; CHR tile sheet. Each tile is 8 rows of 8 pixels; a pixel is a colour 0-3 (. is 0).
; The studio turns this text into NES tile bytes (16 bytes per tile), so
;   .incbin "this-file.chr"
; in main.asm includes the binary tiles. ".fill N" pads with zero bytes up to N bytes.

; tile 0: blank
........
........
........
........
........
........
........
........

; tile 1: solid block in colour 1
11111111
11111111
11111111
11111111
11111111
11111111
11111111
11111111

; tile 2: checker in colours 2 and 3
23232323
32323232
23232323
32323232
23232323
32323232
23232323
32323232

.fill 8192
`

/** The template for a new file of the given name (other extensions start empty). */
export function templateFor(filename: string): string {
  const type = fileTypeOf(filename)
  if (type === 'chr') return CHR_TEMPLATE
  if (/\.asm$/i.test(filename)) return INCLUDE_TEMPLATE
  return ''
}

/**
 * The file type a name implies: .chr files are CHR, everything else an include. No name makes a main file: the
 * project's main file is the one it marks so (a new project's main.asm, or the file an import or the user picks).
 */
export function fileTypeOf(filename: string): Exclude<FileType, 'main'> {
  if (/\.chr$/i.test(filename)) return 'chr'
  return 'include'
}

export const MAIN_FILE = 'main.asm'
