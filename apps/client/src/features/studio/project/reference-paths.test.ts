import { describe, expect, it } from 'vitest'
import {
  joinReference,
  placeOfReference,
  relativeReference,
  resolveReference,
} from './reference-paths'

describe('reference paths', () => {
  it("reads '\\' as '/', drops '.', applies '..' and refuses paths that leave the project", () => {
    expect(joinReference('src/', '..\\gfx\\t.chr')).toBe('gfx/t.chr')
    expect(joinReference('src/', './a//b.asm')).toBe('src/a/b.asm')
    expect(joinReference('', '../x.asm')).toBeUndefined()
    expect(joinReference('src/', '/abs.asm')).toBeUndefined()
    expect(joinReference('src/', '..')).toBeUndefined()
  })

  it('looks a name up from the root, then the main file folder, then the naming file folder', () => {
    const files = new Set(['a.asm', 'src/a.asm', 'src/b.asm', 'src/lib/c.asm'])
    const has = (p: string) => files.has(p)
    expect(resolveReference(has, 'a.asm', 'src/main.asm', 'src/lib/x.asm')).toBe('a.asm')
    expect(resolveReference(has, 'b.asm', 'src/main.asm', 'src/lib/x.asm')).toBe('src/b.asm')
    expect(resolveReference(has, 'c.asm', 'src/main.asm', 'src/lib/x.asm')).toBe('src/lib/c.asm')
    expect(resolveReference(has, 'd.asm', 'src/main.asm', 'src/lib/x.asm')).toBeUndefined()
    expect(placeOfReference('d.asm', 'src/main.asm')).toBe('src/d.asm')
  })

  it("writes a name that reads a path from a folder, with '../' where it climbs", () => {
    expect(relativeReference('src/', 'src/engine/x.asm')).toBe('engine/x.asm')
    expect(relativeReference('src/lib/', 'gfx/t.chr')).toBe('../../gfx/t.chr')
    expect(relativeReference('', 'a/b.asm')).toBe('a/b.asm')
  })
})
