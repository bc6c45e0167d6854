// Real titles from a DAT through the API: import (Logiqx XML and clrmamepro text), what entries get,
// later uploads, renames, removal, and bad DATs refused with nothing applied.
import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  apiErrorBodySchema,
  DAT_MAX_BYTES,
  datImportResponseSchema,
  datListResponseSchema,
  romListResponseSchema,
  romUpdateResponseSchema,
  romUploadResponseSchema,
} from '@nes-studio/shared'
import type { RomEntry } from '@nes-studio/shared'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { DatService } from './dat.service'
import { parseCartridgeDb } from './identity/cartridge-db'

const ZELDA = buildRom({ prgBanks: 8, chrBanks: 0, mapper: 1, seed: 31 })
const MARIO = buildRom({ prgBanks: 2, chrBanks: 1, seed: 32 })
const LATER = buildRom({ prgBanks: 1, chrBanks: 1, seed: 33 })

const sha1 = (b: Uint8Array) => createHash('sha1').update(b).digest('hex')
const crc = (b: Uint8Array) => crc32(b).toString(16).padStart(8, '0').toUpperCase()

/** A headerless Logiqx DAT naming ZELDA and MARIO by SHA-1 of the ROM without its header. */
const LOGIQX = `<?xml version="1.0"?>
<datafile>
  <header><name>Test - NES (Headerless)</name><version>1</version></header>
  <game name="Legend of Zelda, The (USA) (Rev 1)">
    <rom name="zelda.nes" size="${ZELDA.length - 16}" sha1="${sha1(ZELDA.subarray(16))}"/>
  </game>
  <game name="Super Mario Bros. (World)">
    <rom name="smb.nes" size="${MARIO.length - 16}" sha1="${sha1(MARIO.subarray(16))}"/>
  </game>
</datafile>`

/** A headered clrmamepro DAT naming LATER by the CRC32 of the whole file. */
const CLRMAMEPRO = `clrmamepro ( name "Test - NES (Headered)" )
game ( name "Homebrew Hero (Europe) (v1.1)" rom ( name "hero.nes" size ${LATER.length} crc ${crc(LATER)} ) )`

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(async () => {
  await t.close()
})

async function upload(bytes: Uint8Array, fileName: string, title?: string): Promise<RomEntry> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/roms',
    ...uploadForm(bytes, fileName, title),
  })
  expect(res.statusCode, res.body).toBe(201)
  return romUploadResponseSchema.parse(res.json()).rom
}

const postDat = (body: string | Uint8Array, type = 'application/octet-stream') =>
  t.app.inject({
    method: 'POST',
    url: '/api/dats',
    headers: { 'content-type': type },
    payload: Buffer.from(body),
  })

async function entries(): Promise<RomEntry[]> {
  return romListResponseSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/roms' })).json(),
  ).roms
}

const errorOf = (res: { statusCode: number; json(): unknown }) => [
  res.statusCode,
  apiErrorBodySchema.parse(res.json()).error.code,
]

describe('POST /api/dats', () => {
  it('names the entries a Logiqx DAT lists, keeping a title the user typed', async () => {
    const zelda = await upload(ZELDA, 'zelda.nes')
    const mario = await upload(MARIO, 'smb.nes', 'My Mario')
    expect(zelda.titleSource).toBe('file')
    expect(mario.titleSource).toBe('user')

    const res = await postDat(LOGIQX, 'application/xml')
    expect(res.statusCode, res.body).toBe(201)
    const body = datImportResponseSchema.parse(res.json())
    expect(body).toMatchObject({ matched: 2, renamed: 1 })
    expect(body.dat).toMatchObject({
      name: 'Test - NES (Headerless)',
      format: 'logiqx',
      gameCount: 2,
    })

    const [newest, oldest] = await entries()
    expect(oldest).toMatchObject({
      id: zelda.id,
      title: 'Legend of Zelda, The (USA) (Rev 1)',
      titleSource: 'dat',
      region: 'USA',
      dat: { name: 'Legend of Zelda, The (USA) (Rev 1)', region: 'USA', revision: 'Rev 1' },
    })
    expect(newest).toMatchObject({
      id: mario.id,
      title: 'My Mario',
      titleSource: 'user',
      region: 'World',
      dat: { name: 'Super Mario Bros. (World)' },
    })
    const list = datListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dats' })).json(),
    )
    expect(list.dats.map((d) => [d.name, d.matchedRoms])).toEqual([['Test - NES (Headerless)', 2]])
  })

  it('is stored and names later uploads; a headered clrmamepro DAT matches the whole file', async () => {
    expect((await postDat(CLRMAMEPRO)).statusCode).toBe(201)
    const later = await upload(LATER, 'hero.nes')
    expect(later).toMatchObject({
      title: 'Homebrew Hero (Europe) (v1.1)',
      titleSource: 'dat',
      region: 'Europe',
      dat: { revision: 'v1.1' },
    })
    const typed = await upload(ZELDA, 'zelda.nes', 'Typed')
    expect(typed).toMatchObject({ title: 'Typed', dat: null })
  })

  it('refuses hostile, malformed and oversized DATs and applies nothing', async () => {
    const zelda = await upload(ZELDA, 'zelda.nes')
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE datafile [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
      `<datafile><game name="&b;"><rom sha1="${sha1(ZELDA.subarray(16))}"/></game></datafile>`
    const hostile = await postDat(laughs)
    expect(errorOf(hostile)).toEqual([400, 'InvalidDat'])
    expect(apiErrorBodySchema.parse(hostile.json()).error.message).toMatch(/declares entities/)
    expect(errorOf(await postDat(LOGIQX.replace('</datafile>', '')))).toEqual([400, 'InvalidDat'])
    expect(errorOf(await postDat(new Uint8Array(DAT_MAX_BYTES + 1)))).toEqual([413, 'DatTooLarge'])
    expect(errorOf(await postDat(LOGIQX, 'application/json'))).toEqual([
      415,
      'UnsupportedMediaType',
    ])
    expect((await entries()).map((e) => [e.title, e.dat])).toEqual([['zelda', null]])
    expect(
      datListResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/dats' })).json())
        .dats,
    ).toEqual([])
    expect(zelda.title).toBe('zelda')
  })
})

describe('renaming and removing', () => {
  it('keeps a renamed title over a DAT, and an empty rename gives the DAT name back', async () => {
    const zelda = await upload(ZELDA, 'zelda.nes')
    await postDat(LOGIQX)
    const patch = (title: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/roms/${zelda.id}`, payload: { title } })
    const renamed = romUpdateResponseSchema.parse((await patch('  Zelda, my way  ')).json()).rom
    expect(renamed).toMatchObject({ title: 'Zelda, my way', titleSource: 'user' })
    // Importing the DAT again (a new version replaces it) keeps the user's title.
    await postDat(LOGIQX)
    expect((await entries())[0]).toMatchObject({
      title: 'Zelda, my way',
      dat: { revision: 'Rev 1' },
    })
    const back = romUpdateResponseSchema.parse((await patch('')).json()).rom
    expect(back).toMatchObject({ title: 'Legend of Zelda, The (USA) (Rev 1)', titleSource: 'dat' })
    expect(errorOf(await patch('\u200b\u200b'))).toEqual([400, 'InvalidTitle'])
  })

  it('removes a DAT: titles it gave go back to the file names', async () => {
    await upload(ZELDA, 'zelda.nes')
    const imported = datImportResponseSchema.parse((await postDat(LOGIQX)).json())
    const del = await t.app.inject({ method: 'DELETE', url: `/api/dats/${imported.dat.id}` })
    expect(del.statusCode).toBe(204)
    expect((await entries())[0]).toMatchObject({ title: 'zelda', titleSource: 'file', dat: null })
    const again = await t.app.inject({ method: 'DELETE', url: `/api/dats/${imported.dat.id}` })
    expect(errorOf(again)).toEqual([404, 'NotFound'])
  })
})

describe('DatService', () => {
  it('imports one DAT at a time, and leaves nothing when applying fails', async () => {
    const store = await openSqliteRomStore({ file: ':memory:' })
    try {
      const service = new DatService(store)
      const first = service.import(new TextEncoder().encode(LOGIQX))
      await expect(service.import(new TextEncoder().encode(CLRMAMEPRO))).rejects.toMatchObject({
        status: 503,
        code: 'ServerBusy',
      })
      await first
      vi.spyOn(store, 'finishDatImport').mockRejectedValueOnce(new Error('disk gone'))
      await expect(service.import(new TextEncoder().encode(CLRMAMEPRO))).rejects.toThrow(
        'disk gone',
      )
      expect((await store.listDats()).map((d) => d.name)).toEqual(['Test - NES (Headerless)'])
      const hashes = { sha1: 'x', fileSha1: null, crc32: null, fileCrc32: crc(LATER).toLowerCase() }
      expect(await store.findDatRom({ ...hashes, fileSize: LATER.length })).toBeUndefined()
    } finally {
      await store.close()
    }
  })
})

describe('ROMs stored before DATs were kept', () => {
  it('are named by a headered DAT once the start-up pass has read their whole-file hashes', async () => {
    const store = await openSqliteRomStore({ file: ':memory:' })
    const first = await createTestApp({ store })
    const res = await first.app.inject({
      method: 'POST',
      url: '/api/roms',
      ...uploadForm(LATER, 'hero.nes'),
    })
    const { id } = romUploadResponseSchema.parse(res.json()).rom
    // As a server before migration 7 left it: no hashes but the library's sha1.
    const none = { crc32: null, fileSha1: null, fileCrc32: null, cartridge: null, cartRegion: null }
    await store.setIdentity(id, { ...none, cartridgeDb: null })
    const imported = await first.app.inject({
      method: 'POST',
      url: '/api/dats',
      headers: { 'content-type': 'text/plain' },
      payload: CLRMAMEPRO,
    })
    expect(datImportResponseSchema.parse(imported.json()).matched).toBe(0)
    await first.app.close()

    const db = await parseCartridgeDb(new TextEncoder().encode('<database></database>'))
    const second = await createTestApp({ store, cartridgeDb: db })
    try {
      await vi.waitFor(
        async () => {
          const list = await second.app.inject({ method: 'GET', url: '/api/roms' })
          expect(romListResponseSchema.parse(list.json()).roms[0]?.title).toBe(
            'Homebrew Hero (Europe) (v1.1)',
          )
        },
        { timeout: 5000, interval: 50 },
      )
    } finally {
      await second.close()
    }
  })
})
