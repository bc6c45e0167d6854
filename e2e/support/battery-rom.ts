// A battery-backed test ROM (NROM, .inesmir 3: vertical mirroring + battery), built by our own assembler:
// every START press adds one to the count in save RAM at $6000, and the backdrop colour shows the count
// (so a person can see it too). $10-$11 count frames since power-on, for rewind checks. $00 holds the pad as
// the game last read it (bit 4 is START).
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

/** `length` bytes of the running game's CPU memory from `address`. */
function readGameMemory(page: Page, address: number, length: number): Promise<number[]> {
  return page.evaluate(
    async ([from, count]) => Array.from(await window.gameInstance!.readMemory(from, count)),
    [address, length] as const,
  )
}

/** The START count the game keeps in save RAM ($6000). */
export async function readStartCount(page: Page): Promise<number> {
  const [count = 0] = await readGameMemory(page, 0x6000, 1)
  return count
}

/** Frames since power-on ($10-$11). */
export async function readFrameCounter(page: Page): Promise<number> {
  const [lo = 0, hi = 0] = await readGameMemory(page, 0x10, 2)
  return lo | (hi << 8)
}

const START_BIT = 0x10
/** How long a press may take to reach the game: generous, a loaded 2-core machine runs it at 7 FPS. */
const SEEN_TIMEOUT_MS = 20_000

/** The pad byte the game last read ($00, A in bit 7 … RIGHT in bit 0). */
async function readPad(page: Page): Promise<number> {
  const [pad = 0] = await readGameMemory(page, 0x00, 1)
  return pad
}

/** Polls `seen` until it holds; throws `what` when it has not after SEEN_TIMEOUT_MS. */
async function untilGameSees(
  page: Page,
  seen: () => Promise<boolean>,
  what: string,
): Promise<void> {
  const deadline = Date.now() + SEEN_TIMEOUT_MS
  while (!(await seen())) {
    if (Date.now() > deadline)
      throw new Error(`the game did not see ${what} in ${SEEN_TIMEOUT_MS} ms`)
    await page.waitForTimeout(16)
  }
}

/**
 * Presses START `times` times with the keyboard (Enter) and returns the game's START count after. Each press
 * lasts until the game has read START held and counted it, and each release until the game has read START
 * up, however slowly the game runs: a press of fixed length (120 ms) can fall between two of the game's
 * reads of the pad when it runs at 7 FPS. A press that never reaches the game throws.
 */
export async function pressStart(page: Page, times: number): Promise<number> {
  let count = await readStartCount(page)
  for (let i = 0; i < times; i++) {
    const wanted = count + 1
    await page.keyboard.down('Enter')
    await untilGameSees(
      page,
      async () => (await readStartCount(page)) >= wanted,
      `START press ${i + 1} of ${times} (count ${count})`,
    )
    await page.keyboard.up('Enter')
    await untilGameSees(
      page,
      async () => ((await readPad(page)) & START_BIT) === 0,
      `START released after press ${i + 1}`,
    )
    count = await readStartCount(page)
  }
  return count
}
