// Delete with Undo: a delete hides the ROM at once, POST /api/roms/:id/restore brings it back within
// the undo window, and the purger removes it for good after (on a timer, and at start).
import { afterEach, beforeEach, expect, it } from 'vitest'
import {
  apiErrorBodySchema,
  romListResponseSchema,
  romRestoreResponseSchema,
  romUploadResponseSchema,
} from '@nes-studio/shared'
import type { RomEntry } from '@nes-studio/shared'
import { createApp } from '../app'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { buildRom, uploadForm } from '../test/rom-builder'
import { testStaticDirs } from '../test/static-dirs'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function uploadOk(bytes: Uint8Array, fileName: string, title?: string): Promise<RomEntry> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/roms',
    ...uploadForm(bytes, fileName, title),
  })
  expect(res.statusCode, res.body).toBe(201)
  return romUploadResponseSchema.parse(res.json()).rom
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status)
  const body = apiErrorBodySchema.parse(res.json())
  expect(body.error.code).toBe(code)
  return body.error.message
}

it('hides the ROM at once and brings it back, bytes and all, within the window', async () => {
  const rom = buildRom({ seed: 21 })
  const entry = await uploadOk(rom, 'undo.nes', 'Undo me')
  const listed = await t.app.inject({ url: '/api/roms' })
  expect((await t.app.inject({ method: 'DELETE', url: `/api/roms/${entry.id}` })).statusCode).toBe(
    204,
  )
  const afterDelete = await t.app.inject({ url: '/api/roms' })
  expect(afterDelete.json()).toEqual({ roms: [] })
  expect(afterDelete.headers.etag).not.toBe(listed.headers.etag)
  expect((await t.app.inject({ url: '/api/roms?q=undo' })).json()).toMatchObject({ total: 0 })
  expectError(await t.app.inject({ url: `/api/roms/${entry.id}` }), 404, 'NotFound')

  const undo = await t.app.inject({ method: 'POST', url: `/api/roms/${entry.id}/restore` })
  expect(undo.statusCode).toBe(200)
  expect(romRestoreResponseSchema.parse(undo.json())).toEqual({ rom: entry })
  expect(romListResponseSchema.parse((await t.app.inject({ url: '/api/roms' })).json())).toEqual({
    roms: [entry],
  })
  const file = await t.app.inject({ url: `/api/roms/${entry.id}` })
  expect(file.statusCode).toBe(200)
  expect(Buffer.compare(file.rawPayload, Buffer.from(rom))).toBe(0)
  // A second Undo (a retry after a lost answer) is harmless.
  const again = await t.app.inject({ method: 'POST', url: `/api/roms/${entry.id}/restore` })
  expect(romRestoreResponseSchema.parse(again.json())).toEqual({ rom: entry })
})

it('404 for an unknown or malformed id', async () => {
  const unknown = '2209221d-8b5c-4585-9ecd-a7f42ffda7c4'
  const res = await t.app.inject({ method: 'POST', url: `/api/roms/${unknown}/restore` })
  expect(expectError(res, 404, 'NotFound')).toContain('can no longer be undone')
  expectError(await t.app.inject({ method: 'POST', url: '/api/roms/x/restore' }), 404, 'NotFound')
})

it('needs the library token like any write', async () => {
  const locked = await createTestApp({ libraryToken: 'a-long-library-token' })
  try {
    const form = uploadForm(buildRom({ seed: 22 }), 'locked.nes')
    const auth = { authorization: 'Bearer a-long-library-token' }
    const stored = await locked.app.inject({
      method: 'POST',
      url: '/api/roms',
      ...form,
      headers: { ...form.headers, ...auth },
    })
    const { id } = romUploadResponseSchema.parse(stored.json()).rom
    await locked.app.inject({ method: 'DELETE', url: `/api/roms/${id}`, headers: auth })
    const url = `/api/roms/${id}/restore`
    expectError(await locked.app.inject({ method: 'POST', url }), 401, 'TokenRequired')
    expect((await locked.app.inject({ method: 'POST', url, headers: auth })).statusCode).toBe(200)
  } finally {
    await locked.close()
  }
})

it('refuses an undo after the window, and purges the ROM on the timer', async () => {
  const short = await createTestApp({ undoDeleteMs: 200 })
  try {
    const form = uploadForm(buildRom({ seed: 23 }), 'late.nes')
    const stored = await short.app.inject({ method: 'POST', url: '/api/roms', ...form })
    const { id } = romUploadResponseSchema.parse(stored.json()).rom
    await short.app.inject({ method: 'DELETE', url: `/api/roms/${id}` })
    await sleep(700) // the window, then at least one purge round (every 200 ms here)
    const late = await short.app.inject({ method: 'POST', url: `/api/roms/${id}/restore` })
    expect(expectError(late, 404, 'NotFound')).toContain('can no longer be undone')
    // Purged, not only past its window: even an hour-long window would find nothing to restore.
    expect(await short.store.restore(id, 3_600_000)).toBeUndefined()
  } finally {
    await short.close()
  }
})

it('purges on start what passed its window while the server was stopped', async () => {
  const store = await openSqliteRomStore({ file: ':memory:' })
  const deps = { store, staticDirs: testStaticDirs({ withClient: false }), undoDeleteMs: 300 }
  try {
    const first = await createApp(deps)
    const ids: string[] = []
    for (const seed of [24, 25]) {
      const form = uploadForm(buildRom({ seed }), `r${seed}.nes`)
      const res = await first.inject({ method: 'POST', url: '/api/roms', ...form })
      ids.push(romUploadResponseSchema.parse(res.json()).rom.id)
    }
    const [old, recent] = ids as [string, string]
    await first.inject({ method: 'DELETE', url: `/api/roms/${old}` })
    await first.close() // its timer stops with it
    await sleep(400)
    await store.delete(recent) // as the stopped server's last request
    const second = await createApp(deps)
    try {
      expect(await store.restore(old, 3_600_000)).toBeUndefined() // purged at start
      const undo = await second.inject({ method: 'POST', url: `/api/roms/${recent}/restore` })
      expect(undo.statusCode).toBe(200) // still within its window
    } finally {
      await second.close()
    }
  } finally {
    await store.close()
  }
})
