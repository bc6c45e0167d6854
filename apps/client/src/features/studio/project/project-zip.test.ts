import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { chrTextToBytes } from './chr-text'
import { addFile, createDefaultProject, updateContent } from './project-files'
import type { EditorFile, Project } from './project-files'
import { CHR_TEXT_FOLDER, projectToZip, zipToProject } from './project-zip'
import { CHR_TEMPLATE } from './templates'

const chrBytes = Uint8Array.from({ length: 8192 }, (_, i) => (i * 37) & 0xff)
const binBytes = Uint8Array.from([0x4e, 0x45, 0x53, 0x1a, 0, 1, 2, 0xff])

/** Zips the project and fails the test if the export is refused. */
function exportZip(project: Project): Record<string, Uint8Array> {
  const result = projectToZip(project)
  if (!result.ok) throw new Error(result.message)
  return unzipSync(result.zip)
}

function importFiles(entries: Record<string, Uint8Array>): EditorFile[] {
  const result = zipToProject(zipSync(entries), 'x')
  if (!result.ok) throw new Error(result.message)
  return result.project.files
}

describe('project zip', () => {
  it('imports a NESASM project: folder stripped, binary .chr as CHR text, .bin byte-exact', () => {
    const files = importFiles({
      'mygame/main.asm': strToU8('  .inesprg 1\n  .incbin "mario.chr"\n'),
      'mygame/mario.chr': chrBytes,
      'mygame/data/level.bin': binBytes,
      'mygame/readme': strToU8('hello'),
    })
    expect(files.map((f) => [f.filename, f.type, f.binary !== undefined])).toEqual([
      ['main.asm', 'main', false],
      ['mario.chr', 'chr', false],
      ['data/level.bin', 'include', true],
      ['readme', 'include', false],
    ])
    expect([...chrTextToBytes(files[1]!.content).bytes]).toEqual([...chrBytes])
    const again = exportZip({ name: 'mygame', files })
    expect([...again['mario.chr']!]).toEqual([...chrBytes])
    expect([...again['data/level.bin']!]).toEqual([...binBytes])
    expect(new TextDecoder().decode(again['main.asm'])).toBe(
      '  .inesprg 1\n  .incbin "mario.chr"\n',
    )
  })

  it('opens text files of any name as text, and data files as bytes', () => {
    const text = strToU8('#!/bin/sh\nnesasm main.asm\n')
    const files = importFiles({
      'g/main.asm': strToU8('  rti\n'),
      'g/build.sh': text,
      'g/Makefile': text,
      'g/notes.cfg': text,
      'g/level.nam': text,
      'g/level.dat': Uint8Array.of(1, 0, 2),
    })
    const kinds = files.map((f) => `${f.filename}:${f.binary ? 'binary' : 'text'}`)
    expect(kinds.sort()).toEqual([
      'Makefile:text',
      'build.sh:text',
      'level.dat:binary',
      'level.nam:binary',
      'main.asm:text',
      'notes.cfg:text',
    ])
  })

  it('keeps an all-zero 8 KiB .chr as a short CHR text and exports the same 8192 bytes', () => {
    const files = importFiles({
      'main.asm': strToU8('nop\n'),
      'gfx/bank.chr': new Uint8Array(8192),
    })
    expect(files[1]!.content.split('\n').length).toBeLessThan(12)
    expect([...exportZip({ name: 'x', files })['gfx/bank.chr']!]).toEqual([...new Uint8Array(8192)])
  })

  it('keeps .chr files that are not whole tiles binary and byte-exact', () => {
    const odd = Uint8Array.from({ length: 8191 }, (_, i) => i & 0xff)
    const files = importFiles({ 'main.asm': strToU8('nop\n'), 'odd.chr': odd })
    expect(files[1]!.binary && [...files[1]!.binary]).toEqual([...odd])
    expect([...exportZip({ name: 'x', files })['odd.chr']!]).toEqual([...odd])
  })

  it('exports CHR text as tile bytes that re-import to the same text and the same build', () => {
    const added = addFile(createDefaultProject(), 'tiles.chr')
    if (!added.ok) throw new Error('add failed')
    const entries = exportZip(added.project)
    expect([...entries['tiles.chr']!]).toEqual([...chrTextToBytes(CHR_TEMPLATE).bytes])
    expect(Object.keys(entries)).toEqual([
      'main.asm',
      'tiles.chr',
      `${CHR_TEXT_FOLDER}tiles.chr.txt`,
    ])
    const back = importFiles(entries)
    expect(back.map((f) => [f.filename, f.content])).toEqual(
      added.project.files.map((f) => [f.filename, f.content]),
    )
    expect(back[1]!.content).toBe(CHR_TEMPLATE)
  })

  it('converts the bytes when the .chr was changed outside the studio (saved text is stale)', () => {
    const changed = new Uint8Array(32).fill(0xff)
    const files = importFiles({
      'main.asm': strToU8('nop\n'),
      'tiles.chr': changed,
      [`${CHR_TEXT_FOLDER}tiles.chr.txt`]: strToU8('.fill 32\n'),
    })
    expect(files.map((f) => f.filename)).toEqual(['main.asm', 'tiles.chr'])
    expect([...chrTextToBytes(files[1]!.content).bytes]).toEqual([...changed])
  })

  it('still opens a .chr that is CHR text (zips from older studios)', () => {
    const files = importFiles({ 'main.asm': strToU8('nop\n'), 'tiles.chr': strToU8(CHR_TEMPLATE) })
    expect(files[1]!.content).toBe(CHR_TEMPLATE)
  })

  it('refuses to export CHR text with a problem, naming the file and line', () => {
    const added = addFile(createDefaultProject(), 'tiles.chr')
    if (!added.ok) throw new Error('add failed')
    const broken = updateContent(added.project, added.file.id, '........\n12345678\n')
    expect(projectToZip(broken)).toEqual({
      ok: false,
      message: 'tiles.chr:2:1: Expected a row of 8 pixels (0-3 or .) or .fill N',
    })
  })

  it('keeps Latin-1 sources byte-exact', () => {
    const latin = Uint8Array.from([0x3b, 0xe9, 0x0a])
    const files = importFiles({ 'main.asm': latin })
    expect([...exportZip({ name: 'x', files })['main.asm']!]).toEqual([...latin])
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
