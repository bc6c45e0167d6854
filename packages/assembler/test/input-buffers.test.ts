// assemble() takes any Uint8Array, including a Node Buffer (whose slice() is a view and which may
// sit inside a shared pool at a non-zero byteOffset): the files are read, never written.
import { describe, expect, it } from 'vitest'
import { assemble } from '../src/index'

const SOURCE = '\t.org $C000\nstart:\tlda #1\n\tjmp start\n'
const ROM = [0xa9, 0x01, 0x4c, 0x00, 0xc0]

describe('input buffers', () => {
  it('leaves a Buffer unchanged', () => {
    const bytes = Buffer.from(SOURCE, 'latin1')
    const r = assemble({ files: { 'main.asm': bytes }, main: 'main.asm' })
    expect(r.ok && [...r.rom.slice(16, 21)]).toEqual(ROM)
    expect(bytes.toString('latin1')).toBe(SOURCE)
  })
  it('reads a view at a non-zero offset of a larger buffer', () => {
    const pool = Buffer.alloc(200, 0x41)
    const bytes = pool.subarray(37, 37 + SOURCE.length)
    bytes.write(SOURCE, 'latin1')
    const r = assemble({ files: { 'main.asm': bytes }, main: 'main.asm' })
    expect(r.stdout).toBe('NES Assembler (v3.1)\n\npass 1\npass 2\n')
    expect(r.ok && [...r.rom.slice(16, 21)]).toEqual(ROM)
    expect(pool.toString('latin1', 37, 37 + SOURCE.length)).toBe(SOURCE)
  })
})
