import { describe, expect, it } from 'vitest'
import { assemble } from '@nes-studio/assembler'
import { addMissingReferencedFiles } from '../project/include-scan'
import { createDefaultProject, updateContent } from '../project/project-files'
import { prepareBuild } from './build-project'
import { placeholderWarnings } from './placeholder-reads'

const SOURCE = `  .include "consts.asm"
  .inesprg 1
  .bank 0
  .org $C000
  .incbin "music/notes.bin"
  .if 0
  .incbin "never.bin"
  .endif
  .dw SPEED
`

function withPlaceholders() {
  const base = createDefaultProject()
  return addMissingReferencedFiles(updateContent(base, base.files[0]!.id, SOURCE))
}

function warnings(project: ReturnType<typeof withPlaceholders>) {
  const build = prepareBuild(project)
  if (!build.ok) throw new Error(build.message)
  const result = assemble(build.input)
  return placeholderWarnings(project, result.filesRead)
}

describe('placeholderWarnings', () => {
  it('warns at the directive for every placeholder the build read, and for no other file', () => {
    const project = withPlaceholders()
    expect(project.files.filter((f) => f.placeholder).map((f) => f.filename)).toEqual([
      'consts.asm',
      'music/notes.bin',
      'never.bin',
    ])
    expect(
      warnings({
        ...project,
        files: project.files.map((f) =>
          f.filename === 'consts.asm' ? { ...f, content: 'SPEED = 1\n' } : f,
        ),
      }).map((w) => [w.severity, w.code, w.file, w.line, w.message]),
    ).toEqual([
      [
        'warning',
        'Placeholder',
        'main.asm',
        1,
        "consts.asm is a placeholder (the studio's template) created for main.asm:1",
      ],
      [
        'warning',
        'Placeholder',
        'main.asm',
        5,
        'music/notes.bin is an empty placeholder created for main.asm:5',
      ],
    ])
  })

  it('says nothing once the placeholder was edited', () => {
    let project = withPlaceholders()
    for (const name of ['consts.asm', 'music/notes.bin']) {
      const file = project.files.find((f) => f.filename === name)!
      project = updateContent(project, file.id, name === 'consts.asm' ? 'SPEED = 1\n' : '')
    }
    expect(warnings(project)).toEqual([])
  })
})
