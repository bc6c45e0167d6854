// NESASM source for the e2e test ROMs, built by our own assembler: an NROM cartridge (16 KiB PRG, 8 KiB
// of blank CHR) whose reset code clears RAM, waits for the PPU, runs `init`, turns on the NMI and idles;
// the work is done once a frame in `nmi`. Specs read what the ROM keeps in RAM with readMemory.
import { assemble } from '@nes-studio/assembler'

export interface NromProgram {
  /** iNES mirroring/battery nibble (`.inesmir`): 1 vertical, 3 vertical + battery. */
  mirroring: number
  /** Runs once after the PPU is ready, before the NMI is turned on. */
  init?: string
  /** The NMI handler's body (A and X are saved around it). */
  nmi: string
  /** Tables after the handler. */
  data?: string
  /** The one byte of CHR data (the rest of the bank is zeros): another value makes another ROM. */
  chrByte?: number
  /** `.db` lines for the CHR bank in place of `chrByte` (unwritten bytes are $FF, not zeros). */
  chr?: string
}

export function nromSource(program: NromProgram): string {
  return `  .inesprg 1
  .ineschr 1
  .inesmap 0
  .inesmir ${program.mirroring}

  .bank 0
  .org $C000
RESET:
  sei
  cld
  ldx #$FF
  txs
  lda #0
  sta $2000
  sta $2001
  ldx #0
clear:
  sta $00,x
  inx
  bne clear
vblank1:
  bit $2002
  bpl vblank1
vblank2:
  bit $2002
  bpl vblank2
${program.init ?? ''}  lda #%10000000      ; NMI on every vertical blank
  sta $2000
forever:
  jmp forever

NMI:
  pha
  txa
  pha
${program.nmi}
  pla
  tax
  pla
  rti
${program.data ?? ''}
  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0

  .bank 2             ; CHR ROM (by default blank tiles: the picture is the backdrop colour)
  .org $0000
${program.chr ?? `  .db ${program.chrByte ?? 0}\n`}`
}

/** Assembles NESASM source with our assembler; throws with the diagnostics if it does not build. */
export function buildRom(source: string): Uint8Array {
  const result = assemble({
    files: { 'main.asm': new TextEncoder().encode(source) },
    main: 'main.asm',
  })
  if (!result.ok) {
    throw new Error(result.diagnostics.map((d) => `${d.span.line}: ${d.message}`).join('\n'))
  }
  return result.rom
}
