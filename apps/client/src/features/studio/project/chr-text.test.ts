import { describe, expect, it } from 'vitest'
import { chrTextToBytes } from './chr-text'

const tile = (rows: string[]) => rows.join('\n')

describe('chrTextToBytes', () => {
  it('encodes a tile like .defchr: plane 0 rows, then plane 1 rows, leftmost pixel in bit 7', () => {
    const rows = [
      '01230123',
      '........',
      '33333333',
      '10000000',
      '00000001',
      '22222222',
      '........',
      '3.......',
    ]
    const { bytes, problems } = chrTextToBytes(tile(rows))
    expect(problems).toEqual([])
    expect([...bytes]).toEqual([
      0b01010101,
      0,
      0xff,
      0x80,
      0x01,
      0x00,
      0,
      0x80, // plane 0
      0b00110011,
      0,
      0xff,
      0x00,
      0x00,
      0xff,
      0,
      0x80, // plane 1
    ])
  })

  it('ignores comments and blank lines, pads with .fill', () => {
    const text = `; header\n\n${tile(new Array(8).fill('11111111'))} ; trailing\n.fill $20\n`
    const { bytes, problems } = chrTextToBytes(text)
    expect(problems).toEqual([])
    expect(bytes.length).toBe(32)
    expect(bytes.subarray(16).every((b) => b === 0)).toBe(true)
  })

  it('reports bad rows with their position', () => {
    const { problems } = chrTextToBytes('........\n  01234567.\n')
    expect(problems[0]).toMatchObject({ line: 2, column: 3, length: 9 })
    expect(problems[0]!.message).toMatch(/row of 8 pixels/)
  })

  it('reports an incomplete last tile and a .fill smaller than the data', () => {
    expect(chrTextToBytes('........\n........').problems[0]).toMatchObject({
      line: 2,
      message: 'Incomplete tile: 2 of 8 rows',
    })
    const over = chrTextToBytes(`${tile(new Array(8).fill('........'))}\n.fill 8`)
    expect(over.problems[0]).toMatchObject({ line: 9 })
    expect(chrTextToBytes('.fill lots').problems[0]!.message).toBe('Invalid .fill size')
  })
})
