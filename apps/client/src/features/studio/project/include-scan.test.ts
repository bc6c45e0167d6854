import { describe, expect, it } from 'vitest'
import { addMissingReferencedFiles, removeUnusedCreatedFiles, scanReferences } from './include-scan'
import { createDefaultProject, createFile, updateContent } from './project-files'
import { CHR_TEMPLATE, INCLUDE_TEMPLATE } from './templates'

describe('scanReferences', () => {
  it('finds .include and .incbin with or without dot, label or case', () => {
    const src = [
      '  .include "buttons.asm"',
      'tiles: .incbin "gfx/tiles.chr"',
      '  INCLUDE "macros"',
      '; .include "commented.asm"',
      '  lda #1 ; .include "not-a-directive.asm"',
      '  .incbin "music.bin" ; data',
    ].join('\n')
    expect(scanReferences(src)).toEqual([
      { directive: 'include', filename: 'buttons.asm', line: 1 },
      { directive: 'incbin', filename: 'gfx/tiles.chr', line: 2 },
      { directive: 'include', filename: 'macros.asm', line: 3 },
      { directive: 'incbin', filename: 'music.bin', line: 6 },
    ])
  })
})

describe('addMissingReferencedFiles', () => {
  it('creates missing files as chr or include tabs with their templates, once', () => {
    let project = createDefaultProject()
    const main = project.files[0]!
    project = updateContent(
      project,
      main.id,
      '  .include "buttons.asm"\n  .incbin "tiles.chr"\n  .incbin "data.bin"\n',
    )
    const next = addMissingReferencedFiles(project)
    expect(next.files.map((f) => [f.filename, f.type])).toEqual([
      ['main.asm', 'main'],
      ['buttons.asm', 'include'],
      ['tiles.chr', 'chr'],
      ['data.bin', 'include'],
    ])
    expect(next.files[1]!.content).toBe(INCLUDE_TEMPLATE)
    expect(next.files[2]!.content).toBe(CHR_TEMPLATE)
    expect(next.files[3]!.content).toBe('')
    expect(addMissingReferencedFiles(next)).toBe(next)
  })

  it('leaves the project unchanged when every referenced file exists', () => {
    const base = createDefaultProject()
    const project = {
      ...base,
      files: [{ ...base.files[0]!, content: '  .include "a.asm"' }, createFile('a.asm', '')],
    }
    expect(addMissingReferencedFiles(project)).toBe(project)
  })
})

describe('removeUnusedCreatedFiles', () => {
  it('removes only created, untouched files that nothing names', () => {
    const base = createDefaultProject()
    const half = createFile('sprites/pla.asm')
    const used = createFile('sprites/player.asm')
    const edited = createFile('old.asm')
    const mine = createFile('notes.asm')
    const main = { ...base.files[0]!, content: '  .include "sprites/player.asm"\n' }
    const project = { ...base, files: [main, half, used, edited, mine] }
    const created = new Map([
      [half.id, half.content],
      [used.id, used.content],
      [edited.id, 'what it was created with'],
    ])
    expect(removeUnusedCreatedFiles(project, created).files.map((f) => f.filename)).toEqual([
      'main.asm',
      'sprites/player.asm',
      'old.asm',
      'notes.asm',
    ])
    expect(removeUnusedCreatedFiles(project, new Map())).toBe(project)
  })
})
