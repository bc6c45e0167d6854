import { beforeEach, describe, expect, it } from 'vitest'
import { createDefaultProject, createFile } from './project-files'
import type { Project } from './project-files'
import {
  JOURNAL_KEY,
  JOURNAL_MAX_CHARS,
  loadProject,
  saveProject,
  writeJournal,
} from './project-db'
import type { ProjectStorage } from './project-db'
import { PROJECT_STORAGE_KEY, serializeProject } from './project-store'
import type { StoredProject } from './project-store'

/** IndexedDB's part, as a value in memory (structured clone is not needed: the studio never mutates it). */
function memoryStorage(failing = false): ProjectStorage & { value: StoredProject | undefined } {
  const storage = {
    value: undefined as StoredProject | undefined,
    read: () => Promise.resolve(storage.value),
    write: (value: StoredProject) => {
      if (failing) return Promise.reject(new DOMException('full', 'QuotaExceededError'))
      storage.value = value
      return Promise.resolve()
    },
  }
  return storage
}

const withFile = (name: string, content = ''): Project => {
  const base = createDefaultProject()
  return { ...base, files: [...base.files, createFile(name, content)] }
}
const names = (project: Project | undefined) => project?.files.map((f) => f.filename)

beforeEach(() => localStorage.clear())

describe('project db', () => {
  it('saves and loads the project with binary files as bytes', async () => {
    const storage = memoryStorage()
    const project = withFile('a.bin')
    project.files[1]!.binary = Uint8Array.of(1, 2)
    const savedAt = await saveProject(storage, project)
    expect(savedAt).toBeGreaterThan(0)
    expect(storage.value?.files[1]?.bytes).toEqual(Uint8Array.of(1, 2))
    const loaded = await loadProject(storage)
    expect(loaded?.savedAt).toBe(savedAt)
    expect([...(loaded?.project.files[1]?.binary ?? [])]).toEqual([1, 2])
  })

  it('takes a journal newer than the saved project, saves it, and drops it', async () => {
    const storage = memoryStorage()
    await saveProject(storage, withFile('saved.asm'))
    expect(writeJournal(withFile('journalled.asm'))).toBe(true)
    const loaded = await loadProject(storage)
    expect(names(loaded?.project)).toEqual(['main.asm', 'journalled.asm'])
    expect(names((await loadProject(memoryStorage()))?.project)).toBeUndefined()
    expect(localStorage.getItem(JOURNAL_KEY)).toBeNull()
    expect(storage.value?.files.map((f) => f.filename)).toEqual(['main.asm', 'journalled.asm'])
  })

  it('keeps a journal written after a save that was still running, and ignores an older one', async () => {
    const storage = memoryStorage()
    const write = storage.write
    let finish = () => undefined as void
    storage.write = (value) =>
      new Promise((resolve) => {
        finish = () => void write(value).then(resolve)
      })
    const saving = saveProject(storage, withFile('saved.asm'))
    expect(writeJournal(withFile('journalled.asm'))).toBe(true)
    finish()
    await saving
    expect(localStorage.getItem(JOURNAL_KEY)).not.toBeNull()
    storage.write = write
    expect(names((await loadProject(storage))?.project)).toEqual(['main.asm', 'journalled.asm'])

    await saveProject(storage, withFile('saved.asm'))
    localStorage.setItem(JOURNAL_KEY, `1\n${serializeProject(withFile('old.asm'), 1)}`)
    expect(names((await loadProject(storage))?.project)).toEqual(['main.asm', 'saved.asm'])
  })

  it("carries an older studio's localStorage project over once", async () => {
    const storage = memoryStorage()
    localStorage.setItem(PROJECT_STORAGE_KEY, serializeProject(withFile('legacy.asm')))
    expect(names((await loadProject(storage))?.project)).toEqual(['main.asm', 'legacy.asm'])
    expect(localStorage.getItem(PROJECT_STORAGE_KEY)).toBeNull()
    expect(storage.value?.files.map((f) => f.filename)).toEqual(['main.asm', 'legacy.asm'])
  })

  it('says when the browser refuses to save, and journals only what fits', async () => {
    expect(await saveProject(memoryStorage(true), createDefaultProject())).toBeUndefined()
    const big = withFile('big.asm', 'x'.repeat(JOURNAL_MAX_CHARS))
    expect(writeJournal(big)).toBe(false)
    expect(localStorage.getItem(JOURNAL_KEY)).toBeNull()
  })
})
