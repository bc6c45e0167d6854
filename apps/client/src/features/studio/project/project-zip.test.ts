import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { addFile, createDefaultProject } from './project-files'
import { projectToZip, zipToProject } from './project-zip'
import { CHR_TEMPLATE } from './templates'

const chrBytes = Uint8Array.from({ length: 8192 }, (_, i) => (i * 37) & 0xff)
const binBytes = Uint8Array.from([0x4e, 0x45, 0x53, 0x1a, 0, 1, 2, 0xff])

describe('project zip', () => {
  it('imports a NESASM project: folder stripped, binary .chr/.bin kept byte-exact, round-trips', () => {
    const zip = zipSync({
      'mygame/main.asm': strToU8('  .inesprg 1\n  .incbin "mario.chr"\n'),
      'mygame/mario.chr': chrBytes,
      'mygame/data/level.bin': binBytes,
      'mygame/readme': strToU8('hello'),
    })
    const imported = zipToProject(zip, 'mygame')
    if (!imported.ok) throw new Error(imported.message)
    const files = imported.project.files
    expect(files.map((f) => [f.filename, f.type, f.binary !== undefined])).toEqual([
      ['main.asm', 'main', false],
      ['mario.chr', 'chr', true],
      ['data/level.bin', 'include', true],
      ['readme', 'include', false],
    ])
    const again = unzipSync(projectToZip(imported.project))
    expect([...again['mario.chr']!]).toEqual([...chrBytes])
    expect([...again['data/level.bin']!]).toEqual([...binBytes])
    expect(new TextDecoder().decode(again['main.asm'])).toBe(
      '  .inesprg 1\n  .incbin "mario.chr"\n',
    )
  })

  it('round-trips a studio project, with CHR text staying text', () => {
    const added = addFile(createDefaultProject(), 'tiles.chr')
    if (!added.ok) throw new Error('add failed')
    const back = zipToProject(projectToZip(added.project), 'again')
    if (!back.ok) throw new Error(back.message)
    expect(back.project.files.map((f) => [f.filename, f.content])).toEqual(
      added.project.files.map((f) => [f.filename, f.content]),
    )
    expect(back.project.files[1]!.content).toBe(CHR_TEMPLATE)
  })

  it('keeps Latin-1 sources byte-exact', () => {
    const latin = Uint8Array.from([0x3b, 0xe9, 0x0a])
    const imported = zipToProject(zipSync({ 'main.asm': latin }), 'x')
    if (!imported.ok) throw new Error(imported.message)
    expect([...unzipSync(projectToZip(imported.project))['main.asm']!]).toEqual([...latin])
  })

  it('renames the iNES source to main.asm when there is none', () => {
    const imported = zipToProject(
      zipSync({ 'lib.asm': strToU8('x = 1\n'), 'game.asm': strToU8('  .inesprg 1\n') }),
      'g',
    )
    expect(imported.ok && imported.renamedMain).toBe('game.asm')
    expect(imported.ok && imported.project.files.map((f) => f.filename)).toEqual([
      'main.asm',
      'lib.asm',
    ])
  })

  it('refuses archives without sources and files that are not zips', () => {
    expect(zipToProject(zipSync({ 'a.bin': binBytes }), 'x')).toEqual({
      ok: false,
      message: 'The archive has no .asm file.',
    })
    expect(zipToProject(strToU8('not a zip'), 'x').ok).toBe(false)
  })
})
