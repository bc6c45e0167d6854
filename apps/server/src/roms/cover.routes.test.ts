// /api/roms/:id/cover through the app: a PNG or WebP stored and served with its version as ETag and
// long-lived caching, named (never inlined) by the list, and every body or request it refuses.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  COVER_MAX_BYTES,
  apiErrorBodySchema,
  coverPutResponseSchema,
  romListResponseSchema,
  romPageResponseSchema,
  romUploadResponseSchema,
} from '@nes-studio/shared'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

// A 1x1 red PNG and a 1x1 lossless WebP.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
)
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ maxRomBytes: 64 * 1024 })
})
afterEach(async () => {
  await t.close()
})

async function addRom(seed = 1): Promise<string> {
  const form = uploadForm(buildRom({ seed }), `game-${seed}.nes`)
  const res = await t.app.inject({ method: 'POST', url: '/api/roms', ...form })
  expect(res.statusCode, res.body).toBe(201)
  return romUploadResponseSchema.parse(res.json()).rom.id
}

const putCover = (id: string, body: Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/roms/${id}/cover`,
    payload: body,
    headers: { 'content-type': 'image/png', ...headers },
  })

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status)
  expect(apiErrorBodySchema.parse(res.json()).error.code).toBe(code)
}

async function firstPageEntry(id: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/roms?offset=0&limit=10' })
  return romPageResponseSchema.parse(res.json()).roms.find((rom) => rom.id === id)
}

describe('PUT /api/roms/:id/cover', () => {
  it('stores a PNG, names its version in the list (never the picture) and serves it cached for good', async () => {
    const id = await addRom()
    expect((await firstPageEntry(id))?.coverVersion).toBeNull()
    const put = await putCover(id, PNG)
    expect(put.statusCode, put.body).toBe(200)
    const { cover } = coverPutResponseSchema.parse(put.json())
    expect(cover).toMatchObject({ type: 'image/png', size: PNG.length })
    expect(put.headers.etag).toBe(`"${cover.version}"`)

    const page = await t.app.inject({ method: 'GET', url: '/api/roms?offset=0&limit=10' })
    expect(romPageResponseSchema.parse(page.json()).roms[0]?.coverVersion).toBe(cover.version)
    expect(page.body).not.toContain(PNG.toString('base64').slice(0, 20))
    const whole = romListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/roms' })).json(),
    )
    expect(whole.roms[0]?.coverVersion).toBe(cover.version)

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/roms/${id}/cover?v=${cover.version}`,
    })
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-type']).toBe('image/png')
    expect(got.headers.etag).toBe(`"${cover.version}"`)
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(got.rawPayload.equals(PNG)).toBe(true)

    const unversioned = await t.app.inject({ method: 'GET', url: `/api/roms/${id}/cover` })
    expect(unversioned.headers['cache-control']).toBe('no-cache')
    const revalidated = await t.app.inject({
      method: 'GET',
      url: `/api/roms/${id}/cover`,
      headers: { 'if-none-match': `"${cover.version}"` },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.rawPayload.length).toBe(0)
  })

  it('replaces a cover with a WebP under a new version; an old version URL is no longer cached', async () => {
    const id = await addRom()
    const first = coverPutResponseSchema.parse((await putCover(id, PNG)).json()).cover
    const second = await putCover(id, WEBP, { 'content-type': 'image/webp' })
    const { cover } = coverPutResponseSchema.parse(second.json())
    expect(cover.type).toBe('image/webp')
    expect(cover.version).not.toBe(first.version)
    expect((await firstPageEntry(id))?.coverVersion).toBe(cover.version)
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/roms/${id}/cover?v=${first.version}`,
    })
    expect(old.headers['content-type']).toBe('image/webp')
    expect(old.headers['cache-control']).toBe('no-cache')
  })

  it('412 CoverExists with If-None-Match: * when the entry has a cover, which is kept', async () => {
    const id = await addRom()
    expect((await putCover(id, PNG, { 'if-none-match': '*' })).statusCode).toBe(200)
    const again = await putCover(id, WEBP, { 'if-none-match': '*' })
    expectError(again, 412, 'CoverExists')
    const got = await t.app.inject({ method: 'GET', url: `/api/roms/${id}/cover` })
    expect(got.rawPayload.equals(PNG)).toBe(true)
  })

  it('415 NotAnImage for a body that is not a PNG or WebP by its bytes, whatever its type says', async () => {
    const id = await addRom()
    expectError(
      await putCover(id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      415,
      'NotAnImage',
    )
    expectError(
      await putCover(id, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')),
      415,
      'NotAnImage',
    )
    expectError(await putCover(id, Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ')), 415, 'NotAnImage')
    expectError(await putCover(id, Buffer.alloc(0)), 415, 'NotAnImage')
    expect((await firstPageEntry(id))?.coverVersion).toBeNull()
  })

  it(`413 CoverTooLarge over ${COVER_MAX_BYTES} bytes; exactly that many is stored`, async () => {
    const id = await addRom()
    const padded = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)])
    expectError(await putCover(id, padded(COVER_MAX_BYTES + 1)), 413, 'CoverTooLarge')
    expect((await firstPageEntry(id))?.coverVersion).toBeNull()
    expect((await putCover(id, padded(COVER_MAX_BYTES))).statusCode).toBe(200)
  })

  it('404 for an id that is not in the library, not valid, or deleted', async () => {
    expectError(await putCover(crypto.randomUUID(), PNG), 404, 'NotFound')
    expectError(await putCover('not-an-id', PNG), 404, 'NotFound')
    const id = await addRom()
    expect((await t.app.inject({ method: 'DELETE', url: `/api/roms/${id}` })).statusCode).toBe(204)
    expectError(await putCover(id, PNG), 404, 'NotFound')
  })
})

describe('GET and DELETE /api/roms/:id/cover', () => {
  it('404 NoCover for an entry without one; DELETE removes it and the list forgets its version', async () => {
    const id = await addRom()
    expectError(await t.app.inject({ method: 'GET', url: `/api/roms/${id}/cover` }), 404, 'NoCover')
    await putCover(id, PNG)
    const del = await t.app.inject({ method: 'DELETE', url: `/api/roms/${id}/cover` })
    expect(del.statusCode).toBe(204)
    expect((await firstPageEntry(id))?.coverVersion).toBeNull()
    expectError(await t.app.inject({ method: 'GET', url: `/api/roms/${id}/cover` }), 404, 'NoCover')
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/roms/${id}/cover` }),
      404,
      'NoCover',
    )
  })

  it('a deleted entry has no cover to serve', async () => {
    const id = await addRom()
    await putCover(id, PNG)
    await t.app.inject({ method: 'DELETE', url: `/api/roms/${id}` })
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/roms/${id}/cover` }),
      404,
      'NotFound',
    )
  })
})

it('with LIBRARY_TOKEN, putting or removing a cover needs the token; reading it does not', async () => {
  await t.close()
  t = await createTestApp({ maxRomBytes: 64 * 1024, libraryToken: 'a-long-library-token' })
  const auth = { authorization: 'Bearer a-long-library-token' }
  const form = uploadForm(buildRom({ seed: 9 }), 'locked.nes')
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/roms',
    payload: form.payload,
    headers: { ...form.headers, ...auth },
  })
  const id = romUploadResponseSchema.parse(added.json()).rom.id
  expectError(await putCover(id, PNG), 401, 'TokenRequired')
  expect((await putCover(id, PNG, auth)).statusCode).toBe(200)
  expect((await t.app.inject({ method: 'GET', url: `/api/roms/${id}/cover` })).statusCode).toBe(200)
  expectError(
    await t.app.inject({ method: 'DELETE', url: `/api/roms/${id}/cover` }),
    401,
    'TokenRequired',
  )
})
