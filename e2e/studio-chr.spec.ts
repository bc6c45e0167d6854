// The CHR tile editor's line and selection tools and its project palettes (issue 12), on a desktop with a mouse and
// on a touch phone (real touch events through the DevTools protocol), against the real studio: each change is
// checked in the tile bytes the studio saved, and the palette in the pixels the editor's canvas shows.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { usePageSuite } from './support/page-suite'
import { savedFiles, setEditorText, tab } from './support/studio-page'
import { TILE_PROGRAM } from './support/studio-programs'
import { tilePixel } from './support/studio-chr'
import { STUDIO_DEVICES, gotoStudio, press } from './support/studio-workspace'
import type { StudioDevice } from './support/studio-workspace'

const suite = usePageSuite()

/** NES colours as the editor draws them (FCEUX palette). */
const RGB = {
  0x0f: [0x00, 0x00, 0x00],
  0x14: [0xd8, 0x00, 0xcc],
  0x22: [0x68, 0x88, 0xfc],
  0x30: [0xfc, 0xfc, 0xfc],
} as const

/** TILE_PROGRAM with 32 bytes of palette data under a label, in bank 0. */
const PALETTE_PROGRAM = TILE_PROGRAM.replace(
  'NMI:\n',
  [
    'game_palette:',
    '  .db $22,$05,$1A,$30, $22,$0F,$27,$17 ; BG 0, BG 1',
    '  .db $22,$0F,$16,$30, %00100010,$0F,$16,$30',
    '  .db $22,$0F,$12,$30, $22,$14,$2A,$38, 34,15,22,48, $22,$0F,$16,$30',
    'NMI:',
    '',
  ].join('\n'),
)

/** CHR text (rows of 8 pixels, `.fill N`) to tile bytes, as the studio's .incbin reads it. */
function chrTextBytes(text: string): Uint8Array {
  const out: number[] = []
  let rows: string[] = []
  for (const raw of text.split('\n')) {
    const line = raw.split(';')[0]!.trim()
    const fill = /^\.fill\s+(\d+)$/.exec(line)
    if (fill) while (out.length < Number(fill[1])) out.push(0)
    if (!/^[0-3.]{8}$/.test(line)) continue
    rows.push(line.replace(/\./g, '0'))
    if (rows.length < 8) continue
    for (const plane of [0, 1]) {
      for (const row of rows) {
        out.push([...row].reduce((b, c) => (b << 1) | ((Number(c) >> plane) & 1), 0))
      }
    }
    rows = []
  }
  return Uint8Array.from(out)
}

/** Every non-zero pixel of pattern table 0 of the saved tiles.chr, as "x,y=colour". */
async function savedPixels(page: Page): Promise<string[]> {
  const bytes = chrTextBytes((await savedFiles(page))['tiles.chr'] ?? '')
  const out: string[] = []
  for (let y = 0; y < 128; y += 1)
    for (let x = 0; x < 128; x += 1) {
      const c = tilePixel(bytes, (y >> 3) * 16 + (x >> 3), x & 7, y & 7)
      if (c !== 0) out.push(`${x},${y}=${c}`)
    }
  return out
}

const row = (y: number, from: number, to: number, colour: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${from + i},${y}=${colour}`)

/** The RGB the canvas shows for a pixel of a table (128 pixels a side) or of the single tile (8). */
function canvasRgb(canvas: Locator, x: number, y: number, side = 128): Promise<number[]> {
  return canvas.evaluate(
    (element, [px, py, n]) => {
      const c = element as HTMLCanvasElement
      const scale = c.width / n!
      const at = [Math.floor((px! + 0.5) * scale), Math.floor((py! + 0.5) * scale)]
      return [...c.getContext('2d')!.getImageData(at[0]!, at[1]!, 1, 1).data.slice(0, 3)]
    },
    [x, y, side],
  )
}

/** A pointer drag over a pattern table (or the large tile view: side 8), in its pixels: the mouse, or one finger (real touch events). */
async function startDrag(
  device: StudioDevice,
  page: Page,
  canvas: Locator,
  from: [number, number],
  side = 128,
) {
  await canvas.scrollIntoViewIfNeeded()
  const box = (await canvas.boundingBox())!
  const border = 3
  const point = ([px, py]: [number, number]) => ({
    x: box.x + border + ((px + 0.5) * (box.width - 2 * border)) / side,
    y: box.y + border + ((py + 0.5) * (box.height - 2 * border)) / side,
  })
  const cdp = device.isTouch ? await page.context().newCDPSession(page) : undefined
  const touch = (type: 'touchStart' | 'touchMove', p: { x: number; y: number }) =>
    cdp!.send('Input.dispatchTouchEvent', { type, touchPoints: [{ ...p, id: 1 }] })
  const start = point(from)
  let last = start
  if (cdp) await touch('touchStart', start)
  else {
    await page.mouse.move(start.x, start.y)
    await page.mouse.down()
  }
  return {
    async moveTo(to: [number, number]) {
      const p = point(to)
      if (cdp) {
        for (let i = 1; i <= 4; i += 1) {
          await touch('touchMove', {
            x: last.x + ((p.x - last.x) * i) / 4,
            y: last.y + ((p.y - last.y) * i) / 4,
          })
        }
      } else await page.mouse.move(p.x, p.y, { steps: 4 })
      last = p
    },
    async end() {
      if (cdp) {
        // The finger rests before it lifts, as a finger placing something does: lifting while moving would start a
        // fling, and Chromium turns the next tap into a fling stop instead of a click.
        await page.waitForTimeout(150)
        await touch('touchMove', last)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
        await cdp.detach()
      } else await page.mouse.up()
    },
  }
}

async function drag(
  device: StudioDevice,
  page: Page,
  canvas: Locator,
  from: [number, number],
  to: [number, number],
) {
  const d = await startDrag(device, page, canvas, from)
  await d.moveTo(to)
  await d.end()
}

/** Opens tiles.chr of the program, blank, in the tile editor. */
async function openTiles(page: Page, device: StudioDevice, program: string) {
  page.on('dialog', (dialog) => void dialog.accept())
  await gotoStudio(page, suite.baseUrl)
  await setEditorText(page, program)
  await tab(page, 'tiles.chr').waitFor()
  await press(device, tab(page, 'tiles.chr'))
  await setEditorText(page, '; blank\n.fill 8192\n')
  await press(device, page.getByRole('button', { name: 'Tiles', exact: true }))
  return page.getByLabel('Pattern table 0')
}

describe.each(STUDIO_DEVICES)('CHR tile editor on $name', (device) => {
  it('draws a line (previewed while dragging, one undo step), then selects, moves, copies, pastes and clears', async () => {
    const page = await suite.open(device.options)
    const table = await openTiles(page, device, TILE_PROGRAM)
    const key = async (name: string, button: string) => {
      if (device.isTouch)
        await press(device, page.getByRole('button', { name: button, exact: true }))
      else await page.keyboard.press(name)
    }
    await press(device, page.getByRole('button', { name: 'Colour 3' }))
    await press(device, page.getByRole('button', { name: 'Line', exact: true }))
    const line = await startDrag(device, page, table, [2, 3])
    await line.moveTo([20, 3])
    await expect.poll(() => canvasRgb(table, 20, 3)).toEqual(RGB[0x30])
    await line.moveTo([12, 3]) // the preview follows: the longer line is gone
    await expect.poll(() => canvasRgb(table, 20, 3)).toEqual(RGB[0x0f])
    await line.end()
    const drawn = row(3, 2, 12, 3)
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(drawn)
    await press(device, page.getByRole('button', { name: 'Undo' }))
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual([])
    await press(device, page.getByRole('button', { name: 'Redo' }))
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(drawn)

    // Select the top rows of tiles $00-$01 and drag the selection 16 right, 8 down: the old place becomes colour 0.
    await press(device, page.getByRole('button', { name: 'Select', exact: true }))
    await drag(device, page, table, [0, 0], [15, 7])
    await drag(device, page, table, [5, 3], [21, 11])
    const moved = row(11, 18, 28, 3)
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(moved)

    // Copy, paste (it floats at the selection's place), drag the paste 24 down and place it.
    await key('ControlOrMeta+C', 'Copy')
    await key('ControlOrMeta+V', 'Paste')
    await page.getByRole('button', { name: 'Place' }).waitFor()
    await drag(device, page, table, [20, 11], [20, 35])
    await expect.poll(() => canvasRgb(table, 18, 35)).toEqual(RGB[0x30])
    expect(await savedPixels(page)).toEqual(moved) // not placed yet
    await key('Enter', 'Place')
    const pasted = [...moved, ...row(35, 18, 28, 3)]
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(pasted)

    // Delete clears the placed paste (the selection now); Undo brings it back; Escape drops the selection.
    await key('Delete', 'Clear')
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(moved)
    await press(device, page.getByRole('button', { name: 'Undo' }))
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(pasted)
    await key('Escape', 'Deselect')
    expect(await page.getByRole('button', { name: 'Copy' }).isDisabled()).toBe(true)
    // Two more undo steps: the paste, then the move.
    await press(device, page.getByRole('button', { name: 'Undo' }))
    await press(device, page.getByRole('button', { name: 'Undo' }))
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(drawn)
  })

  it("offers the project's sub-palettes with their file:line, and the canvas draws in them", async () => {
    const page = await suite.open(device.options)
    const table = await openTiles(page, device, PALETTE_PROGRAM)
    const line = PALETTE_PROGRAM.split('\n').indexOf('game_palette:') + 1
    const palettes = page.getByRole('group', { name: 'Project palettes' })
    expect(await palettes.getByText(`game_palette from main.asm:${line}`).isVisible()).toBe(true)
    const names = await palettes
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))
    expect(names).toEqual(
      ['BG 0', 'BG 1', 'BG 2', 'BG 3', 'SPR 0', 'SPR 1', 'SPR 2', 'SPR 3'].map(
        (n) => `${n} from main.asm:${line}`,
      ),
    )
    // The project's BG 0 is in use from the start: colour 0 is its backdrop $22.
    const bg0 = palettes.getByRole('button', { name: `BG 0 from main.asm:${line}` })
    expect(await bg0.getAttribute('aria-pressed')).toBe('true')
    expect(await canvasRgb(table, 0, 0)).toEqual(RGB[0x22])

    // SPR 1 is $22,$14,$2A,$38: colour 1 draws in $14.
    await press(device, palettes.getByRole('button', { name: `SPR 1 from main.asm:${line}` }))
    await press(device, page.getByRole('button', { name: 'Colour 1' }))
    await drag(device, page, table, [9, 1], [9, 1])
    await expect.poll(() => canvasRgb(table, 9, 1)).toEqual(RGB[0x14])
    const tile = page.getByLabel('Tile $01') // the large view shows the tile drawn on
    expect(await canvasRgb(tile, 1, 1, 8)).toEqual(RGB[0x14])
    expect(await canvasRgb(tile, 0, 0, 8)).toEqual(RGB[0x22])
    expect(await page.getByLabel('NES colour of colour 1').inputValue()).toBe(String(0x14))
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(['9,1=1'])
    // The large view draws on its own 8 x 8 pixels: its pixel (6, 2) is pixel (14, 2) of the table.
    const dot = await startDrag(device, page, tile, [6, 2], 8)
    await dot.end()
    await expect.poll(() => savedPixels(page), { timeout: 10_000 }).toEqual(['9,1=1', '14,2=1'])

    // The free NES choice still works, and the project palette is no longer marked as the one in use.
    await page.getByLabel('NES colour of colour 1').selectOption(String(0x30))
    await expect.poll(() => canvasRgb(table, 9, 1)).toEqual(RGB[0x30])
    expect(await bg0.getAttribute('aria-pressed')).toBe('false')
  })
})
