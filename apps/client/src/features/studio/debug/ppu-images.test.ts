import { describe, expect, it } from 'vitest'
// eslint-disable-next-line no-restricted-imports -- the test builds its ROM with our assembler
import { assemble } from '@nes-studio/assembler'
import { DebugEngine } from '../../../emulator/debug/debug-engine'
import { nesColor } from '../../../emulator/debug/nes-palette'
import { nametablesRgba, oamSprites, paletteColors, patternTableRgba } from './ppu-images'

// Sets background palette 0 to black, red, green, blue; tile 0 has rows of colour 1 and 2, tile 1 is colour 3.
const PROGRAM = `  .inesprg 1
  .ineschr 1
  .inesmap 0
  .inesmir 1
  .bank 0
  .org $C000
RESET:
  sei
  ldx #$FF
  txs
  lda #$3F
  sta $2006
  lda #$00
  sta $2006
  ldx #0
copy:
  lda colours,x
  sta $2007
  inx
  cpx #4
  bne copy
done:
  jmp done
NMI:
  rti
colours:
  .db $0F,$16,$2A,$12
  .bank 1
  .org $FFFA
  .dw NMI, RESET, 0
  .bank 2
  .org $0000
  .db $FF,$00,$FF,$00,$FF,$00,$FF,$00,$00,$FF,$00,$FF,$00,$FF,$00,$FF
  .db $FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF
  .db $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
`

function ppuAfterStart() {
  const result = assemble({
    main: 'main.asm',
    files: { 'main.asm': new TextEncoder().encode(PROGRAM) },
  })
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '))
  const engine = new DebugEngine(result.rom)
  engine.runToStop({ kind: 'frames', count: 2 })
  return engine.ppuState()
}

const pixel = (rgba: Uint8ClampedArray, width: number, x: number, y: number) => [
  ...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 3),
]

describe('PPU images', () => {
  const ppu = ppuAfterStart()

  it('reads the palette the program wrote', () => {
    expect([...ppu.palette.subarray(0, 4)]).toEqual([0x0f, 0x16, 0x2a, 0x12])
    expect(paletteColors(ppu.palette, 0)).toEqual([0x0f, 0x16, 0x2a, 0x12])
  })

  it('draws the pattern table in the chosen palette', () => {
    const table = patternTableRgba(ppu, 0, 0)
    expect(pixel(table, 128, 0, 0)).toEqual(nesColor(0x16))
    expect(pixel(table, 128, 7, 1)).toEqual(nesColor(0x2a))
    expect(pixel(table, 128, 8, 0)).toEqual(nesColor(0x12)) // tile 1
    expect(pixel(table, 128, 16, 0)).toEqual(nesColor(0x0f)) // tile 2 is colour 0: the backdrop
  })

  it('draws the nametables from the background tiles (all tile 0 at power on here)', () => {
    const nt = nametablesRgba(ppu)
    expect(nt.length).toBe(512 * 480 * 4)
    expect(ppu.vram[0x2000]).toBe(0)
    expect(ppu.vram[0x23c0]).toBe(0) // attribute: palette 0
    expect(pixel(nt, 512, 0, 0)).toEqual(nesColor(0x16))
    expect(pixel(nt, 512, 0, 1)).toEqual(nesColor(0x2a))
  })

  it('lists 64 sprites with their attributes', () => {
    const oam = new Uint8Array(256)
    oam.set([10, 0x21, 0xe2, 40])
    const [first] = oamSprites(oam)
    expect(first).toEqual({
      index: 0,
      x: 40,
      y: 11,
      tile: 0x21,
      palette: 2,
      flipH: true,
      flipV: true,
      behind: true,
    })
    expect(oamSprites(oam)).toHaveLength(64)
  })
})
