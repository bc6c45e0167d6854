// GET /api/roms (the whole list) after changes: the body is patched with the changed entries, not
// rebuilt from every row, stays equal to the list as it is, and a full read yields between slices.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { romListResponseSchema, romPageResponseSchema } from '@nes-studio/shared'
import type { RomEntry } from '@nes-studio/shared'
import type { RomStore } from '../storage/rom-store'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

/** Store reads the list can make, counted: calls per method and rows handed out. */
interface ReadCounts {
  list: number
  listSlice: number
  sliceRows: number
  listChanges: number
  changedRows: number
  log: string[]
}

function countingStore(store: RomStore): { store: RomStore; counts: ReadCounts } {
  const counts: ReadCounts = {
    list: 0,
    listSlice: 0,
    sliceRows: 0,
    listChanges: 0,
    changedRows: 0,
    log: [],
  }
  const counted: RomStore = Object.create(store) as RomStore
  counted.list = async () => {
    counts.list++
    return store.list()
  }
  counted.listSlice = async (before, limit) => {
    counts.listSlice++
    counts.log.push('slice')
    const rows = await store.listSlice(before, limit)
    counts.sliceRows += rows.length
    return rows
  }
  counted.listChanges = async (since) => {
    counts.listChanges++
    const changes = await store.listChanges(since)
    counts.changedRows += changes?.changed.length ?? 0
    return changes
  }
  return { store: counted, counts }
}

let dir: string
let apps: TestApp[] = []
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nes-whole-list-'))
})
afterEach(async () => {
  for (const t of apps) await t.close()
  apps = []
  rmSync(dir, { recursive: true, force: true })
})

async function openApp(): Promise<{ t: TestApp; counts: ReadCounts }> {
  const file = path.join(dir, 'library.db')
  const { store, counts } = countingStore(await openSqliteRomStore({ file }))
  const t = await createTestApp({ store, maxRomBytes: 64 * 1024, wholeListSliceSize: 5 })
  apps.push(t)
  return { t, counts }
}

let seed = 0
async function upload(t: TestApp): Promise<RomEntry> {
  seed++
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/roms',
    ...uploadForm(buildRom({ seed }), `game-${seed}.nes`, `Game ${seed}`),
  })
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { rom: RomEntry }).rom
}

/** The whole list, checked against the same entries read as one page (a different code path). */
async function wholeList(t: TestApp): Promise<RomEntry[]> {
  const res = await t.app.inject({ url: '/api/roms' })
  expect(res.statusCode).toBe(200)
  const roms = romListResponseSchema.parse(res.json()).roms
  const page = romPageResponseSchema.parse(
    (await t.app.inject({ url: '/api/roms?limit=500' })).json(),
  )
  expect(roms).toEqual(page.roms)
  expect(res.body).toBe(JSON.stringify({ roms: page.roms }))
  return roms
}

describe('GET /api/roms after changes', () => {
  it('patches in the changed entries instead of reading and serialising every row again', async () => {
    const { t, counts } = await openApp()
    for (let i = 0; i < 12; i++) await upload(t)
    expect((await wholeList(t)).length).toBe(12)
    // Built once, five rows a read.
    expect(counts.listSlice).toBe(3)
    expect(counts.sliceRows).toBe(12)

    for (let round = 0; round < 4; round++) {
      const changedBefore = counts.changedRows
      const added = await upload(t)
      expect((await wholeList(t))[0]?.id).toBe(added.id)
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/roms/${added.id}` })).statusCode,
      ).toBe(204)
      expect((await wholeList(t)).some((rom) => rom.id === added.id)).toBe(false)
      const undo = await t.app.inject({ method: 'POST', url: `/api/roms/${added.id}/restore` })
      expect(undo.statusCode).toBe(200)
      expect((await wholeList(t))[0]?.id).toBe(added.id)
      // Three changes, one entry read for each.
      expect(counts.changedRows - changedBefore).toBe(3)
    }
    expect(counts.listSlice).toBe(3)
    expect(counts.sliceRows).toBe(12)
    expect(counts.list).toBe(0)
    expect((await wholeList(t)).length).toBe(16)
  })

  it('reads nothing while the library is unchanged, and revalidates with the ETag', async () => {
    const { t, counts } = await openApp()
    await upload(t)
    const first = await t.app.inject({ url: '/api/roms' })
    const reads = counts.listChanges + counts.listSlice
    const again = await t.app.inject({ url: '/api/roms', headers: { 'accept-encoding': 'br' } })
    expect(again.headers.etag).toBe(first.headers.etag)
    expect(counts.listChanges + counts.listSlice).toBe(reads)
    const revalidated = await t.app.inject({
      url: '/api/roms',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    await upload(t)
    const changed = await t.app.inject({ url: '/api/roms' })
    expect(changed.headers.etag).not.toBe(first.headers.etag)
    expect(changed.headers.etag).toBe(`"${await t.store.revision()}"`)
  })

  it('reads the list again when an entry it still shows was purged before it saw the delete', async () => {
    const { t, counts } = await openApp()
    const roms = [await upload(t), await upload(t), await upload(t)]
    await wholeList(t)
    const slicesBefore = counts.listSlice
    await t.app.inject({ method: 'DELETE', url: `/api/roms/${roms[1]!.id}` })
    expect(await t.store.purgeDeleted(0)).toBe(1)
    const after = await wholeList(t)
    expect(after.map((rom) => rom.id)).toEqual([roms[2]!.id, roms[0]!.id])
    expect(counts.listSlice).toBeGreaterThan(slicesBefore)
  })

  it('shows the changes another server sharing the database made', async () => {
    const a = await openApp()
    const b = await openApp()
    await upload(a.t)
    expect((await wholeList(a.t)).length).toBe(1)
    const fromB = await upload(b.t)
    expect((await wholeList(a.t))[0]?.id).toBe(fromB.id)
    await b.t.app.inject({ method: 'DELETE', url: `/api/roms/${fromB.id}` })
    expect((await wholeList(a.t)).map((rom) => rom.id)).not.toContain(fromB.id)
    expect(a.counts.listSlice).toBe(1)
  })

  it('lets other work run between the slices of a full read', async () => {
    const { t, counts } = await openApp()
    for (let i = 0; i < 12; i++) await upload(t)
    let reading = true
    const tick = () => {
      counts.log.push('tick')
      if (reading) setImmediate(tick)
    }
    setImmediate(tick)
    const res = await t.app.inject({ url: '/api/roms' })
    reading = false
    expect(res.statusCode).toBe(200)
    const slices = counts.log.join(' ').match(/slice( tick)* slice( tick)* slice/)?.[0] ?? ''
    expect(slices).toMatch(/^slice( tick)+ slice( tick)+ slice$/)
  })
})
