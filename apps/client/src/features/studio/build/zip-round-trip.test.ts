// Import and export through a zip against the real assembler: a NESASM project with a binary pattern table builds
// the same ROM before and after a round trip, with the pattern table's bytes in the ROM unchanged.
import { assemble } from '@nes-studio/assembler'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { Project } from '../project/project-files'
import { projectToZip, zipToProject } from '../project/project-zip'
import { prepareBuild } from './build-project'

const PROGRAM = `  .inesprg 1
  .ineschr 1
  .inesmap 0
  .bank 0
  .org $C000
RESET:
  jmp RESET
  .bank 1
  .org $FFFA
  .dw RESET, RESET, RESET
  .bank 2
  .org $0000
  .incbin "gfx/tiles.chr"
`

/** A pattern table with some tiles, blank runs between them and a long zero tail. */
const TILES = Uint8Array.from({ length: 8192 }, (_, i) =>
  i < 640 && (i >> 4) % 5 !== 2 ? (i * 29 + 7) & 0xff : 0,
)

function build(project: Project): Uint8Array {
  const prepared = prepareBuild(project)
  if (!prepared.ok) throw new Error(prepared.message)
  const result = assemble(prepared.input)
  if (!result.ok) throw new Error(result.stdout)
  return result.rom
}

function importZip(zip: Uint8Array): Project {
  const imported = zipToProject(zip, 'game')
  if (!imported.ok) throw new Error(imported.message)
  return imported.project
}

function exportZip(project: Project): Uint8Array {
  const exported = projectToZip(project)
  if (!exported.ok) throw new Error(exported.message)
  return exported.zip
}

describe('zip round trip', () => {
  it('a binary .chr becomes CHR text, builds its exact bytes, and export -> import gives the same files and ROM', () => {
    const first = importZip(
      zipSync({ 'game/main.asm': strToU8(PROGRAM), 'game/gfx/tiles.chr': TILES }),
    )
    expect(first.files.every((f) => f.binary === undefined)).toBe(true)
    const rom = build(first)
    expect(rom.length).toBe(16 + 16384 + 8192)
    expect([...rom.subarray(16 + 16384)]).toEqual([...TILES])

    const zip = exportZip(first)
    expect([...unzipSync(zip)['gfx/tiles.chr']!]).toEqual([...TILES])
    const second = importZip(zip)
    expect(second.files.map((f) => [f.filename, f.type, f.content])).toEqual(
      first.files.map((f) => [f.filename, f.type, f.content]),
    )
    expect([...build(second)]).toEqual([...rom])
  })

  it('a project whose main file sits in a subfolder builds the ROM NESASM builds there', () => {
    const files = {
      'src/game.asm': strToU8(
        PROGRAM.replace('gfx/tiles.chr', '..\\gfx\\tiles.chr').replace(
          '  .bank 0\n',
          '  .include "consts.asm"\n  .bank 0\n',
        ),
      ),
      'src/consts.asm': strToU8('SPEED = 2\n'),
      'gfx/tiles.chr': TILES,
    }
    const project = importZip(
      zipSync({
        game: {},
        ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`game/${k}`, v])),
      }),
    )
    expect(project.files.map((f) => f.filename).sort()).toEqual(Object.keys(files).sort())
    const direct = assemble({ files, main: 'src/game.asm' })
    if (!direct.ok) throw new Error(direct.stdout)
    expect([...build(project)]).toEqual([...direct.rom])
  })
})
