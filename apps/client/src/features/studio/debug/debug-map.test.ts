import { describe, expect, it } from 'vitest'
// eslint-disable-next-line no-restricted-imports -- the test builds its debug file with our assembler
import { assemble, formatDebugJson } from '@nes-studio/assembler'
import { MAIN_SOURCE, SUB_SOURCE } from '../../../emulator/debug/test-program'
import { isDebugData, toDebugData } from '../build/debug-data'
import { createDebugMap, parseDebugJson } from './debug-map'

const encode = (text: string) => new TextEncoder().encode(text)

function assembleTestProgram() {
  const result = assemble({
    main: 'main.asm',
    files: {
      'main.asm': encode(MAIN_SOURCE.replace('MAPPER', '0').replace('RENDER', '')),
      'sub.asm': encode(SUB_SOURCE),
    },
    options: { debug: true },
  })
  if (!result.ok || !result.debug) throw new Error('test program failed')
  return { rom: result.rom, debug: result.debug }
}

function mapOfTestProgram() {
  return parseDebugJson(formatDebugJson('main.asm', assembleTestProgram().debug))
}

describe("createDebugMap (the build worker's plain debug data)", () => {
  const { rom, debug } = assembleTestProgram()
  // what the worker posts, through a structured clone as postMessage does
  const data = structuredClone(toDebugData('main.asm', debug))
  const map = createDebugMap(data, rom)
  const fromJson = parseDebugJson(formatDebugJson('main.asm', debug), rom)

  it('survives a structured clone and answers as the .dbg.json text does', () => {
    expect(isDebugData(data)).toBe(true)
    expect(data.statements.length).toBe(debug.sourceMap.entries.length * 6)
    expect(map.files).toEqual(fromJson.files)
    expect(map.labels).toEqual(fromJson.labels)
    expect(map.lineMap).toEqual(fromJson.lineMap)
    const bump = map.symbol('Bump')!
    expect(map.lineAt(bump)).toEqual({ file: 'sub.asm', line: 3 })
    expect(map.breakpointOf('sub.asm', 3)).toEqual(fromJson.breakpointOf('sub.asm', 3))
    expect(map.breakpointOf('sub.asm', 3)?.code?.[0]).toBe(0xee) // INC counter (absolute: NESASM needs <counter for zero page)
  })

  it('refuses data of another shape', () => {
    expect(isDebugData({ ...data, statements: [1, 2, 3, 4, 5, 6] })).toBe(false)
    expect(isDebugData({ ...data, statements: new Int32Array(5) })).toBe(false)
    expect(isDebugData({ ...data, files: [1] })).toBe(false)
  })
})

describe('parseDebugJson', () => {
  const map = mapOfTestProgram()
  const bump = map.symbol('Bump')!

  it('maps lines of any file to addresses and back', () => {
    expect(map.files).toEqual(['main.asm', 'sub.asm'])
    expect(map.addressOfLine('sub.asm', 3)).toBe(bump)
    expect(map.lineAt(bump)).toEqual({ file: 'sub.asm', line: 3 })
    expect(map.lineAt(bump + 1)).toEqual({ file: 'sub.asm', line: 3 }) // inside the INC's bytes
    expect(map.lineMap[bump]).toBeGreaterThanOrEqual(0)
    expect(map.lineMap[bump + 1]).toBe(-1)
  })

  it('snaps a line without code to the next line with code', () => {
    expect(map.codeLineAtOrAfter('sub.asm', 1)).toBe(3) // comment, then the label line
    expect(map.codeLineAtOrAfter('sub.asm', 3)).toBe(3)
    expect(map.codeLineAtOrAfter('sub.asm', 7)).toBeUndefined()
    expect(map.codeLineAtOrAfter('main.asm', 18)).toBe(19) // `loop:` alone -> its JSR
  })

  it('names addresses as label+offset and finds RAM symbols', () => {
    expect(map.describeAddress(bump)).toBe('Bump')
    expect(map.describeAddress(bump + 2)).toBe('Bump+2')
    expect(map.describeAddress(0x0005)).toBe('$0005')
    expect(map.symbolsAt(0x10)).toEqual(['counter'])
    expect(map.symbol('playerX')).toBe(0x11)
  })

  it('tells apart lines of two banks at one address by the code there', () => {
    const rom = new Uint8Array(16 + 3 * 0x2000)
    rom.set([0xa9, 0x01], 16) // bank 0: LDA #1 at $8000
    rom.set([0xa2, 0x02], 16 + 2 * 0x2000) // bank 2: LDX #2 at $8000
    const banked = parseDebugJson(
      JSON.stringify({
        format: 'nes-studio-debug',
        version: 1,
        files: ['a.asm'],
        statements: [
          [0, 1, 0, 0x8000, 2, 0],
          [0, 5, 2, 0x8000, 2, 0],
        ],
        labels: [],
      }),
      rom,
    )
    expect(banked.lineAt(0x8000, 0xa9)).toEqual({ file: 'a.asm', line: 1 })
    expect(banked.lineAt(0x8001, 0x01)).toEqual({ file: 'a.asm', line: 1 })
    expect(banked.lineAt(0x8000, 0xa2)).toEqual({ file: 'a.asm', line: 5 })
    expect(banked.lineAt(0x8000)).toEqual({ file: 'a.asm', line: 5 }) // no byte: the last assembled
    expect(banked.breakpointOf('a.asm', 1)).toEqual({
      address: 0x8000,
      code: new Uint8Array([0xa9, 0x01]),
    })
    expect(banked.breakpointOf('a.asm', 5)).toEqual({
      address: 0x8000,
      code: new Uint8Array([0xa2, 0x02]),
    })
    expect(banked.breakpointOf('a.asm', 2)).toBeUndefined()
  })

  it('refuses text that is not a debug file', () => {
    expect(() => parseDebugJson('{"format":"other"}')).toThrow('Not a nes-studio debug file')
    expect(() =>
      parseDebugJson(
        '{"format":"nes-studio-debug","version":1,"files":["a"],"statements":[[0,1]],"labels":[]}',
      ),
    ).toThrow('a statement is [file, line, bank, address, size, macro]')
  })
})
