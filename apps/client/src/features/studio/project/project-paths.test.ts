import { describe, expect, it } from 'vitest'
import { createFile, createMainFile } from './project-files'
import type { Project } from './project-files'
import { addFolder, buildTree, deletePath, renamePath } from './project-paths'
import { normalizePath } from './path-rules'
import type { TreeNode } from './project-paths'

function project(...names: string[]): Project {
  return {
    name: 'p',
    files: names.map((n) =>
      n === 'main.asm' ? createMainFile(n, '  .include "lib/a.asm"\n') : createFile(n, ''),
    ),
  }
}

const outline = (nodes: TreeNode[]): unknown[] =>
  nodes.map((n) => (n.kind === 'folder' ? { [n.name]: outline(n.children) } : n.name))

describe('project tree', () => {
  it('nests files under their folders, folders first, names sorted, empty folders kept', () => {
    const p = {
      ...project('main.asm', 'lib/b.asm', 'lib/a.asm', 'Zed.md', 'lib/gfx/t.chr'),
      folders: ['empty'],
    }
    expect(outline(buildTree(p))).toEqual([
      { empty: [] },
      { lib: [{ gfx: ['t.chr'] }, 'a.asm', 'b.asm'] },
      'main.asm',
      'Zed.md',
    ])
  })

  it('checks paths', () => {
    expect(normalizePath('  lib/x.asm ')).toBe('lib/x.asm')
    expect(normalizePath('lib/')).toBe('lib')
    expect(normalizePath('   ')).toBe('blank')
    for (const bad of ['/abs', 'a/../b', 'a\\b', 'a//b', './c.asm', 'a/./b', '.'])
      expect(normalizePath(bad)).toBe('invalid')
  })

  it('adds a folder once', () => {
    const p = project('main.asm', 'lib/a.asm')
    expect(addFolder(p, 'gfx')).toMatchObject({ ok: true, project: { folders: ['gfx'] } })
    expect(addFolder(p, 'lib')).toEqual({ ok: false, reason: 'exists' })
    expect(addFolder(p, '..')).toEqual({ ok: false, reason: 'invalid' })
    expect(addFolder(p, 'main.asm')).toEqual({ ok: false, reason: 'exists' })
    expect(addFolder(p, 'main.asm/inner')).toEqual({ ok: false, reason: 'in-file' })
  })
})

describe('renamePath', () => {
  it('renames a file and rewrites the .include that names it', () => {
    const p = project('main.asm', 'lib/a.asm')
    const r = renamePath(p, 'lib/a.asm', 'src/consts.asm')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.project.files.map((f) => f.filename)).toEqual(['main.asm', 'src/consts.asm'])
    expect(r.project.files[0]!.content).toBe('  .include "src/consts.asm"\n')
    expect(r.project.files[1]!.id).toBe(p.files[1]!.id)
  })

  it('moves a folder with its files and empty subfolders', () => {
    const p = { ...project('main.asm', 'lib/a.asm', 'lib/t.chr'), folders: ['lib/empty'] }
    const r = renamePath(p, 'lib', 'code/lib')
    expect(r.ok && r.project.files.map((f) => `${f.filename}:${f.type}`)).toEqual([
      'main.asm:main',
      'code/lib/a.asm:include',
      'code/lib/t.chr:chr',
    ])
    expect(r.ok && r.project.folders).toEqual(['code/lib/empty'])
    expect(r.ok && r.project.files[0]!.content).toBe('  .include "code/lib/a.asm"\n')
  })

  it('refuses to move main.asm, onto an existing name, into itself, or to a bad name', () => {
    const p = project('main.asm', 'lib/a.asm', 'b.asm')
    expect(renamePath(p, 'main.asm', 'x.asm')).toEqual({ ok: false, reason: 'main' })
    expect(renamePath(p, 'b.asm', 'lib/a.asm')).toEqual({ ok: false, reason: 'exists' })
    expect(renamePath(p, 'lib', 'lib/inner')).toEqual({ ok: false, reason: 'exists' })
    expect(renamePath(p, 'b.asm', '../b.asm')).toEqual({ ok: false, reason: 'invalid' })
    expect(renamePath(p, 'b.asm', './b2.asm')).toEqual({ ok: false, reason: 'invalid' })
  })

  it('refuses a file named like a folder, a path inside a file, and a folder onto a folder', () => {
    const p = { ...project('main.asm', 'lib/a.asm', 'b.asm'), folders: ['empty'] }
    expect(renamePath(p, 'b.asm', 'lib')).toEqual({ ok: false, reason: 'folder' })
    expect(renamePath(p, 'b.asm', 'empty')).toEqual({ ok: false, reason: 'folder' })
    expect(renamePath(p, 'lib/a.asm', 'b.asm/a.asm')).toEqual({ ok: false, reason: 'in-file' })
    expect(renamePath(p, 'lib', 'empty')).toEqual({ ok: false, reason: 'folder' })
    // moving a file into its own old place's folder is fine: the source does not count
    expect(renamePath(p, 'lib/a.asm', 'lib/c.asm').ok).toBe(true)
    expect(renamePath(p, 'lib', 'lib2').ok).toBe(true)
  })

  it('rewrites only directive names, with or without label and dot', () => {
    const src = 'x: .incbin "gfx/t.chr" ; tiles\n  include "gfx/tx.chr"\n  .db "gfx/t.chr"\n'
    const p = { name: 'p', files: [createMainFile('main.asm', src), createFile('gfx/t.chr', '')] }
    const r = renamePath(
      { ...p, files: [...p.files, createFile('gfx/tx.chr', '')] },
      'gfx/t.chr',
      'art/t.chr',
    )
    expect(r.ok && r.project.files[0]!.content).toBe(
      'x: .incbin "art/t.chr" ; tiles\n  include "gfx/tx.chr"\n  .db "gfx/t.chr"\n',
    )
  })

  it("rewrites names read from the main file's folder or the source's own, keeping backslashes", () => {
    const main = createMainFile(
      'src/game.asm',
      '  .include "lib.asm"\n  .incbin "..\\data\\x.bin"\n  .include "lib/a.asm"\n',
    )
    const p: Project = {
      name: 'p',
      files: [
        main,
        createFile('src/lib.asm', ''),
        createFile('data/x.bin', ''),
        createFile('src/lib/a.asm', '  .include "b.asm"\n'),
        createFile('src/lib/b.asm', ''),
      ],
    }
    const moved = renamePath(p, 'src/lib.asm', 'src/engine/lib.asm')
    expect(moved.ok && moved.project.files[0]!.content).toBe(
      '  .include "engine/lib.asm"\n  .incbin "..\\data\\x.bin"\n  .include "lib/a.asm"\n',
    )
    const data = renamePath(p, 'data', 'assets')
    expect(data.ok && data.project.files[0]!.content).toContain('.incbin "..\\assets\\x.bin"')
    // a.asm read b.asm from its own folder: moved up a level, it names lib/b.asm from there
    const up = renamePath(p, 'src/lib/a.asm', 'src/a.asm')
    expect(up.ok && up.project.files.map((f) => f.content)).toEqual([
      '  .include "lib.asm"\n  .incbin "..\\data\\x.bin"\n  .include "a.asm"\n',
      '',
      '',
      '  .include "lib/b.asm"\n',
      '',
    ])
  })
})

describe('deletePath', () => {
  it('deletes a file alone, even when an older project has a folder of the same name', () => {
    const p = project('main.asm', 'x.asm', 'x.asm/y.asm')
    const r = deletePath(p, 'x.asm')
    expect(r.ok && r.removed.map((f) => f.filename)).toEqual(['x.asm'])
    expect(r.ok && r.project.files.map((f) => f.filename)).toEqual(['main.asm', 'x.asm/y.asm'])
  })

  it('removes a file or a folder with its files, never main.asm', () => {
    const p = { ...project('main.asm', 'lib/a.asm', 'lib/b.asm', 'c.asm'), folders: ['lib/x'] }
    const r = deletePath(p, 'lib')
    expect(r.ok && r.removed.map((f) => f.filename)).toEqual(['lib/a.asm', 'lib/b.asm'])
    expect(r.ok && r.project.files.map((f) => f.filename)).toEqual(['main.asm', 'c.asm'])
    expect(r.ok && r.project.folders).toEqual([])
    expect(deletePath(p, 'main.asm')).toEqual({ ok: false, reason: 'main' })
    const one = deletePath(p, 'lib/x')
    expect(one.ok && one.project.folders).toEqual(['lib'])
  })
})
