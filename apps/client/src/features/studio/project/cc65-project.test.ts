import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { syntaxFor } from '../editor/languages'
import { looksLikeCc65, pickCc65Main } from './cc65-project'
import { createProjectFrom, mainFile, toolchainOf } from './project-files'
import { deserializeProject, serializeProject } from './project-store'
import { zipToProject } from './project-zip'

const file = (filename: string, content = '') => ({ filename, content })

describe('cc65 projects', () => {
  it('tells a cc65 zip from a NESASM one', () => {
    expect(looksLikeCc65([file('src/game.c')])).toBe(true)
    expect(looksLikeCc65([file('game/build.sh', 'ca65 a.asm\n'), file('game/a.asm')])).toBe(true)
    expect(looksLikeCc65([file('link.cfg', 'MEMORY {\n}\n'), file('a.s')])).toBe(true)
    // a NESASM project with its own build script stays NESASM
    expect(looksLikeCc65([file('build.sh', 'nesasm main.asm\n'), file('main.asm')])).toBe(false)
    expect(looksLikeCc65([file('a.s', '.segment "CODE"\n  rts\n')])).toBe(true)
    // NESASM: .ines directives, even beside a .segment-looking line
    expect(looksLikeCc65([file('main.asm', '  .inesprg 1\n.segment "CODE"\n')])).toBe(false)
    expect(looksLikeCc65([file('main.asm', '  .bank 0\n  .org $C000\n')])).toBe(false)
  })

  it('picks main.c (shallowest), then main.s, else the C file with main(), else the first source', () => {
    expect(pickCc65Main([file('lib/main.c'), file('main.c'), file('main.s')])?.filename).toBe(
      'main.c',
    )
    expect(pickCc65Main([file('lib/util.c'), file('src/main.s')])?.filename).toBe('src/main.s')
    expect(pickCc65Main([file('a.c'), file('src/b.c', 'void main(void) {}')])?.filename).toBe(
      'src/b.c',
    )
    expect(pickCc65Main([file('b.s'), file('a.s'), file('x.cfg')])?.filename).toBe('a.s')
    expect(pickCc65Main([file('x.cfg'), file('README.md')])).toBeUndefined()
  })

  it('imports a zip with a build.sh as a cc65 project, keeping its layout', () => {
    const zip = zipSync({
      'game/src/game.c': strToU8('void main(void) {}\n'),
      'game/build.sh': strToU8('cc65 src/game.c\n'),
      'game/main.asm': strToU8('; not NESASM: a leftover\n'),
    })
    const result = zipToProject(zip, 'game')
    if (!result.ok) throw new Error(result.message)
    expect(toolchainOf(result.project)).toBe('cc65')
    expect(mainFile(result.project)?.filename).toBe('src/game.c')
    expect(result.project.files.map((f) => f.filename).sort()).toEqual([
      'build.sh',
      'main.asm',
      'src/game.c',
    ])
  })

  it('keeps the kind and the main file through a save, and an older save stays NESASM', () => {
    const project = createProjectFrom('ca65')
    const restored = deserializeProject(serializeProject(project))!
    expect(toolchainOf(restored)).toBe('cc65')
    expect(mainFile(restored)?.filename).toBe('main.s')
    expect(restored.files.map((f) => f.filename)).toEqual(['main.s', 'nrom.cfg', 'tiles.chr'])
    const old = JSON.parse(serializeProject(createProjectFrom('nesasm'))) as Record<string, unknown>
    expect(old.toolchain).toBeUndefined()
    expect(toolchainOf(deserializeProject(JSON.stringify(old))!)).toBe('nesasm')
  })

  it('highlights each file of a cc65 project in its own language', () => {
    expect(
      ['main.s', 'main.c', 'nes.h', 'nrom.cfg', 'build.sh', 'tiles.chr'].map((f) =>
        syntaxFor(f, 'cc65'),
      ),
    ).toEqual(['ca65', 'c', 'c', 'ld65-config', 'shell', 'chr'])
    expect(syntaxFor('main.s', 'nesasm')).toBe('nesasm')
  })
})
