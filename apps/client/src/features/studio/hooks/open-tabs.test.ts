import { describe, expect, it } from 'vitest'
import { createFile, createMainFile } from '../project/project-files'
import type { Project } from '../project/project-files'
import {
  OPEN_TABS_STORAGE_KEY,
  initialTabs,
  loadOpenTabs,
  pruneTabs,
  saveOpenTabs,
} from './open-tabs'

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  }
}

const small: Project = {
  name: 'p',
  files: [createMainFile('main.asm', ''), createFile('a.asm', ''), createFile('b.chr', '')],
}
const big: Project = {
  name: 'p',
  files: [
    createMainFile('main.asm', ''),
    ...Array.from({ length: 56 }, (_, i) => createFile(`src/f${i}.asm`, '')),
  ],
}

describe('open tabs', () => {
  it('opens every file of a small project, only main.asm of a big one', () => {
    expect(initialTabs(small)).toEqual(small.files.map((f) => f.id))
    expect(initialTabs(big)).toEqual([big.files[0]!.id])
  })

  it('remembers tabs by name and always keeps main.asm open', () => {
    const storage = memoryStorage()
    saveOpenTabs(big, [big.files[3]!.id, big.files[9]!.id], storage)
    expect(JSON.parse(storage.getItem(OPEN_TABS_STORAGE_KEY)!)).toEqual([
      'src/f2.asm',
      'src/f8.asm',
    ])
    expect(loadOpenTabs(big, storage)).toEqual([
      big.files[0]!.id,
      big.files[3]!.id,
      big.files[9]!.id,
    ])
    storage.setItem(OPEN_TABS_STORAGE_KEY, '{broken')
    expect(loadOpenTabs(small, storage)).toEqual(initialTabs(small))
  })

  it('drops tabs of files that are gone, and duplicates', () => {
    const ids = [small.files[1]!.id, 'gone', small.files[1]!.id, small.files[2]!.id]
    expect(pruneTabs(small, ids)).toEqual([small.files[1]!.id, small.files[2]!.id])
  })
})
