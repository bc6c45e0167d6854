import { describe, expect, it } from 'vitest'
import { addFile, createDefaultProject, updateContent } from '../project/project-files'
import { prepareBuild } from './build-project'

describe('prepareBuild', () => {
  it('assembles main.asm at listing level 2; text stripped to bytes, CHR text converted, binary as is', () => {
    let project = createDefaultProject()
    project = updateContent(project, project.files[0]!.id, 'nop ; → é\n')
    const chr = addFile(project, 'tiles.chr')
    if (!chr.ok) throw new Error('add failed')
    project = {
      ...chr.project,
      files: [
        ...chr.project.files,
        { id: 'b', filename: 'd.bin', type: 'include', content: '', binary: Uint8Array.of(9, 0) },
      ],
    }
    const build = prepareBuild(project)
    if (!build.ok) throw new Error(build.message)
    expect(build.input.main).toBe('main.asm')
    expect(build.input.options).toEqual({ listLevel: 2, output: 'nes' })
    expect([...build.input.files['main.asm']!]).toEqual(
      [...'nop ;  '].map((c) => c.charCodeAt(0)).concat([0xe9, 0x0a]),
    )
    expect(build.input.files['tiles.chr']!.length).toBe(8192)
    expect([...build.input.files['d.bin']!]).toEqual([9, 0])
  })

  it('reports CHR text problems at their lines, and a missing main file', () => {
    const project = createDefaultProject()
    const withChr = {
      ...project,
      files: [
        ...project.files,
        { id: 'c', filename: 'bad.chr', type: 'chr' as const, content: '\nxyz' },
      ],
    }
    const build = prepareBuild(withChr)
    expect(build.ok).toBe(false)
    expect(!build.ok && build.problems[0]).toMatchObject({
      file: 'bad.chr',
      line: 2,
      column: 1,
      severity: 'error',
    })
    expect(prepareBuild({ ...project, files: [] })).toEqual({
      ok: false,
      message: 'Main file not found',
      problems: [],
    })
  })
})
