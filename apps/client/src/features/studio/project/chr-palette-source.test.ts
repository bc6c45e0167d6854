import { describe, expect, it } from 'vitest'
import { findPaletteData, parseNesasmNumber, sourcePlace, subPalettes } from './chr-palette-source'
import type { EditorFile } from './project-files'
import { MAIN_TEMPLATE } from './templates'

let id = 0
const text = (filename: string, content: string): EditorFile => ({
  id: `t${(id += 1)}`,
  filename,
  type: filename === 'main.asm' ? 'main' : 'include',
  content,
})
const binary = (filename: string, bytes: number[]): EditorFile => ({
  ...text(filename, ''),
  binary: Uint8Array.from(bytes),
})
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => (from + i) & 0x3f)

describe('parseNesasmNumber', () => {
  it('reads $hex, 0xhex, %binary with _ and decimal; anything else is undefined', () => {
    expect(parseNesasmNumber('$0F')).toBe(15)
    expect(parseNesasmNumber(' $3f ')).toBe(63)
    expect(parseNesasmNumber('0x21')).toBe(0x21)
    expect(parseNesasmNumber('%0011_0000')).toBe(0x30)
    expect(parseNesasmNumber('48')).toBe(48)
    expect(parseNesasmNumber('012')).toBe(12) // no octal in NESASM
    expect(parseNesasmNumber('$')).toBe(0)
    expect(parseNesasmNumber('COLOUR')).toBeUndefined()
    expect(parseNesasmNumber('$10+1')).toBeUndefined()
    expect(parseNesasmNumber('')).toBeUndefined()
  })
})

describe('findPaletteData', () => {
  it("finds the template's Palette label: 32 bytes over two lines, with its file:line", () => {
    const found = findPaletteData([text('main.asm', MAIN_TEMPLATE)])
    expect(found).toHaveLength(1)
    const line = MAIN_TEMPLATE.split('\n').indexOf('Palette:') + 1
    expect(sourcePlace(found[0]!)).toBe(`main.asm:${line}`)
    expect(found[0]!.label).toBe('Palette')
    expect(found[0]!.colours.slice(0, 4)).toEqual([0x2a, 0x0f, 0x1a, 0x30])
    expect(found[0]!.colours.slice(16, 20)).toEqual([0x2a, 0x0f, 0x16, 0x30])
  })
  it('reads mixed number forms, several values per line, the label on the data line, comments and blank lines', () => {
    const source = [
      'bg_pal: .db $0F, 1, %10, 0x03 ; first',
      '',
      '  ; the rest',
      '  .byte $04,$05,$06,$07, 8,9,10,11',
      '  .db 12,13,14,$3F',
      'next:',
      '  .db $30',
    ].join('\n')
    const found = findPaletteData([text('gfx/colours.inc', source)])
    expect(found.map(sourcePlace)).toEqual(['gfx/colours.inc:1'])
    expect(found[0]!.colours).toEqual([0x0f, ...range(14, 1), 0x3f])
  })
  it('refuses data of the wrong size, values above $3F, symbols, and labels without "pal"', () => {
    const files = [
      text('a.asm', `palA:\n  .db ${range(12).join(',')}\n`), // 12 bytes
      text('b.asm', `palB:\n  .db ${[...range(15), 0x40].join(',')}\n`), // $40 is no NES colour
      text('c.asm', `palC:\n  .db ${[...range(15), 'BLACK'].join(',')}\n`), // a symbol
      text('d.asm', `colours:\n  .db ${range(16).join(',')}\n`), // no "pal" in the name
      text('e.asm', `LoadPalettes:\n  lda $2002\n  .db ${range(16).join(',')}\n`),
      text('f.asm', `palF:\n  .db ${range(32).join(',')}\n  .db 1\n`), // 33 bytes
    ]
    expect(findPaletteData(files)).toEqual([])
  })
  it('finds an .incbin of a 16 or 32 byte file of NES colours, by path or next to the including file', () => {
    const files = [
      text('src/main.asm', 'palette:\n  .incbin "game.pal"\nother:\n  .incbin "gfx/tiles.chr"\n'),
      binary('src/game.pal', range(32, 0x10)),
      binary(
        'gfx/tiles.chr',
        range(32, 0x10).map((v) => v | 0x40),
      ),
    ]
    const found = findPaletteData(files)
    expect(found.map(sourcePlace)).toEqual(['src/main.asm:2'])
    expect(found[0]!.colours).toEqual(range(32, 0x10))
  })
})

describe('subPalettes', () => {
  it('gives BG 0-3 and SPR 0-3 of 32 bytes, colour 0 being the shared backdrop', () => {
    const [source] = findPaletteData([text('main.asm', `pal:\n .db ${range(32, 1).join(',')}\n`)])
    const subs = subPalettes(source!)
    expect(subs.map((s) => s.name)).toEqual([
      ...['BG 0', 'BG 1', 'BG 2', 'BG 3'],
      ...['SPR 0', 'SPR 1', 'SPR 2', 'SPR 3'],
    ])
    expect(subs[0]!.colours).toEqual([1, 2, 3, 4])
    expect(subs[5]!.colours).toEqual([1, 0x16, 0x17, 0x18])
  })
  it('names the four sub-palettes of 16 sprite bytes SPR', () => {
    const [source] = findPaletteData([text('main.asm', `spr_pal:\n .db ${range(16).join(',')}\n`)])
    expect(subPalettes(source!).map((s) => s.name)).toEqual(['SPR 0', 'SPR 1', 'SPR 2', 'SPR 3'])
  })
})
