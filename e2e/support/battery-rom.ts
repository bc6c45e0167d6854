// A battery-backed test ROM (NROM, .inesmir 3: vertical mirroring + battery), built by our own assembler:
// every START press adds one to the count in save RAM at $6000, and the backdrop colour shows the count
// (so a person can see it too). $10-$11 count frames since power-on, for rewind checks.
import type { Page } from 'playwright-core'
import { buildRom, nromSource } from './nrom-program'

const BATTERY_PROGRAM = {
  mirroring: 3,
  nmi: `  lda #1
  sta $4016
  lda #0
  sta $4016
  ldx #8
read:
  lda $4016
  lsr a
  rol $00
  dex
  bne read
  lda $00             ; START pressed now and not in the frame before
  and #$10
  beq no_start
  lda $01
  and #$10
  bne no_start
  inc $6000
no_start:
  lda $00
  sta $01
  lda #$3F
  sta $2006
  lda #$00
  sta $2006
  lda $6000
  and #$0F
  tax
  lda colours,x
  sta $2007
  inc $10
  bne counted
  inc $11
counted:`,
  data: `colours:
  .db $0F,$16,$27,$2A,$12,$24,$30,$19,$21,$15,$28,$1A,$11,$25,$31,$17
`,
}

/** The battery ROM; a different `variant` gives a different ROM (the library keeps each SHA-1 once). */
export function buildBatteryRom(variant = 0): Uint8Array {
  return buildRom(nromSource({ ...BATTERY_PROGRAM, chrByte: variant & 0xff }))
}

/** The START count the game keeps in save RAM ($6000). */
export async function readStartCount(page: Page): Promise<number> {
  const [count = 0] = await page.evaluate(async () =>
    Array.from(await window.gameInstance!.readMemory(0x6000, 1)),
  )
  return count
}

/** Frames since power-on ($10-$11). */
export async function readFrameCounter(page: Page): Promise<number> {
  const [lo = 0, hi = 0] = await page.evaluate(async () =>
    Array.from(await window.gameInstance!.readMemory(0x10, 2)),
  )
  return lo | (hi << 8)
}
