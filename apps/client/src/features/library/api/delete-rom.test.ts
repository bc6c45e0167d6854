import { QueryClient } from '@tanstack/react-query'
import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ROM_DELETE_UNDO_MS } from '@nes-studio/shared'
import type { RomEntry, RomListResponse, RomPageResponse } from '@nes-studio/shared'
import { UNDO_DELETE_MS, removeFromCachedLists, withoutRom } from './delete-rom'
import { romPagesQueryKey, romPagesQueryOptions } from './get-rom-pages'
import { ROMS_QUERY_KEY } from './roms-query-key'
import { romEntry } from '../../../testing/rom-entry'

const entry = (id: string, title: string): RomEntry => romEntry({ id, title })

const page = (roms: RomEntry[], offset: number, total: number): RomPageResponse => ({
  roms,
  offset,
  total,
  limit: 2,
})

describe('delete with undo, in the browser', () => {
  it('keeps the Undo toast as long as the server keeps a delete undoable', () => {
    expect(UNDO_DELETE_MS).toBe(ROM_DELETE_UNDO_MS)
  })

  it('takes the entry out of every cached list and page at once, totals included', async () => {
    const [a, b, c] = [entry('a', 'Alpha'), entry('b', 'Beta'), entry('c', 'Gamma')]
    const client = new QueryClient()
    client.setQueryData<RomListResponse>(ROMS_QUERY_KEY, { roms: [a, b, c] })
    const all = { pages: [page([a, b], 0, 3), page([c], 2, 3)], pageParams: [0, 2] }
    const search = { pages: [page([a], 0, 1)], pageParams: [0] }
    client.setQueryData<InfiniteData<RomPageResponse>>(romPagesQueryKey(''), all)
    client.setQueryData<InfiniteData<RomPageResponse>>(romPagesQueryKey('alp'), search)

    await removeFromCachedLists(client, 'a')

    expect(client.getQueryData<RomListResponse>(ROMS_QUERY_KEY)?.roms).toEqual([b, c])
    const loaded = client.getQueryData<InfiniteData<RomPageResponse>>(romPagesQueryKey(''))
    // The page after the removed row now starts one row earlier on the server.
    expect(loaded?.pages).toEqual([page([b], 0, 2), page([c], 1, 2)])
    expect(loaded?.pageParams).toEqual([0, 1])
    const found = client.getQueryData<InfiniteData<RomPageResponse>>(romPagesQueryKey('alp'))
    expect(found?.pages).toEqual([page([], 0, 0)])
    // A search that never held it is left as it was.
    await removeFromCachedLists(client, 'zzz')
    expect(client.getQueryData(romPagesQueryKey('alp'))).toBe(found)
  })

  it('asks for the next page right after the last row still on the server (none skipped)', () => {
    const rows = Array.from({ length: 6 }, (_, i) => entry(`r${i}`, `Rom ${i}`))
    // Two pages of two loaded out of six; r1 (page 1) is deleted: the server's r4 is now at offset 3.
    const loaded = {
      pages: [page(rows.slice(0, 2), 0, 6), page(rows.slice(2, 4), 2, 6)],
      pageParams: [0, 2],
    }
    const after = withoutRom(loaded, 'r1')
    const options = romPagesQueryOptions('')
    const last = after.pages.at(-1)!
    expect(options.getNextPageParam(last, after.pages, 1, after.pageParams as number[])).toBe(3)
  })
})
