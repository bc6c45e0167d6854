import { QueryClient } from '@tanstack/react-query'
import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ROM_DELETE_UNDO_MS } from '@nes-studio/shared'
import type { RomEntry, RomListResponse, RomPageResponse } from '@nes-studio/shared'
import { UNDO_DELETE_MS, removeFromCachedLists } from './delete-rom'
import { romPagesQueryKey } from './get-rom-pages'
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
    const pages = client.getQueryData<InfiniteData<RomPageResponse>>(romPagesQueryKey(''))?.pages
    expect(pages).toEqual([page([b], 0, 2), page([c], 2, 2)])
    const found = client.getQueryData<InfiniteData<RomPageResponse>>(romPagesQueryKey('alp'))
    expect(found?.pages).toEqual([page([], 0, 0)])
    // A search that never held it is left as it was.
    await removeFromCachedLists(client, 'zzz')
    expect(client.getQueryData(romPagesQueryKey('alp'))).toBe(found)
  })
})
