// Find and sort through the API: POST /api/roms/:id/played and the "recently played" order, filters by
// mapper, region and saves (a page filtered on saves has no ETag: saves leave the revision alone), the
// search on DAT names, and bad values refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  apiErrorBodySchema,
  romPageResponseSchema,
  romUploadResponseSchema,
} from '@nes-studio/shared'
import type { RomEntry } from '@nes-studio/shared'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

async function upload(seed: number, mapper: number): Promise<RomEntry> {
  const bytes = buildRom({ prgBanks: 2, chrBanks: 1, mapper, seed })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/roms',
    ...uploadForm(bytes, `game-${seed}.nes`),
  })
  expect(res.statusCode, res.body).toBe(201)
  return romUploadResponseSchema.parse(res.json()).rom
}

async function page(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/roms?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  const body = romPageResponseSchema.parse(res.json())
  return { res, total: body.total, titles: body.roms.map((rom) => rom.title), roms: body.roms }
}

describe('GET /api/roms, found and sorted', () => {
  it('orders by the last time played, and a play changes the ETag', async () => {
    const [a, b, c] = [await upload(1, 0), await upload(2, 0), await upload(3, 0)]
    const before = (await page('sort=played')).res.headers.etag
    for (const rom of [c, a]) {
      const played = await t.app.inject({ method: 'POST', url: `/api/roms/${rom.id}/played` })
      expect(played.statusCode).toBe(204)
    }
    const after = await page('sort=played')
    expect(after.res.headers.etag).not.toBe(before)
    expect(after.titles).toEqual([a.title, c.title, b.title])
    expect(after.roms[0]?.lastPlayedAt).toMatch(/^2026-01-01T/)
    expect(after.roms[2]?.lastPlayedAt).toBeNull()
    expect((await page('sort=played&order=asc')).titles).toEqual([c.title, a.title, b.title])
  })

  it('filters by mapper and by saves; a page filtered on saves is never cached', async () => {
    const nrom = await upload(4, 0)
    const mmc1 = await upload(5, 1)
    const saved = await upload(6, 1)
    expect(await page('mapper=1')).toMatchObject({ total: 2, titles: [saved.title, mmc1.title] })
    const none = await page('saves=yes')
    expect(none).toMatchObject({ total: 0, titles: [] })
    expect(none.res.headers.etag).toBeUndefined()
    expect(none.res.headers['cache-control']).toBe('no-store')
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/roms/${saved.id}/save`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([1, 2, 3]),
    })
    expect(put.statusCode, put.body).toBe(200)
    expect(await page('saves=yes')).toMatchObject({ total: 1, titles: [saved.title] })
    expect(await page('saves=yes&mapper=0')).toMatchObject({ total: 0 })
    expect((await page('mapper=0')).titles).toEqual([nrom.title])
  })

  it('refuses filters it cannot read, and a play of an unknown ROM', async () => {
    for (const query of ['mapper=x', 'mapper=4096', 'saves=no', `region=${'a'.repeat(41)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/roms?${query}` })
      expect(res.statusCode, query).toBe(400)
      expect(apiErrorBodySchema.parse(res.json()).error.code).toBe('BadRequest')
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/roms/6f1c2d3e-0000-4000-8000-000000000000/played',
    })
    expect(res.statusCode).toBe(404)
  })
})
