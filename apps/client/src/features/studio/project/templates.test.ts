import { describe, expect, it } from 'vitest'
import { chrTextToBytes } from './chr-text'
import { CHR_TEMPLATE, INCLUDE_TEMPLATE, MAIN_TEMPLATE, fileTypeOf, templateFor } from './templates'

describe('templates', () => {
  it('gives .chr files the CHR template, .asm files the button include, others nothing', () => {
    expect(templateFor('tiles.chr')).toBe(CHR_TEMPLATE)
    expect(templateFor('TILES.CHR')).toBe(CHR_TEMPLATE)
    expect(templateFor('buttons.asm')).toBe(INCLUDE_TEMPLATE)
    expect(templateFor('data.bin')).toBe('')
    expect(templateFor('notes.txt')).toBe('')
  })

  it('types main.asm as main, .chr as chr, the rest as include', () => {
    expect(fileTypeOf('main.asm')).toBe('include') // only the project marks its main file
    expect(fileTypeOf('gfx/sprites.chr')).toBe('chr')
    expect(fileTypeOf('other.asm')).toBe('include')
    expect(fileTypeOf('data.bin')).toBe('include')
  })

  it('main template is NROM with 1 PRG and 1 CHR bank and a green backdrop', () => {
    expect(MAIN_TEMPLATE).toMatch(/^\s+\.inesprg 1\b/m)
    expect(MAIN_TEMPLATE).toMatch(/^\s+\.ineschr 1\b/m)
    expect(MAIN_TEMPLATE).toMatch(/^\s+\.inesmap 0\b/m)
    expect(MAIN_TEMPLATE).toMatch(/^\s+\.db \$2A,/m)
  })

  it('include template defines the eight button masks', () => {
    const names = [...INCLUDE_TEMPLATE.matchAll(/^(BUTTON_\w+)\s*=\s*%([01]{8})/gm)]
    expect(names.map((m) => m[1])).toEqual([
      'BUTTON_A',
      'BUTTON_B',
      'BUTTON_SELECT',
      'BUTTON_START',
      'BUTTON_UP',
      'BUTTON_DOWN',
      'BUTTON_LEFT',
      'BUTTON_RIGHT',
    ])
    expect(names.map((m) => Number.parseInt(m[2]!, 2))).toEqual([128, 64, 32, 16, 8, 4, 2, 1])
  })

  it('CHR template converts to one 8 KB bank: tiles then zero fill', () => {
    const { bytes, problems } = chrTextToBytes(CHR_TEMPLATE)
    expect(problems).toEqual([])
    expect(bytes.length).toBe(8192)
    expect([...bytes.subarray(0, 16)]).toEqual(new Array(16).fill(0))
    // tile 1: colour 1 everywhere -> plane 0 all ones, plane 1 all zeros
    expect([...bytes.subarray(16, 32)]).toEqual([
      ...new Array(8).fill(0xff),
      ...new Array(8).fill(0),
    ])
    expect(bytes.subarray(48).every((b) => b === 0)).toBe(true)
  })
})
