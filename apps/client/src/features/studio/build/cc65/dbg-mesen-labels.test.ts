// @vitest-environment node
// Download .mlb for a cc65 project: the labels of a real golden-suite project (nesdoug's MMC1 example: C, five
// switched 16 KB PRG banks all at $8000, a fixed bank at $C000, zero page, BSS and cartridge RAM), built by the
// studio's cc65 build, checked against the label file ld65 itself writes (-Ln labels.txt, which golden.test.ts
// proves byte-identical to native ld65's) and against the ROM's own reset vector.
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadToolchainFromDisk } from '@nes-studio/cc65-wasm/node'
import type { Toolchain } from '@nes-studio/cc65-wasm'
import { mesenLabelBytes } from '../mesen-labels'
import { buildRequest } from './cc65-build'
import { parseBuildScript } from './build-script'
import { parseDbgFile } from './dbg-file'
import { mesenLabelsFromDbg } from './dbg-mesen-labels'
import { runCc65Build } from './run-build'

const PROJECT = fileURLToPath(
  new URL('../../../../../test/fixtures/cc65/projects/nesdoug-32-mmc1/', import.meta.url),
)

function readTree(dir: string, out: Record<string, Uint8Array> = {}) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name)
    if (statSync(full).isDirectory()) readTree(full, out)
    else out[relative(PROJECT, full).split('\\').join('/')] = new Uint8Array(readFileSync(full))
  }
  return out
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

let toolchain: Toolchain
let files: Record<string, Uint8Array>
let rom: Uint8Array
/** name -> CPU addresses, from ld65's `al 00C000 .start` lines */
const ld65 = new Map<string, Set<number>>()
/** name -> [type, address] from the .mlb */
const mlb = new Map<string, [string, number]>()
let mlbText: string

beforeAll(async () => {
  toolchain = await loadToolchainFromDisk()
  files = readTree(PROJECT)
  const parsed = parseBuildScript(text(files['build.sh']))
  if (!parsed.ok) throw new Error(parsed.error.message)
  const build = runCc65Build(toolchain, parsed.commands, files, [], { script: 'build.sh' })
  if (!build.rom) throw new Error(build.log)
  rom = build.rom
  for (const m of text(build.files['labels.txt']).matchAll(/^al ([0-9A-F]{6}) \.(\S+)$/gm)) {
    const set = ld65.get(m[2]!) ?? new Set()
    ld65.set(m[2]!, set.add(parseInt(m[1]!, 16)))
  }
  mlbText = mesenLabelsFromDbg(parseDbgFile(text(build.files['dbg.txt'])), rom)
  for (const m of mlbText.matchAll(/^([PRWS]):([0-9A-F]{4,}):(\S+)$/gm))
    mlb.set(m[3]!, [m[1]!, parseInt(m[2]!, 16)])
}, 120_000)

describe('the Mesen labels of a cc65 build, from ld65’s debug file', { timeout: 120_000 }, () => {
  it('has one well-formed line per label, each a label ld65 writes, in RAM at its address', () => {
    const lines = mlbText.trimEnd().split('\n')
    expect(lines.length).toBeGreaterThan(100)
    expect(mlb.size).toBe(lines.length)
    for (const [name, [type, at]] of mlb) {
      const values = ld65.get(name)
      expect(values, name).toBeDefined()
      if (type === 'R')
        expect(
          [...values!].some((v) => v < 0x2000 && (v & 0x7ff) === at),
          name,
        ).toBe(true)
      if (type === 'W' || type === 'S') expect(values!.has(0x6000 + at), name).toBe(true)
      if (type === 'P') {
        expect(at).toBeLessThan(rom[4]! * 0x4000)
        expect(
          [...values!].some((v) => v >= 0x8000 && (v & 0x1fff) === (at & 0x1fff)),
          name,
        ).toBe(true)
      }
    }
    // C variables in zero page and BSS, the 8 KB array in cartridge RAM (the header has no battery)
    expect(mlb.get('_pad1')).toEqual(['R', [...ld65.get('_pad1')!][0]])
    expect(mlb.get('_wram_array')).toEqual(['W', 0])
  })

  it('places a label of a switched bank at that bank’s offset in PRG ROM, not at its CPU address', () => {
    // function_bank1 and function_bank3 are both at $8006, in the 16 KB banks 1 and 3
    expect([...ld65.get('_function_bank1')!]).toEqual([0x8006])
    expect(mlb.get('_function_bank1')).toEqual(['P', 1 * 0x4000 + 6])
    expect(mlb.get('_function_bank3')).toEqual(['P', 3 * 0x4000 + 6])
    // the reset vector's target is in the fixed last bank
    const prgSize = rom[4]! * 0x4000
    const reset = rom[16 + prgSize - 4]! | (rom[16 + prgSize - 3]! << 8)
    expect(ld65.get('start')).toEqual(new Set([reset]))
    expect(mlb.get('start')).toEqual(['P', prgSize - 0x4000 + (reset - 0xc000)])
    expect(rom[16 + mlb.get('start')![1]]).toBe(0x78) // crt0.s begins with sei
  })

  it('leaves out equates, imports, cheap locals and labels inside a .proc (Mesen names are global)', () => {
    expect(ld65.has('NES_MAPPER')).toBe(true)
    expect(mlb.has('NES_MAPPER')).toBe(false)
    expect(ld65.has('@loop')).toBe(true)
    expect([...mlb.keys()].filter((n) => n.startsWith('@'))).toEqual([])
  })

  it('is what Download .mlb writes for the project’s debug build (the worker’s code)', () => {
    const script = text(files['build.sh'])
    const result = buildRequest(toolchain, {
      type: 'build',
      id: 1,
      files,
      folders: [],
      script,
      debug: true,
    })
    expect(result.debug).toBeDefined()
    expect(text(mesenLabelBytes(result.debug!))).toBe(mlbText)
  })
})
