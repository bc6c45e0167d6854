// A test ROM for online play, NESASM source built by our own assembler: the left half of the picture
// takes the colour of the last button pressed on controller 1, the right half that of controller 2
// (BUTTON_COLOR_NAMES), and RAM keeps what the specs read from a state:
//   $02 / $03  controller 1 / 2 this frame        $10-$11  frames since power-on (16 bit)
//   $04 / $05  colour index of the left / right half
import type { Page } from 'playwright-core'
import { buildRom, nromSource } from './nrom-program'
import { readFrame } from './frames'
import { BUTTON_COLORS, STANDARD_BUTTON_ORDER, nearestNesColor } from './nes-colors'
import type { NesColorName } from './nes-colors'

const START_COLOR = 0x00 // grey

/** Reads controller `port` ($4016/$4017) into `into`, then sets `color` from the buttons held. */
function readPad(port: string, into: string, color: string, label: string): string {
  return `  ldx #0
${label}_read:
  lda ${port}
  and #1
  beq ${label}_next
  lda table,x
  sta ${color}
  lda ${into}
  ora bits,x
  sta ${into}
${label}_next:
  inx
  cpx #8
  bne ${label}_read
`
}

export const TWO_PAD_SOURCE = nromSource({
  mirroring: 1,
  init: `  lda #$20            ; nametable 0: tile 0 on the left 16 columns, tile 1 on the right 16
  sta $2006
  lda #$00
  sta $2006
  ldy #30
row:
  ldx #16
  lda #0
left:
  sta $2007
  dex
  bne left
  ldx #16
  lda #1
right:
  sta $2007
  dex
  bne right
  dey
  bne row
  ldx #64             ; attributes: palette 0 everywhere
  lda #0
attr:
  sta $2007
  dex
  bne attr
  lda #${START_COLOR}
  sta $04
  sta $05
  lda #0
  sta $2006
  sta $2006
  lda #%00001010      ; background on, also in the left 8 pixels
  sta $2001
`,
  nmi: `  lda #1              ; strobe both controllers
  sta $4016
  lda #0
  sta $4016
  sta $02
  sta $03
${readPad('$4016', '$02', '$04', 'p1')}  lda #1
  sta $4016
  lda #0
  sta $4016
${readPad('$4017', '$03', '$05', 'p2')}  inc $10
  bne counted
  inc $11
counted:
  lda #$3F            ; palette: backdrop = left colour, background colour 1 = right colour
  sta $2006
  lda #$00
  sta $2006
  lda $04
  sta $2007
  lda $05
  sta $2007
  lda #0
  sta $2006
  sta $2006
  sta $2005
  sta $2005`,
  data: `table:
  .db ${STANDARD_BUTTON_ORDER.map((b) => `$${BUTTON_COLORS[b].toString(16).padStart(2, '0')}`).join(', ')}
bits:
  .db $80, $40, $20, $10, $08, $04, $02, $01
`,
  // Tile 0 blank, tile 1 solid colour 1 (both written in full: unwritten CHR bytes are $FF).
  chr: `  .db $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00, $00
  .db $FF, $FF, $FF, $FF, $FF, $FF, $FF, $FF, $00, $00, $00, $00, $00, $00, $00, $00
`,
})

export function buildTwoPadRom(): Uint8Array {
  return buildRom(TWO_PAD_SOURCE)
}

export interface Halves {
  left: NesColorName
  right: NesColorName
}

/** The colours of the left and right halves of the game's raw frame (each must be uniform). */
export async function readHalves(page: Page): Promise<Halves | undefined> {
  const { samples } = await readFrame(page)
  const side = (fromColumn: number) => {
    const names = samples
      .filter((_, i) => i % 8 >= fromColumn && i % 8 < fromColumn + 4)
      .map((rgb) => nearestNesColor(rgb).name)
    return names.every((n) => n === names[0]) ? names[0] : undefined
  }
  const left = side(0)
  const right = side(4)
  return left && right ? { left, right } : undefined
}

/** Waits until the halves show `expected` (polling the raw frame); returns the last reading. */
export async function waitForHalves(
  page: Page,
  expected: Halves,
  timeoutMs = 10_000,
): Promise<Halves | undefined> {
  const deadline = Date.now() + timeoutMs
  let last = await readHalves(page)
  while (
    !(last?.left === expected.left && last.right === expected.right) &&
    Date.now() < deadline
  ) {
    await page.waitForTimeout(100)
    last = await readHalves(page)
  }
  return last
}
