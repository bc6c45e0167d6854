import { describe, expect, it } from 'vitest'
import {
  addFile,
  createDefaultProject,
  createFile,
  removeFile,
  setMainFile,
  updateContent,
} from './project-files'
import { CHR_TEMPLATE, INCLUDE_TEMPLATE, MAIN_TEMPLATE } from './templates'

describe('project files', () => {
  it('starts with main.asm holding the sample', () => {
    const project = createDefaultProject()
    expect(project.files).toHaveLength(1)
    expect(project.files[0]).toMatchObject({
      filename: 'main.asm',
      type: 'main',
      content: MAIN_TEMPLATE,
    })
  })

  it('adds files with templates and refuses blank, duplicate and escaping names', () => {
    const project = createDefaultProject()
    const chr = addFile(project, '  tiles.chr ')
    expect(chr.ok && chr.file).toMatchObject({
      filename: 'tiles.chr',
      type: 'chr',
      content: CHR_TEMPLATE,
    })
    const asm = addFile(project, 'buttons.asm')
    expect(asm.ok && asm.file.content).toBe(INCLUDE_TEMPLATE)
    expect(addFile(project, '   ')).toEqual({ ok: false, reason: 'blank' })
    expect(addFile(project, 'main.asm')).toEqual({ ok: false, reason: 'exists' })
    expect(addFile(project, '../x.asm')).toEqual({ ok: false, reason: 'invalid' })
  })

  it('refuses broken paths and clashes between files and folders', () => {
    const project = createDefaultProject()
    for (const bad of ['foo/', 'a//b.asm', './c.asm', 'a/./b.asm', '/x.asm', 'a\\b.asm', 'lib/..'])
      expect(addFile(project, bad)).toEqual({ ok: false, reason: 'invalid' })
    const x = addFile(project, 'x.asm')
    if (!x.ok) throw new Error('add failed')
    expect(addFile(x.project, 'x.asm/y.asm')).toEqual({ ok: false, reason: 'in-file' })
    const nested = addFile(x.project, 'lib/sub.asm')
    if (!nested.ok) throw new Error('add failed')
    expect(addFile(nested.project, 'lib')).toEqual({ ok: false, reason: 'folder' })
    const folder = { ...project, folders: ['notes'] }
    expect(addFile(folder, 'notes')).toEqual({ ok: false, reason: 'folder' })
    expect(addFile(folder, 'notes/todo.txt').ok).toBe(true)
    expect(addFile(project, ' gfx/tiles.chr ').ok).toBe(true)
  })

  it('never removes the main file', () => {
    const project = createDefaultProject()
    expect(removeFile(project, project.files[0]!.id)).toBe(project)
    const added = addFile(project, 'a.asm')
    if (!added.ok) throw new Error('add failed')
    expect(removeFile(added.project, added.file.id).files.map((f) => f.filename)).toEqual([
      'main.asm',
    ])
  })

  it('updates the content of text files only', () => {
    const project = createDefaultProject()
    const id = project.files[0]!.id
    expect(updateContent(project, id, 'nop').files[0]!.content).toBe('nop')
    const binary = { ...project, files: [{ ...project.files[0]!, binary: Uint8Array.of(1) }] }
    expect(updateContent(binary, id, 'nop').files[0]!.content).toBe(MAIN_TEMPLATE)
  })

  it('makes another text source the main file; a file named main.asm is not main by its name', () => {
    const base = createDefaultProject()
    const game = createFile('src/game.asm', '')
    const chr = createFile('t.chr')
    const project = { ...base, files: [...base.files, game, chr] }
    const next = setMainFile(project, game.id)
    expect(next.files.map((f) => [f.filename, f.type])).toEqual([
      ['main.asm', 'include'],
      ['src/game.asm', 'main'],
      ['t.chr', 'chr'],
    ])
    expect(setMainFile(next, chr.id)).toBe(next)
    const added = addFile({ ...next, files: next.files.slice(1) }, 'main.asm')
    expect(added.ok && added.file.type).toBe('include')
  })

  it("an edit makes a placeholder the user's file", () => {
    const base = createDefaultProject()
    const placeholder = { ...createFile('music.bin'), placeholder: true as const }
    const project = { ...base, files: [...base.files, placeholder] }
    const edited = updateContent(project, placeholder.id, 'x')
    expect(edited.files[1]).toMatchObject({ content: 'x' })
    expect(edited.files[1]!.placeholder).toBeUndefined()
  })
})
