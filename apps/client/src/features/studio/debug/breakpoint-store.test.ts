import { describe, expect, it } from 'vitest'
import { BreakpointStore } from './breakpoint-store'

function memoryStorage() {
  const items = new Map<string, string>()
  return { items, setItem: (key: string, value: string) => void items.set(key, value) }
}

describe('BreakpointStore', () => {
  it('toggles, persists and tells listeners', () => {
    const storage = memoryStorage()
    const store = new BreakpointStore(storage)
    const heard: unknown[] = []
    store.subscribe((source) => heard.push(source))
    store.toggle('sub.asm', 3)
    store.toggle('main.asm', 19)
    expect(store.all()).toEqual([
      { file: 'sub.asm', line: 3 },
      { file: 'main.asm', line: 19 },
    ])
    store.toggle('sub.asm', 3)
    expect(store.lines('sub.asm')).toEqual([])
    expect(JSON.parse(storage.items.get('nes-studio.debug.breakpoints')!)).toEqual({
      'main.asm': [19],
    })
    expect(heard).toEqual([null, null, null])
  })

  it('snaps new and existing breakpoints to lines with code', () => {
    const store = new BreakpointStore(memoryStorage())
    store.toggle('sub.asm', 1)
    store.setSnapper((_, line) => (line <= 3 ? 3 : undefined))
    expect(store.lines('sub.asm')).toEqual([3])
    store.toggle('sub.asm', 2) // snaps to 3, which is set: removes it
    expect(store.lines('sub.asm')).toEqual([])
  })

  it('takes moved lines from an editor without echoing them back to it', () => {
    const store = new BreakpointStore(memoryStorage())
    const editor = {}
    const heard: unknown[] = []
    store.subscribe((source) => heard.push(source))
    store.set('main.asm', [21, 20, 21], editor)
    expect(store.lines('main.asm')).toEqual([20, 21])
    expect(heard).toEqual([editor])
  })

  it('moves breakpoints with renamed files and drops those of deleted files', () => {
    const storage = memoryStorage()
    const store = new BreakpointStore(storage)
    store.toggle('sub.asm', 3)
    store.toggle('gfx/a.asm', 5)
    store.toggle('main.asm', 19)
    const heard: unknown[] = []
    store.subscribe((source) => heard.push(source))
    store.rename([
      ['sub.asm', 'lib/sub.asm'],
      ['gfx/a.asm', 'art/a.asm'],
      ['main.asm', 'main.asm'],
    ])
    expect(store.lines('sub.asm')).toEqual([])
    expect(store.lines('lib/sub.asm')).toEqual([3])
    expect(store.lines('art/a.asm')).toEqual([5])
    expect(store.lines('main.asm')).toEqual([19])
    store.forget(['lib/sub.asm', 'art/a.asm', 'never.asm'])
    expect(JSON.parse(storage.items.get('nes-studio.debug.breakpoints')!)).toEqual({
      'main.asm': [19],
    })
    expect(heard).toEqual([null, null])
    store.forget(['gone.asm'])
    expect(heard).toEqual([null, null])
  })
})
