import { describe, expect, it } from 'vitest'
import { createFile } from './project-files'
import type { Project } from './project-files'
import { addFolder, buildTree, deletePath, renamePath, renameReferences } from './project-paths'
import { normalizePath } from './path-rules'
import type { TreeNode } from './project-paths'

function project(...names: string[]): Project {
  return {
    name: 'p',
    files: names.map((n) => createFile(n, n === 'main.asm' ? '  .include "lib/a.asm"\n' : '')),
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
    expect(renameReferences(src, 'gfx/t.chr', 'art/t.chr')).toBe(
      'x: .incbin "art/t.chr" ; tiles\n  include "gfx/tx.chr"\n  .db "gfx/t.chr"\n',
    )
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
