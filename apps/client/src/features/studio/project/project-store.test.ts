import { describe, expect, it } from 'vitest'
import { chrTextToBytes } from './chr-text'
import { addFile, createDefaultProject, createFile, createMainFile } from './project-files'
import {
  deserializeProject,
  loadActiveFilename,
  projectFromStored,
  saveActiveFilename,
  savedAtOf,
  serializeProject,
  toStored,
} from './project-store'
import { bytesToBase64 } from './text-bytes'

describe('project store', () => {
  it('keeps files, types, binary bytes and encodings, as bytes (IndexedDB) and as base64 (JSON)', () => {
    const added = addFile(createDefaultProject(), 'tiles.chr')
    if (!added.ok) throw new Error('add failed')
    const project = {
      name: 'demo',
      files: [
        ...added.project.files,
        {
          id: 'b',
          filename: 'data.bin',
          type: 'include' as const,
          content: '',
          binary: Uint8Array.of(0, 255, 7),
        },
        {
          id: 'l',
          filename: 'old.asm',
          type: 'include' as const,
          content: 'é',
          encoding: 'latin1' as const,
        },
      ],
    }
    const stored = toStored(project, 'bytes', 42)
    expect(stored.files[2]).toEqual({ filename: 'data.bin', bytes: Uint8Array.of(0, 255, 7) })
    expect(savedAtOf(stored)).toBe(42)
    for (const restored of [
      projectFromStored(stored),
      deserializeProject(serializeProject(project)),
    ]) {
      expect(restored?.name).toBe('demo')
      expect(restored?.files.map((f) => [f.filename, f.type, f.content])).toEqual(
        project.files.map((f) => [f.filename, f.type, f.content]),
      )
      expect([...(restored?.files[2]?.binary ?? [])]).toEqual([0, 255, 7])
      expect(restored?.files[3]?.encoding).toBe('latin1')
    }
  })

  it('rejects corrupt, foreign-version and main-less data', () => {
    expect(deserializeProject('{')).toBeUndefined()
    expect(deserializeProject(JSON.stringify({ version: 2, name: 'x', files: [] }))).toBeUndefined()
    expect(
      deserializeProject(
        JSON.stringify({ version: 1, name: 'x', files: [{ filename: 'a.asm', content: '' }] }),
      ),
    ).toBeUndefined()
    expect(
      deserializeProject(
        JSON.stringify({ version: 1, name: 'x', files: [{ filename: 'main.asm' }] }),
      ),
    ).toBeUndefined()
  })

  it('opens a .chr saved as bytes as CHR text when it is whole tiles, and keeps other sizes binary', () => {
    const tiles = Uint8Array.from({ length: 64 }, (_, i) => (i < 16 ? i : 0))
    const restored = deserializeProject(
      JSON.stringify({
        version: 1,
        name: 'old',
        files: [
          { filename: 'main.asm', content: 'nop' },
          { filename: 'tiles.chr', base64: bytesToBase64(tiles) },
          { filename: 'odd.chr', base64: bytesToBase64(Uint8Array.of(1, 2, 3)) },
        ],
      }),
    )
    const [, chr, odd] = restored?.files ?? []
    expect(chr?.binary).toBeUndefined()
    expect([...chrTextToBytes(chr?.content ?? '').bytes]).toEqual([...tiles])
    expect(odd?.binary && [...odd.binary]).toEqual([1, 2, 3])
  })

  it('remembers the open tab by name', () => {
    saveActiveFilename('tiles.chr', localStorage)
    expect(loadActiveFilename(localStorage)).toBe('tiles.chr')
  })

  it('keeps the empty folders made in the tree', () => {
    const project = { ...createDefaultProject(), folders: ['gfx', 'src/levels'] }
    expect(projectFromStored(toStored(project, 'bytes'))?.folders).toEqual(['gfx', 'src/levels'])
    expect(projectFromStored(toStored(createDefaultProject(), 'bytes'))?.folders).toBeUndefined()
  })

  it('keeps the main file wherever it is and the placeholder marks; older saves open main.asm as main', () => {
    const main = createMainFile('src/game.asm', '  .include "x.asm"\n')
    const project = {
      name: 'p',
      files: [
        createFile('main.asm', 'old'),
        main,
        { ...createFile('src/x.asm'), placeholder: true as const },
      ],
    }
    const back = deserializeProject(serializeProject(project))
    expect(back?.files.map((f) => [f.filename, f.type, f.placeholder])).toEqual([
      ['main.asm', 'include', undefined],
      ['src/game.asm', 'main', undefined],
      ['src/x.asm', 'include', true],
    ])
    const older = JSON.stringify({
      version: 1,
      name: 'o',
      files: [{ filename: 'main.asm', content: '' }],
    })
    expect(deserializeProject(older)?.files[0]?.type).toBe('main')
    const lost = JSON.stringify({
      version: 1,
      name: 'o',
      main: 'gone.asm',
      files: [{ filename: 'a.asm', content: '' }],
    })
    expect(deserializeProject(lost)).toBeUndefined()
  })
})
