// A test ROM, written in NESASM syntax and built by the project's own assembler, that reads both
// controllers every frame and keeps counts in RAM, so a spec can tell exactly how long a button was held:
//   $00 / $01  controller 1 / 2 buttons this frame (bit 7 A, 6 B, 5 SELECT, 4 START, 3 Up, 2 Down,
//              1 Left, 0 Right)
//   $10-$11    frames since power-on (16 bit)          $12-$13  frames with RIGHT held (16 bit)
//   $14        frames with RIGHT and A held             $15      frames with A and B held
//   $16 / $17  every button controller 1 / 2 ever pressed (OR of all frames)
import { buildRom, nromSource } from './nrom-program'
import type { Page } from 'playwright-core'

export const PAD_BIT = {
  a: 0x80,
  b: 0x40,
  select: 0x20,
  start: 0x10,
  up: 0x08,
  down: 0x04,
  left: 0x02,
  right: 0x01,
} as const

export const INPUT_PROBE_SOURCE = nromSource({
  mirroring: 1,
  init: `  lda #$3F            ; backdrop colour: light blue
  sta $2006
  lda #$00
  sta $2006
  lda #$21
  sta $2007
`,
  nmi: `  lda #1              ; strobe both controllers
  sta $4016
  lda #0
  sta $4016
  ldx #8
read:
  lda $4016
  lsr a
  rol $00
  lda $4017
  lsr a
  rol $01
  dex
  bne read
  inc $10
  bne counted
  inc $11
counted:
  lda $00
  and #$01
  beq no_right
  inc $12
  bne no_right
  inc $13
no_right:
  lda $00
  and #$81
  cmp #$81
  bne no_right_a
  inc $14
no_right_a:
  lda $00
  and #$C0
  cmp #$C0
  bne no_a_b
  inc $15
no_a_b:
  lda $00
  ora $16
  sta $16
  lda $01
  ora $17
  sta $17`,
})

export function buildInputProbeRom(): Uint8Array {
  return buildRom(INPUT_PROBE_SOURCE)
}

export interface ProbeState {
  pad1: number
  pad2: number
  frames: number
  rightFrames: number
  rightAndAFrames: number
  aAndBFrames: number
  ever1: number
  ever2: number
}

/** Reads the probe's RAM through the game instance (readMemory). */
export async function readProbe(page: Page): Promise<ProbeState> {
  const [pad1 = 0, pad2 = 0] = await page.evaluate(async () =>
    Array.from(await window.gameInstance!.readMemory(0x00, 2)),
  )
  const m = await page.evaluate(async () =>
    Array.from(await window.gameInstance!.readMemory(0x10, 8)),
  )
  const at = (i: number) => m[i] ?? 0
  return {
    pad1,
    pad2,
    frames: at(0) | (at(1) << 8),
    rightFrames: at(2) | (at(3) << 8),
    rightAndAFrames: at(4),
    aAndBFrames: at(5),
    ever1: at(6),
    ever2: at(7),
  }
}
