import { strToU8, unzipSync, zipSync } from 'fflate'
import type { Zippable } from 'fflate'
import { describe, expect, it } from 'vitest'
import { chrTextToBytes } from './chr-text'
import { addFile, createDefaultProject, updateContent } from './project-files'
import type { EditorFile, Project } from './project-files'
import { CHR_TEXT_FOLDER, ZIP_LIMITS, projectToZip, zipToProject } from './project-zip'
import { CHR_TEMPLATE } from './templates'

const chrBytes = Uint8Array.from({ length: 8192 }, (_, i) => (i * 37) & 0xff)
const binBytes = Uint8Array.from([0x4e, 0x45, 0x53, 0x1a, 0, 1, 2, 0xff])

/** Zips the project and fails the test if the export is refused. */
function exportZip(project: Project): Record<string, Uint8Array> {
  const result = projectToZip(project)
  if (!result.ok) throw new Error(result.message)
  return unzipSync(result.zip)
}

function importFiles(entries: Zippable): EditorFile[] {
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

  it('keeps the layout: the main file stays where it is, as the .asm with an iNES header at the top of the includes', () => {
    const imported = zipToProject(
      zipSync({
        'g/src/game.asm': strToU8('  .inesprg 1\n  .include "engine/core.asm"\n'),
        'g/src/engine/core.asm': strToU8('  .inesmap 0\n'),
        'g/lib.asm': strToU8('x = 1\n'),
        'g/tools/main.asm.bak': strToU8('old'),
      }),
      'g',
    )
    expect(imported.ok && imported.main).toBe('src/game.asm')
    expect(imported.ok && imported.missing).toBeUndefined()
    expect(imported.ok && imported.project.files.map((f) => [f.filename, f.type])).toEqual([
      ['src/game.asm', 'main'],
      ['src/engine/core.asm', 'include'],
      ['lib.asm', 'include'],
      ['tools/main.asm.bak', 'include'],
    ])
  })

  it('lists the files the sources name that the zip lacks, and adds them as placeholders', () => {
    const imported = zipToProject(
      zipSync({
        'src/main.asm': strToU8(
          '  .inesprg 1\n  .include "notes.asm"\n  .incbin "..\\NoteTables\\a.bin"\n  .incbin "../../outside.bin"\n',
        ),
        'src/there.asm': strToU8('  .incbin "../NoteTables/a.bin"\n  .incbin "tiles.chr"\n'),
        'README.md': strToU8('# g\n'),
      }),
      'g',
    )
    if (!imported.ok) throw new Error(imported.message)
    expect(imported.missing).toEqual(['src/notes.asm', 'NoteTables/a.bin', 'src/tiles.chr'])
    const placeholders = imported.project.files.filter((f) => f.placeholder)
    expect(placeholders.map((f) => [f.filename, f.type])).toEqual([
      ['src/notes.asm', 'include'],
      ['NoteTables/a.bin', 'include'],
      ['src/tiles.chr', 'chr'],
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

describe('project zip paths', () => {
  const asm = strToU8('nop\n')

  it('refuses entries that break the path rules, naming them, and stores nothing', () => {
    const result = zipToProject(
      zipSync({
        'main.asm': asm,
        '../evil.asm': asm,
        '/abs.asm': asm,
        'a/../../b.asm': asm,
        'dir\\win.asm': asm,
      }),
      'x',
    )
    expect(result.ok).toBe(false)
    const message = result.ok ? '' : result.message
    for (const name of ['../evil.asm', '/abs.asm', 'a/../../b.asm', 'dir\\win.asm'])
      expect(message).toContain(name)
  })

  it('tidies ./ and // away and reports them', () => {
    const result = zipToProject(
      zipSync({ './main.asm': asm, 'a//double.asm': asm, 'b/./c.asm': asm, './': {} }),
      'x',
    )
    if (!result.ok) throw new Error(result.message)
    expect(result.project.files.map((f) => f.filename)).toEqual([
      'main.asm',
      'a/double.asm',
      'b/c.asm',
    ])
    expect(result.tidied).toEqual(['./main.asm', 'a//double.asm', 'b/./c.asm'])
  })

  it('refuses a file named like a folder, a file inside a file, and a path twice', () => {
    const cases: Zippable[] = [
      { 'main.asm': asm, lib: asm, 'lib/': {} },
      { 'main.asm': asm, lib: asm, 'lib/x.asm': asm },
      { 'main.asm': asm, 'lib/x.asm': asm, lib: asm },
      { 'main.asm': asm, './main.asm': asm },
    ]
    for (const entries of cases) {
      const result = zipToProject(zipSync(entries), 'x')
      expect(result.ok ? '' : result.message).toMatch(/names that clash.*(lib|main\.asm)/)
    }
  })

  it('keeps folder entries of the shared top folder and of real folders', () => {
    const files = importFiles({
      'g/': {},
      'g/main.asm': asm,
      'g/data/': {},
      'g/data/x.bin': binBytes,
    })
    expect(files.map((f) => f.filename)).toEqual(['main.asm', 'data/x.bin'])
  })

  it('refuses to export a stored name that breaks the rules', () => {
    const project = createDefaultProject()
    const bad = {
      ...project,
      files: [...project.files, { ...project.files[0]!, id: 'b', filename: '../evil.asm' }],
    }
    expect(projectToZip(bad)).toEqual({
      ok: false,
      message: 'Cannot export paths the studio does not allow: ../evil.asm.',
    })
  })
})

describe('project zip limits', () => {
  it('refuses a zip bomb on its declared size, before inflating it', () => {
    const bomb = zipSync({ 'main.asm': strToU8('nop\n'), 'zero.bin': new Uint8Array(16 << 20) })
    expect(bomb.length).toBeLessThan(200_000)
    const started = performance.now()
    const result = zipToProject(bomb, 'x')
    expect(performance.now() - started).toBeLessThan(100)
    expect(result.ok ? '' : result.message).toBe(
      'The archive is too large (zero.bin is 16,777,216 bytes): the studio takes at most 32 MB unpacked in all, 4 MB (4,194,304 bytes) a file and 4000 files.',
    )
  })

  it('refuses an entry whose declared size is smaller than its packed data (a lying header)', () => {
    const zip = zipSync({ 'main.asm': strToU8('nop\n'), 'zero.bin': new Uint8Array(16 << 20) })
    const view = new DataView(zip.buffer)
    for (let i = 0; i < zip.length - 46; i += 1) {
      if (view.getUint32(i, true) !== 0x02014b50) continue // a central directory entry
      const name = new TextDecoder().decode(
        zip.subarray(i + 46, i + 46 + view.getUint16(i + 28, true)),
      )
      if (name === 'zero.bin') view.setUint32(i + 24, 10, true) // its uncompressed size
    }
    expect(zipToProject(zip, 'x')).toEqual({
      ok: false,
      message: 'The archive is damaged: the sizes it gives do not match its contents.',
    })
  })

  it('refuses archives over the total size or file count', () => {
    const small = { fileBytes: 1000, totalBytes: 2500, files: 5 }
    const entries = { 'main.asm': strToU8('nop\n'), 'a.bin': new Uint8Array(1000) }
    const fits = zipToProject(zipSync({ ...entries, 'b.bin': new Uint8Array(1000) }), 'x', small)
    expect(fits.ok).toBe(true)
    const big = zipToProject(
      zipSync({ ...entries, 'b.bin': new Uint8Array(1000), 'c.bin': new Uint8Array(1000) }),
      'x',
      small,
    )
    expect(big.ok ? '' : big.message).toMatch(/too large \(more than 0 MB unpacked\)/)
    const many: Record<string, Uint8Array> = { 'main.asm': strToU8('nop\n') }
    for (let i = 0; i < 5; i += 1) many[`f${i}.asm`] = strToU8('nop\n')
    const crowded = zipToProject(zipSync(many), 'x', small)
    expect(crowded.ok ? '' : crowded.message).toMatch(/too large \(more than 5 files\)/)
  })

  it("takes a project of the SMB3 disassembly's shape: 855 files, 6.8 MB", () => {
    const entries: Record<string, Uint8Array> = { 'smb3.asm': strToU8('  .inesprg 1\n') }
    const text = strToU8(`; ${'x'.repeat(8000)}\r\n`)
    for (let i = 0; i < 726; i += 1) entries[`PRG/f${i}.asm`] = text
    for (let i = 0; i < 128; i += 1) entries[`CHR/c${i}.pcx`] = new Uint8Array(7000).fill(i)
    const imported = zipToProject(zipSync(entries, { level: 0 }), 'smb3')
    expect(imported.ok && imported.project.files.length).toBe(855)
  })

  it('names a file one byte over the limit by its exact size', () => {
    const over = zipToProject(
      zipSync({ 'main.asm': strToU8('nop\n'), 'a.bin': new Uint8Array(ZIP_LIMITS.fileBytes + 1) }),
      'x',
    )
    expect(over.ok ? '' : over.message).toContain('(a.bin is 4,194,305 bytes)')
  })

  it('imports archives up to the limits', () => {
    const files = importFiles({
      'main.asm': strToU8('nop\n'),
      'a.bin': new Uint8Array(ZIP_LIMITS.fileBytes),
    })
    expect(files[1]!.binary?.length).toBe(ZIP_LIMITS.fileBytes)
  })
})
