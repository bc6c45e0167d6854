import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  apiErrorBodySchema,
  romListResponseSchema,
  romPageResponseSchema,
  romUploadResponseSchema,
} from '@nes-studio/shared'
import type { RomEntry } from '@nes-studio/shared'
import { buildRom, multipart, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ maxRomBytes: 64 * 1024, allowedHosts: ['nes.example'] })
})
afterEach(async () => {
  await t.close()
})

async function upload(bytes: Uint8Array, fileName = 'game.nes', title?: string) {
  return t.app.inject({ method: 'POST', url: '/api/roms', ...uploadForm(bytes, fileName, title) })
}

async function uploadOk(
  bytes: Uint8Array,
  fileName = 'game.nes',
  title?: string,
): Promise<RomEntry> {
  const res = await upload(bytes, fileName, title)
  expect(res.statusCode, res.body).toBe(201)
  return romUploadResponseSchema.parse(res.json()).rom
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status)
  const body = apiErrorBodySchema.parse(res.json())
  expect(body.error.code).toBe(code)
  expect(body.error.message.length).toBeGreaterThan(10)
  return body.error.message
}

describe('POST /api/roms', () => {
  it('stores a ROM and returns 201 with the header facts', async () => {
    const rom = buildRom({ prgBanks: 2, chrBanks: 1, mapper: 4, flags6Low: 0b0011 })
    const res = await upload(rom, 'Super Game.nes', '  My Title  ')
    expect(res.statusCode).toBe(201)
    const entry = romUploadResponseSchema.parse(res.json()).rom
    expect(res.headers.location).toBe(`/api/roms/${entry.id}`)
    expect(entry).toMatchObject({
      title: 'My Title',
      fileName: 'Super Game.nes',
      fileSize: rom.length,
      mapper: 4,
      mapperName: 'MMC3',
      prgRomBanks: 2,
      chrRomBanks: 1,
      mirroring: 'vertical',
      battery: true,
      nes2: false,
    })
    expect(entry.sha1).toMatch(/^[0-9a-f]{40}$/)
    expect(new Date(entry.createdAt).toISOString()).toBe(entry.createdAt)
  })

  it('falls back to the file name for an empty or missing title, and caps long titles', async () => {
    expect((await uploadOk(buildRom({ seed: 1 }), 'Zelda.NES', '   ')).title).toBe('Zelda')
    expect((await uploadOk(buildRom({ seed: 2 }), 'Metroid.nes')).title).toBe('Metroid')
    const long = await uploadOk(buildRom({ seed: 3 }), 'x.nes', 'T'.repeat(250))
    expect(long.title).toHaveLength(100)
  })

  it('400 InvalidTitle for a title of only zero-width characters', async () => {
    const msg = expectError(
      await upload(buildRom(), 'a.nes', '\u200b\u200d\u2060\ufeff'),
      400,
      'InvalidTitle',
    )
    expect(msg).toContain('no visible characters')
  })

  it('never uses the file name as a path', async () => {
    const entry = await uploadOk(buildRom(), '..\\..\\evil\u0001<name>|.nes')
    expect(entry.fileName).toBe('evil_name__.nes')
  })

  it('400 when there is no file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/roms',
      ...multipart([{ name: 'title', value: 'x' }]),
    })
    expectError(res, 400, 'NoFile')
    const wrongField = await t.app.inject({
      method: 'POST',
      url: '/api/roms',
      ...multipart([{ name: 'file', value: buildRom(), fileName: 'a.nes' }]),
    })
    expectError(wrongField, 400, 'NoFile')
    // What a browser sends for a form whose file input is empty.
    const emptyInput = await t.app.inject({
      method: 'POST',
      url: '/api/roms',
      ...multipart([
        { name: 'title', value: 'x' },
        { name: 'romFile', value: new Uint8Array(0), fileName: '' },
      ]),
    })
    expectError(emptyInput, 400, 'NoFile')
  })

  it('400 for a name not ending in .nes', async () => {
    const msg = expectError(await upload(buildRom(), 'game.zip'), 400, 'InvalidFileName')
    expect(msg).toContain('.nes')
  })

  it('400 for a file that is not an iNES image', async () => {
    expectError(await upload(new Uint8Array(4096).fill(7)), 400, 'InvalidRom')
  })

  it('400 for a file under 1024 bytes', async () => {
    expectError(await upload(buildRom().subarray(0, 1023)), 400, 'RomTooSmall')
  })

  it('400 when the header sizes do not fit the file', async () => {
    const msg = expectError(
      await upload(buildRom({ prgBanks: 2 }).subarray(0, 30000)),
      400,
      'RomSizeMismatch',
    )
    expect(msg).toContain('30000')
  })

  it('409 for the same ROM again, naming the existing title', async () => {
    const rom = buildRom({ seed: 9 })
    await uploadOk(rom, 'a.nes', 'First Copy')
    const changedHeader = rom.slice()
    changedHeader[15] = 0 // header bytes differ, ROM data identical
    changedHeader[6] = (changedHeader[6] ?? 0) | 0x02
    const msg = expectError(await upload(changedHeader, 'b.nes', 'Second'), 409, 'DuplicateRom')
    expect(msg).toContain('"First Copy"')
    const list = await t.app.inject({ url: '/api/roms' })
    expect(romListResponseSchema.parse(list.json()).roms).toHaveLength(1)
  })

  it('413 over MAX_ROM_BYTES, also when Content-Length is not trusted', async () => {
    const big = buildRom({ prgBanks: 4, chrBanks: 1 }) // > 64 KiB
    const msg = expectError(await upload(big), 413, 'RomTooLarge')
    expect(msg).toContain('64 KiB')
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/roms',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '99999999' },
      payload: 'x',
    })
    expectError(huge, 413, 'RomTooLarge')
    expect(huge.headers.connection).toBe('close')
  })

  it('415 when the body is not multipart', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/roms', payload: { title: 'x' } })
    expectError(json, 415, 'UnsupportedMediaType')
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/roms',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(buildRom()),
    })
    expectError(raw, 415, 'UnsupportedMediaType')
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/roms' }),
      415,
      'UnsupportedMediaType',
    )
  })

  it('403 for writes from another site; same-origin writes pass', async () => {
    const form = uploadForm(buildRom())
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/roms',
      payload: form.payload,
      headers: { ...form.headers, host: 'nes.example', origin: 'https://evil.example' },
    })
    expectError(cross, 403, 'CrossSiteRequest')
    const fetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/roms',
      payload: form.payload,
      headers: { ...form.headers, 'sec-fetch-site': 'cross-site' },
    })
    expectError(fetchSite, 403, 'CrossSiteRequest')
    const nullOrigin = await t.app.inject({
      method: 'DELETE',
      url: `/api/roms/${crypto.randomUUID()}`,
      headers: { origin: 'null' },
    })
    expectError(nullOrigin, 403, 'CrossSiteRequest')
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/roms',
      payload: form.payload,
      headers: {
        ...form.headers,
        host: 'nes.example',
        origin: 'https://nes.example',
        'sec-fetch-site': 'same-origin',
      },
    })
    expect(same.statusCode).toBe(201)
  })
})

describe('GET /api/roms', () => {
  it('lists entries newest first', async () => {
    expect((await t.app.inject({ url: '/api/roms' })).json()).toEqual({ roms: [] })
    const a = await uploadOk(buildRom({ seed: 1 }), 'a.nes')
    const b = await uploadOk(buildRom({ seed: 2 }), 'b.nes')
    const res = await t.app.inject({ url: '/api/roms' })
    expect(res.statusCode).toBe(200)
    expect(romListResponseSchema.parse(res.json()).roms.map((r) => r.id)).toEqual([b.id, a.id])
  })
})

describe('GET /api/roms pages', () => {
  it('pages, searches and sorts when asked; the bare list keeps its shape', async () => {
    await uploadOk(buildRom({ seed: 1 }), 'a.nes', 'Zelda')
    await uploadOk(buildRom({ seed: 2, prgBanks: 2 }), 'b.nes', 'Metroid')
    await uploadOk(buildRom({ seed: 3 }), 'c.nes', 'Mega Man')
    const page = await t.app.inject({ url: '/api/roms?limit=2' })
    const body = romPageResponseSchema.parse(page.json())
    expect(body).toMatchObject({ total: 3, offset: 0, limit: 2 })
    expect(body.roms.map((r) => r.title)).toEqual(['Mega Man', 'Metroid'])
    const next = romPageResponseSchema.parse(
      (await t.app.inject({ url: '/api/roms?limit=2&offset=2' })).json(),
    )
    expect(next.roms.map((r) => r.title)).toEqual(['Zelda'])
    const search = await t.app.inject({ url: '/api/roms?q=%20ME&sort=title' })
    expect(romPageResponseSchema.parse(search.json()).roms.map((r) => r.title)).toEqual([
      'Mega Man',
      'Metroid',
    ])
    // control characters match no title (a NUL would be a 500 on PostgreSQL): they are spaces
    const withNul = await t.app.inject({ url: '/api/roms?q=ME%00&sort=title' })
    expect(romPageResponseSchema.parse(withNul.json()).total).toBe(2)
    const onlyNul = await t.app.inject({ url: '/api/roms?q=%00%09' })
    expect(romPageResponseSchema.parse(onlyNul.json()).total).toBe(3)
    const inner = await t.app.inject({ url: '/api/roms?q=mega%0A%00man' })
    expect(romPageResponseSchema.parse(inner.json()).roms.map((r) => r.title)).toEqual(['Mega Man'])
    const bySize = await t.app.inject({ url: '/api/roms?sort=size&order=desc&limit=1' })
    expect(romPageResponseSchema.parse(bySize.json()).roms.map((r) => r.title)).toEqual(['Metroid'])
    expect(Object.keys((await t.app.inject({ url: '/api/roms' })).json())).toEqual(['roms'])
  })

  it('400 for a query it cannot serve', async () => {
    for (const q of [
      'limit=0',
      'limit=501',
      'offset=-1',
      'sort=genre',
      'order=up',
      `q=${'x'.repeat(101)}`,
    ]) {
      expectError(await t.app.inject({ url: `/api/roms?${q}` }), 400, 'BadRequest')
    }
  })
})

describe('GET /api/roms caching', () => {
  it('sends an ETag that changes with the library, and 304 while it does not', async () => {
    const empty = await t.app.inject({ url: '/api/roms' })
    const etag = String(empty.headers.etag)
    expect(etag).toMatch(/^".+"$/)
    expect(empty.headers['cache-control']).toBe('no-cache')
    const same = await t.app.inject({ url: '/api/roms', headers: { 'if-none-match': etag } })
    expect(same.statusCode).toBe(304)
    expect(same.body).toBe('')

    const rom = await uploadOk(buildRom({ seed: 5 }))
    const changed = await t.app.inject({ url: '/api/roms', headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(romListResponseSchema.parse(changed.json()).roms.map((r) => r.id)).toEqual([rom.id])

    await t.app.inject({ method: 'DELETE', url: `/api/roms/${rom.id}` })
    const afterDelete = await t.app.inject({
      url: '/api/roms',
      headers: { 'if-none-match': String(changed.headers.etag) },
    })
    expect(afterDelete.statusCode).toBe(200)
    expect(afterDelete.json()).toEqual({ roms: [] })
  })

  it('compresses a large list for clients that accept it', async () => {
    for (let seed = 10; seed < 20; seed++) await uploadOk(buildRom({ seed }), `rom-${seed}.nes`)
    const br = await t.app.inject({ url: '/api/roms', headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    const plain = await t.app.inject({ url: '/api/roms' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(romListResponseSchema.parse(plain.json()).roms).toHaveLength(10)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
  })

  it('compresses a page as well', async () => {
    for (let seed = 10; seed < 20; seed++) await uploadOk(buildRom({ seed }), `rom-${seed}.nes`)
    const url = '/api/roms?offset=0&limit=40'
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    const plain = await t.app.inject({ url })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(romPageResponseSchema.parse(plain.json()).roms).toHaveLength(10)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  })

  it('sees writes made through another connection to the same database', async () => {
    const first = await uploadOk(buildRom({ seed: 6 }))
    expect((await t.app.inject({ url: '/api/roms' })).json().roms).toHaveLength(1)
    await t.store.delete(first.id) // behind the route's back, as another server would
    expect((await t.app.inject({ url: '/api/roms' })).json().roms).toHaveLength(0)
  })
})

describe('GET /api/roms/:id', () => {
  it('returns the exact bytes with a safe Content-Disposition and a strong ETag', async () => {
    const rom = buildRom({ prgBanks: 2, trailing: 7 })
    const entry = await uploadOk(rom, 'Dr. Mario ドクター.nes')
    const res = await t.app.inject({
      url: `/api/roms/${entry.id}`,
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Dr. Mario ____.nes"; filename*=UTF-8''Dr.%20Mario%20` +
        `%E3%83%89%E3%82%AF%E3%82%BF%E3%83%BC.nes`,
    )
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/)
    expect(Buffer.compare(res.rawPayload, Buffer.from(rom))).toBe(0)
  })

  it('keeps a quoted name as Chromium sends it (%22) as the documented _, in the list and the download', async () => {
    const entry = await uploadOk(buildRom(), 'Say %22Hi%22.nes')
    expect(entry.fileName).toBe('Say _Hi_.nes')
    const res = await t.app.inject({ url: `/api/roms/${entry.id}` })
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Say _Hi_.nes"; filename*=UTF-8''Say%20_Hi_.nes`,
    )
  })

  it('answers a conditional GET with 304', async () => {
    const entry = await uploadOk(buildRom())
    const first = await t.app.inject({ url: `/api/roms/${entry.id}` })
    const etag = String(first.headers.etag)
    const again = await t.app.inject({
      url: `/api/roms/${entry.id}`,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload).toHaveLength(0)
    expect(again.headers.etag).toBe(etag)
    const listed = await t.app.inject({
      url: `/api/roms/${entry.id}`,
      headers: { 'if-none-match': `"nope", W/${etag}` },
    })
    expect(listed.statusCode).toBe(304)
    const stale = await t.app.inject({
      url: `/api/roms/${entry.id}`,
      headers: { 'if-none-match': '"nope"' },
    })
    expect(stale.statusCode).toBe(200)
  })

  it('404 for unknown and malformed ids', async () => {
    for (const id of [crypto.randomUUID(), 'not-an-id', '1', '..%2F..%2Fetc', "x' OR 1=1 --"]) {
      expectError(
        await t.app.inject({ url: `/api/roms/${encodeURIComponent(id)}` }),
        404,
        'NotFound',
      )
    }
  })
})

describe('DELETE /api/roms/:id', () => {
  it('204, then the entry is gone; 404 for unknown ids', async () => {
    const entry = await uploadOk(buildRom())
    const del = await t.app.inject({ method: 'DELETE', url: `/api/roms/${entry.id}` })
    expect(del.statusCode).toBe(204)
    expect(del.body).toBe('')
    expectError(await t.app.inject({ url: `/api/roms/${entry.id}` }), 404, 'NotFound')
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/roms/${entry.id}` }),
      404,
      'NotFound',
    )
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/roms/bad' }), 404, 'NotFound')
    expect((await t.app.inject({ url: '/api/roms' })).json()).toEqual({ roms: [] })
  })
})

describe('errors', () => {
  it('turns unexpected failures into a logged JSON 500', async () => {
    await t.store.close() // the next query throws inside the store
    const res = await t.app.inject({ url: '/api/roms' })
    expectError(res, 500, 'InternalError')
  })
})
