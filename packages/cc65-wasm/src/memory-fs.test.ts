import { Directory, wasi } from '@bjorn3/browser_wasi_shim'
import type { File } from '@bjorn3/browser_wasi_shim'
import { describe, expect, it } from 'vitest'
import { buildShareTree, filesOf, foldersOf, mountRun } from './memory-fs'

const bytes = (...values: number[]) => new Uint8Array(values)
const WRITE = BigInt(wasi.RIGHTS_FD_WRITE)
const READ = BigInt(wasi.RIGHTS_FD_READ)

describe('mountRun', () => {
  it('copies a project file before a write that keeps its bytes, so the caller’s array never changes', () => {
    const original = bytes(1, 2, 3)
    const { root, project } = mountRun(buildShareTree({}), { 'a.bin': original }, [])
    const opened = root.path_open(0, 'project/a.bin', 0, READ | WRITE, 0n, 0)
    expect(opened.ret).toBe(wasi.ERRNO_SUCCESS)
    opened.fd_obj!.fd_write(bytes(9))
    expect([...original]).toEqual([1, 2, 3])
    expect([...filesOf(project)['a.bin']!]).toEqual([9, 2, 3])
    expect(root.written).toEqual(['a.bin'])
  })

  it('hands a file only read to the tool without copying it', () => {
    const original = bytes(1, 2, 3)
    const { root, project } = mountRun(buildShareTree({}), { 'src/a.s': original }, ['obj'])
    expect(root.path_open(0, 'project/src/../src/a.s', 0, READ, 0n, 0).ret).toBe(0)
    expect(root.path_open(0, 'project/missing.s', 0, READ, 0n, 0).ret).toBe(wasi.ERRNO_NOENT)
    expect(filesOf(project)['src/a.s']).toBe(original)
    expect(foldersOf(project).sort()).toEqual(['obj', 'src'])
    expect([...root.looked]).toEqual(['src/a.s', 'missing.s'])
  })

  it('refuses runtime files to writers', () => {
    const share = buildShareTree({ 'cfg/nes.cfg': bytes(1) })
    const { root } = mountRun(share, {}, [])
    expect(root.path_open(0, 'usr/share/cc65/cfg/nes.cfg', 0, WRITE, 0n, 0).ret).toBe(
      wasi.ERRNO_PERM,
    )
    expect(share).toBeInstanceOf(Directory)
    const nes = (share.contents.get('cfg') as Directory).contents.get('nes.cfg') as File
    expect([...nes.data]).toEqual([1])
  })

  it('refuses paths that are not plain relative project paths, and a file used as a folder', () => {
    const share = buildShareTree({})
    for (const bad of ['/abs.s', 'a/../b.s', './a.s', 'a//b.s', ''])
      expect(() => mountRun(share, { [bad]: bytes() }, [])).toThrow(/Not a project path/)
    expect(() => mountRun(share, { a: bytes(), 'a/b.s': bytes() }, [])).toThrow(/inside a file/)
    expect(() => mountRun(share, { 'a/b.s': bytes(), a: bytes() }, [])).toThrow(/is a folder/)
  })
})
