// The debugger specs' helpers (studio-debug.spec.ts, studio-debug-touch.spec.ts): the program written into the
// studio, where it stops, and the programs and clicks of "Check on both cores".
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEBUG_MAIN, DEBUG_SUB, fnsLabels, lineOf } from './debug-program'
import { setEditorText, tab } from './studio-page'

export const hex4 = (n: number) => `$${n.toString(16).toUpperCase().padStart(4, '0')}`
export const labels = fnsLabels()
export const BUMP = labels.get('Bump')!
export const JSR_LINE = lineOf(DEBUG_MAIN, 'jsr Bump')
export const BUMP_LINE = lineOf(DEBUG_SUB, 'Bump:')
export const INC_LINE = lineOf(DEBUG_SUB, 'inc counter')

/** Writes the program: sub.asm as a new file, main.asm replaced. */
export async function writeProgram(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/editor`)
  await page.locator('.cm-content').waitFor()
  await page.getByPlaceholder('New file name...').fill('sub.asm')
  await page.getByPlaceholder('New file name...').press('Enter')
  await tab(page, 'sub.asm').click()
  await setEditorText(page, DEBUG_SUB)
  await tab(page, 'main.asm').click()
  await setEditorText(page, DEBUG_MAIN)
}

/** Puts the cursor on a 1-based line of the shown file and presses F9. */
export async function toggleBreakpoint(page: Page, line: number): Promise<void> {
  await page
    .locator('.cm-line')
    .nth(line - 1)
    .click()
  await page.keyboard.press('F9')
}

export async function stoppedAt(
  page: Page,
  file: 'main.asm' | 'sub.asm',
  line: number,
): Promise<void> {
  const status = page.getByTestId('debug-status')
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toContain(`at ${file}:${line}`)
  await expect.poll(() => tab(page, file).getAttribute('aria-selected')).toBe('true')
  const current = page.locator('.cm-debug-current-line')
  await expect.poll(() => current.count()).toBe(1)
  // The line's text from the program itself: CodeMirror leaves out lines far above the window (on a
  // phone the page is scrolled down to the debugger's buttons), so the nth .cm-line is not line n.
  const source = { 'main.asm': DEBUG_MAIN, 'sub.asm': DEBUG_SUB }[file]
  if (source === undefined) throw new Error(`No program for ${file}`)
  const text = source.split('\n')[line - 1] ?? ''
  expect(await current.textContent()).toBe(text)
  // the panel shows the same line beside its buttons
  expect(await page.getByTestId('debug-stopped-line').textContent()).toBe(
    `${file}:${line}${text.trim()}`,
  )
}

/** On a touch phone: DEBUG with a tap, then Pause with another once it runs. */
export async function tapDebugThenPause(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Debug/ }).tap()
  const status = page.getByTestId('debug-status')
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Running')
  await page.getByRole('button', { name: /Pause/ }).tap()
  await expect.poll(() => status.textContent()).toMatch(/^Stopped at /)
}

export const reg = (page: Page, name: string) => page.getByTestId(`reg-${name}`).textContent()

/**
 * An NROM program for "Check on both cores": clears the nametable (tile 0 is blank), turns the background on and
 * writes colour `COLOUR` to the backdrop ($3F00) in every NMI. `SAVE` runs first, before anything is cleared.
 */
export function backdropProgram(save: string, colour: string): string {
  return `  .inesprg 1
  .ineschr 1
  .inesmap 0
  .inesmir 1
  .bank 0
  .org $C000
RESET:
  sei
  cld
  ldx #$FF
  txs
${save}
  lda #0
  sta $2000
  sta $2001
vblank1:
  bit $2002
  bpl vblank1
vblank2:
  bit $2002
  bpl vblank2
  lda #$20
  sta $2006
  lda #$00
  sta $2006
  ldy #4
  ldx #0
  lda #0
clear:
  sta $2007
  inx
  bne clear
  dey
  bne clear
  lda #0
  sta <$10
  lda #$80
  sta $2000
  lda #$08
  sta $2001
idle:
  jmp idle
NMI:
  inc <$10
  lda #$3F
  sta $2006
  lda #$00
  sta $2006
${colour}
  and #$3F
  sta $2007
  lda #0
  sta $2006
  sta $2006
  sta $2005
  sta $2005
  rti
  .bank 1
  .org $FFFA
  .dw NMI
  .dw RESET
  .dw 0
  .bank 2
  .org $0000
  .db 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
`
}

/**
 * Shows NES colour (frame number & $3F) in every frame: all 64 colours, each frame another, under no colour emphasis
 * in frames 0-63, then red emphasis, green, and all three ($2001 bits 5-7), 64 frames each. Before the comparison
 * knew emphasis, every pixel of an emphasised frame differed (issue 23: "57344 pixels differ" on a simple program).
 */
export const COLOUR_CYCLE = backdropProgram(
  '',
  `  lda <$10
  lsr a
  lsr a
  lsr a
  lsr a
  lsr a
  lsr a
  tax
  lda emphasis,x
  sta $2001
  lda <$10
  jmp shown
emphasis:
  .db $08, $28, $48, $E8
shown:`,
)
/**
 * Shows the power-on value of RAM $0008 as the backdrop colour. The cores disagree on it: jsnes 3.0.0 starts RAM
 * filled with $FF except $0008-$000A and $000F ($F7 $EF $DF $BF), fceumm fills all of it with $FF.
 */
export const POWER_ON_RAM = backdropProgram('  lda $0008\n  sta $0300', '  lda $0300')

export async function checkOnBothCores(page: Page, tap = false): Promise<string> {
  const button = page.getByRole('button', { name: 'CHECK ON BOTH CORES' })
  await (tap ? button.tap() : button.click())
  await expect.poll(() => page.getByTestId('core-check-progress').count()).toBe(1)
  const result = page.getByTestId('core-check-result')
  await result.waitFor({ timeout: 90_000 })
  return (await result.textContent()) ?? ''
}

/** The [r, g, b] at (x, y) of a result picture (256×224 canvas). */
export function pixelOf(page: Page, label: RegExp, x: number, y: number): Promise<number[]> {
  return page
    .getByLabel(label)
    .evaluate(
      (c: HTMLCanvasElement, [px, py]) => [
        ...c.getContext('2d')!.getImageData(px!, py!, 1, 1).data.slice(0, 3),
      ],
      [x, y],
    )
}

/**
 * The result's three pictures (jsnes, fceumm, where they differ) are all shown whole: inside the page's width, at
 * least 200 px wide (the picture readable), and none over another.
 */
export async function expectSideBySide(page: Page): Promise<void> {
  const canvases = page.locator('.core-check__picture canvas')
  expect(await canvases.count()).toBe(3)
  const boxes = await canvases.evaluateAll((list) =>
    list.map((c) => c.getBoundingClientRect().toJSON() as DOMRect),
  )
  const width = await page.evaluate(() => document.documentElement.clientWidth)
  for (const box of boxes) {
    expect(box.width).toBeGreaterThanOrEqual(200)
    expect(box.left).toBeGreaterThanOrEqual(0)
    expect(box.right).toBeLessThanOrEqual(width)
  }
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
  for (let i = 0; i < 3; i++)
    for (let j = i + 1; j < 3; j++) expect(overlaps(boxes[i]!, boxes[j]!)).toBe(false)
}
