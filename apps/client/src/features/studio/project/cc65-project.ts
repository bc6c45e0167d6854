// The starting files of cc65 projects (NEW PROJECT's ca65 and C templates), and what tells a cc65 project's files
// apart: its main file (the one opened first, which cannot be deleted) and whether a zip holds one.

/** main.s of the ca65 template: NROM, a smiley the D-pad moves (assembles with ca65, links with nrom.cfg). */
export const CA65_MAIN = `; main.s - a complete NES program in ca65 assembly (the cc65 suite): NROM (mapper 0), 32 KB PRG, 8 KB CHR.
; A smiley on a blue screen that the D-pad moves. nrom.cfg tells ld65 where each segment goes, tiles.chr
; holds the tiles. COMPILE & RUN assembles and links it; DEBUG stops at breakpoints in this file.

PPUCTRL   = $2000
PPUMASK   = $2001
PPUSTATUS = $2002
OAMADDR   = $2003
PPUADDR   = $2006
PPUDATA   = $2007
OAMDMA    = $4014
JOYPAD1   = $4016

.segment "HEADER"             ; the iNES header: 2 x 16 KB PRG, 1 x 8 KB CHR, mapper 0, vertical mirroring
  .byte "NES", $1A, 2, 1, $01, $00
  .res 8, 0

.segment "ZEROPAGE"
buttons: .res 1               ; A B Select Start Up Down Left Right, bit 7 first
smiley_x: .res 1
smiley_y: .res 1

.segment "OAM"
sprites: .res 256             ; the sprite table, copied to the PPU each frame

.segment "CODE"
.proc reset
  sei                         ; no interrupts while we set up
  cld                         ; the NES has no decimal mode
  ldx #$40
  stx $4017                   ; no APU frame IRQ
  ldx #$FF
  txs                         ; stack at $01FF
  inx                         ; X = 0
  stx PPUCTRL                 ; NMI off
  stx PPUMASK                 ; rendering off
  stx $4010                   ; no DMC IRQ
  bit PPUSTATUS
: bit PPUSTATUS               ; the PPU needs two frames to warm up
  bpl :-
  lda #0
: sta $00, x                  ; clear the RAM
  sta $0100, x
  sta $0300, x
  sta $0400, x
  sta $0500, x
  sta $0600, x
  sta $0700, x
  inx
  bne :-
  lda #$FF
: sta sprites, x              ; every sprite off screen
  inx
  bne :-
: bit PPUSTATUS
  bpl :-
  jsr load_palettes
  lda #124
  sta smiley_x
  lda #112
  sta smiley_y
  lda #%10000000              ; NMI on, tiles from $0000
  sta PPUCTRL
  lda #%00010110              ; show sprites and the background colour
  sta PPUMASK
forever:
  jmp forever
.endproc

.proc load_palettes
  lda PPUSTATUS               ; reset the PPU address latch
  lda #$3F
  sta PPUADDR
  lda #$00
  sta PPUADDR
  ldx #0
: lda palettes, x
  sta PPUDATA
  inx
  cpx #32
  bne :-
  rts
.endproc

.proc read_joypad             ; buttons = the eight buttons of pad 1
  lda #1
  sta JOYPAD1
  sta buttons                 ; the 1 falls out of the top after eight reads
  lsr a
  sta JOYPAD1
: lda JOYPAD1
  lsr a
  rol buttons
  bcc :-
  rts
.endproc

.proc nmi
  pha
  jsr read_joypad
  lda buttons
  and #%00000001              ; Right
  beq :+
  inc smiley_x
: lda buttons
  and #%00000010              ; Left
  beq :+
  dec smiley_x
: lda buttons
  and #%00000100              ; Down
  beq :+
  inc smiley_y
: lda buttons
  and #%00001000              ; Up
  beq :+
  dec smiley_y
: lda smiley_y                ; sprite 0: the smiley (tile 1, palette 0)
  sta sprites + 0
  lda #1
  sta sprites + 1
  lda #0
  sta sprites + 2
  lda smiley_x
  sta sprites + 3
  lda #0
  sta OAMADDR
  lda #>sprites
  sta OAMDMA                  ; copy the sprite table to the PPU
  pla
  rti
.endproc

.proc irq
  rti
.endproc

.segment "RODATA"
palettes:
  .byte $11, $0F, $1A, $30,  $11, $0F, $1A, $30,  $11, $0F, $1A, $30,  $11, $0F, $1A, $30 ; $11: blue
  .byte $11, $0F, $28, $30,  $11, $0F, $28, $30,  $11, $0F, $28, $30,  $11, $0F, $28, $30 ; $28: yellow

.segment "VECTORS"
  .addr nmi, reset, irq

.segment "CHARS"
  .incbin "tiles.chr"
`

/** The ca65 template's linker config. */
export const NROM_CFG = `# nrom.cfg - tells ld65 where each segment goes for NROM-256: a 16-byte iNES header, 32 KB of PRG ROM at
# $8000-$FFFF (the CPU vectors at $FFFA) and 8 KB of CHR ROM, in that order in the .nes file.
MEMORY {
  ZP:     start = $0000, size = $0100, type = rw, file = "";
  OAM:    start = $0200, size = $0100, type = rw, file = "";
  RAM:    start = $0300, size = $0500, type = rw, file = "";
  HEADER: start = $0000, size = $0010, type = ro, file = %O, fill = yes;
  PRG:    start = $8000, size = $8000, type = ro, file = %O, fill = yes, fillval = $FF;
  CHR:    start = $0000, size = $2000, type = ro, file = %O, fill = yes;
}

SEGMENTS {
  ZEROPAGE: load = ZP,     type = zp;
  OAM:      load = OAM,    type = bss, align = $100;
  BSS:      load = RAM,    type = bss;
  HEADER:   load = HEADER, type = ro;
  CODE:     load = PRG,    type = ro;
  RODATA:   load = PRG,    type = ro;
  VECTORS:  load = PRG,    type = ro, start = $FFFA;
  CHARS:    load = CHR,    type = ro;
}
`

/** The ca65 template's tiles: a blank tile and the smiley, then zeros to 8 KB (CHR text, see chr-text.ts). */
export const CA65_TILES = `; tiles.chr - the 8 KB of CHR ROM, as text: each tile is 8 rows of 8 pixels, a pixel a colour 0-3 (. is 0).
; main.s puts it in the CHARS segment with .incbin "tiles.chr".

; tile 0: blank
........
........
........
........
........
........
........
........

; tile 1: the smiley (1 outline, 2 face, 3 eyes and mouth)
..1111..
.122221.
12322321
12222221
12322321
12233221
.122221.
..1111..

.fill 8192
`

/** main.c of the C template: text on a blue screen and a frame counter, with the nes target's conio. */
export const C_MAIN = `/* main.c - a complete NES program in C, for cc65's nes target: NROM (mapper 0).
** It writes on a blue screen with conio (the nes target draws text with its own font) and counts frames.
** COMPILE & RUN builds it (cc65 compiles, ca65 assembles, ld65 links with nes.lib); DEBUG stops at breakpoints
** in this file, and the watch list knows \`frames\`.
*/
#include <conio.h>
#include <nes.h>

/* A global variable: the debugger's watch list and memory view show it by this name. */
unsigned char frames;

static void show_frames(void) {
  gotoxy(9, 14);
  cprintf("FRAME %3u", frames);
}

void main(void) {
  bgcolor(COLOR_BLUE);
  clrscr();
  gotoxy(7, 10);
  cputs("HELLO FROM C!");
  for (;;) {
    waitvsync();   /* one frame */
    ++frames;
    show_frames();
  }
}
`

/** The files a cc65 project's main file is picked from: C and assembly sources. */
export const isCc65Source = (name: string) => /\.(c|s|asm)$/i.test(name)

/**
 * A cc65 project's main file: main.c or main.s (shallowest first), else the first C file with a main function,
 * else the first .c, else the first assembly file. Undefined without sources.
 */
export function pickCc65Main<T extends { filename: string; content: string; binary?: Uint8Array }>(
  files: readonly T[],
): T | undefined {
  const depth = (f: T) => f.filename.split('/').length
  const sources = files
    .filter((f) => !f.binary && isCc65Source(f.filename))
    .sort((a, b) => depth(a) - depth(b) || (a.filename < b.filename ? -1 : 1))
  const named = (name: string) => sources.find((f) => f.filename.split('/').pop() === name)
  return (
    named('main.c') ??
    named('main.s') ??
    sources.find((f) => /\.c$/i.test(f.filename) && /\bmain\s*\(/.test(f.content)) ??
    sources.find((f) => /\.c$/i.test(f.filename)) ??
    sources[0]
  )
}

/**
 * Whether a zip's files are a cc65 project: C sources; else, unless its assembly has NESASM's iNES directives, a
 * build.sh that runs a cc65 tool, an ld65 config (a MEMORY block) or ca65 assembly (a `.segment "..."` line).
 */
export function looksLikeCc65(files: readonly { filename: string; content: string }[]): boolean {
  const named = (re: RegExp) => files.filter((f) => re.test(f.filename))
  if (named(/\.c$/i).length > 0) return true
  const asm = named(/\.(s|asm|inc)$/i)
  if (asm.some((f) => /^\s*\.?ines(prg|chr|map|mir)\b/im.test(f.content))) return false
  return (
    named(/(^|\/)build\.sh$/).some((f) => /\b(ca65|cc65|ld65|cl65)\b/.test(f.content)) ||
    named(/\.cfg$/i).some((f) => /^\s*MEMORY\s*\{/m.test(f.content)) ||
    asm.some((f) => /^\s*\.segment\s+"/im.test(f.content))
  )
}
