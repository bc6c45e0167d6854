import { describe, expect, it } from 'vitest'
import { BuildFs } from './build-fs'

const b = new Uint8Array(0)
const fsOf = (...paths: string[]) => new BuildFs(Object.fromEntries(paths.map((p) => [p, b])))

describe('BuildFs', () => {
  it('resolves paths from the current folder and refuses those leaving the project', () => {
    const fs = fsOf('src/main.s')
    expect(fs.cd('src')).toBeUndefined()
    expect(fs.resolve('../obj/./main.o')).toBe('obj/main.o')
    expect(fs.resolve('../../x')).toBeUndefined()
    expect(fs.resolve('/usr/share/cc65/lib/nes.lib')).toBeUndefined()
  })

  it('answers cd as bash does', () => {
    const fs = fsOf('src/main.s')
    expect(fs.cd('nothere')).toBe('cd: nothere: No such file or directory')
    expect(fs.cd('src/main.s')).toBe('cd: src/main.s: Not a directory')
    expect(fs.cd('..')).toBe('cd: ..: outside the project')
    expect(fs.cwd).toBe('')
  })

  it('makes folders as GNU mkdir does, with and without -p', () => {
    const fs = fsOf('src/main.s')
    expect(fs.mkdir(['obj/nes'], true)).toEqual([])
    expect(fs.isDir('obj') && fs.isDir('obj/nes')).toBe(true)
    expect(fs.mkdir(['obj/nes'], true)).toEqual([])
    expect(fs.mkdir(['obj'], false)).toEqual(["mkdir: cannot create directory 'obj': File exists"])
    expect(fs.mkdir(['a/b'], false)).toEqual([
      "mkdir: cannot create directory 'a/b': No such file or directory",
    ])
    expect(fs.mkdir(['src/main.s'], true)).toEqual([
      "mkdir: cannot create directory 'src/main.s': File exists",
    ])
  })

  it('removes as GNU rm does: -f quiet about missing files, folders only with -r', () => {
    const fs = fsOf('a.o', 'obj/b.o', 'obj/c.o', 'src/main.s')
    expect(fs.rm(['a.o', 'missing.o'], false, false)).toEqual([
      "rm: cannot remove 'missing.o': No such file or directory",
    ])
    expect(fs.rm(['missing.o'], true, false)).toEqual([])
    expect(fs.rm(['obj'], true, false)).toEqual(["rm: cannot remove 'obj': Is a directory"])
    expect(fs.rm(['obj'], false, true)).toEqual([])
    expect(Object.keys(fs.files)).toEqual(['src/main.s'])
    expect(fs.isDir('obj')).toBe(false)
  })

  it('expands * ? and [..] patterns as bash does: sorted, no hidden files, the word itself when nothing matches', () => {
    const fs = fsOf('b.o', 'a.o', '.hidden.o', 'main.s', 'obj/x1.o', 'obj/x2.o', 'obj/y.o')
    expect(fs.expand('*.o')).toEqual(['a.o', 'b.o'])
    expect(fs.expand('.*.o')).toEqual(['.hidden.o'])
    expect(fs.expand('obj/x?.o')).toEqual(['obj/x1.o', 'obj/x2.o'])
    expect(fs.expand('obj/[xy]*.o')).toEqual(['obj/x1.o', 'obj/x2.o', 'obj/y.o'])
    expect(fs.expand('obj/[!x]*')).toEqual(['obj/y.o'])
    expect(fs.expand('*/y.o')).toEqual(['obj/y.o'])
    expect(fs.expand('*.lib')).toEqual(['*.lib'])
    fs.cd('obj')
    expect(fs.expand('*.o')).toEqual(['x1.o', 'x2.o', 'y.o'])
    expect(fs.expand('../*.s')).toEqual(['../main.s'])
  })
})
