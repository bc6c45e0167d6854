// Offline identification through the API: uploads are looked up in the cartridge database, entries say
// where their header lies, the player's copy carries the corrected header (unless turned off), and
// ROMs stored before identification existed are identified in the background.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  apiErrorBodySchema,
  romListResponseSchema,
  romUpdateResponseSchema,
  romUploadResponseSchema,
} from '@nes-studio/shared'
import type { RomEntry } from '@nes-studio/shared'
import { buildRom, uploadForm } from '../test/rom-builder'
import { cartridgeDbXml } from '../test/cartridge-db-xml'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'
import { openSqliteRomStore } from '../storage/sqlite/sqlite-rom-store'
import { parseCartridgeDb } from './identity/cartridge-db'
import { crc32Hex } from './identity/identify'

// A UNROM cartridge (mapper 2, vertical by its pads) whose file says mapper 0: the header lies.
const RIGHT = buildRom({ prgBanks: 2, chrBanks: 0, mapper: 2, flags6Low: 1, seed: 21 })
const LYING = RIGHT.slice()
LYING[6] = 0x01
// A homebrew ROM the database does not know.
const HOMEBREW = buildRom({ seed: 22 })

const cartridgeDb = () =>
  parseCartridgeDb(
    new TextEncoder().encode(
      cartridgeDbXml([
        {
          rom: RIGHT,
          system: 'NES-NTSC',
          board: 'NES-UNROM',
          mapper: 2,
          prgKib: 32,
          vramKib: 8,
          pad: 'h',
        },
      ]),
    ),
  )

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function start(): Promise<TestApp> {
  t = await createTestApp({ cartridgeDb: await cartridgeDb() })
  return t
}

async function upload(app: TestApp, bytes: Uint8Array, name = 'game.nes'): Promise<RomEntry> {
  const res = await app.app.inject({ method: 'POST', url: '/api/roms', ...uploadForm(bytes, name) })
  expect(res.statusCode, res.body).toBe(201)
  return romUploadResponseSchema.parse(res.json()).rom
}

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers })

const patch = (app: TestApp, id: string, payload: unknown) =>
  app.app.inject({ method: 'PATCH', url: `/api/roms/${id}`, payload: payload as object })

describe('identifying uploads offline', () => {
  it('gives an upload its cartridge, region, CRC32 and what its header gets wrong', async () => {
    const app = await start()
    const entry = await upload(app, LYING, 'lying.nes')
    expect(entry).toMatchObject({
      mapper: 0,
      crc32: crc32Hex(LYING.subarray(16)),
      region: 'USA',
      useCorrectedHeader: true,
      cartridge: { board: 'NES-UNROM', mapper: 2, systems: ['NES-NTSC'], chrRamBytes: 8192 },
      headerIssues: [
        {
          field: 'mapper',
          header: 0,
          cartridge: 2,
          message: 'header says mapper 0, this cartridge is mapper 2',
        },
      ],
    })
    const list = romListResponseSchema.parse((await get(app, '/api/roms')).json())
    expect(list.roms[0]?.headerIssues).toEqual(entry.headerIssues)
  })

  it('knows nothing of a homebrew ROM and says nothing about its header', async () => {
    const app = await start()
    const entry = await upload(app, HOMEBREW)
    expect(entry).toMatchObject({ cartridge: null, region: null, headerIssues: [] })
    const res = await get(app, `/api/roms/${entry.id}?header=playable`)
    expect(res.headers['x-rom-header']).toBe('original')
    expect(Buffer.compare(res.rawPayload, Buffer.from(HOMEBREW))).toBe(0)
  })
})

describe('GET /api/roms/:id?header=playable', () => {
  it('sends the corrected header while the stored file stays as uploaded', async () => {
    const app = await start()
    const entry = await upload(app, LYING)
    const original = await get(app, `/api/roms/${entry.id}`)
    expect(Buffer.compare(original.rawPayload, Buffer.from(LYING))).toBe(0)
    expect(original.headers['x-rom-header']).toBeUndefined()

    const playable = await get(app, `/api/roms/${entry.id}?header=playable`)
    expect(playable.statusCode).toBe(200)
    expect(playable.headers['x-rom-header']).toBe('corrected')
    expect(Buffer.compare(playable.rawPayload, Buffer.from(RIGHT))).toBe(0)
    expect(playable.headers.etag).not.toBe(original.headers.etag)
    const again = await get(app, `/api/roms/${entry.id}?header=playable`, {
      'if-none-match': String(playable.headers.etag),
    })
    expect(again.statusCode).toBe(304)
    // The original's tag does not validate the corrected copy.
    const stale = await get(app, `/api/roms/${entry.id}?header=playable`, {
      'if-none-match': String(original.headers.etag),
    })
    expect(stale.statusCode).toBe(200)
  })

  it('sends the file as uploaded once the user turns the correction off, and again when on', async () => {
    const app = await start()
    const entry = await upload(app, LYING)
    const off = await patch(app, entry.id, { useCorrectedHeader: false })
    expect(off.statusCode, off.body).toBe(200)
    expect(romUpdateResponseSchema.parse(off.json()).rom).toMatchObject({
      useCorrectedHeader: false,
      headerIssues: entry.headerIssues,
    })
    const playable = await get(app, `/api/roms/${entry.id}?header=playable`)
    expect(playable.headers['x-rom-header']).toBe('original')
    expect(Buffer.compare(playable.rawPayload, Buffer.from(LYING))).toBe(0)
    const list = romListResponseSchema.parse((await get(app, '/api/roms')).json())
    expect(list.roms[0]?.useCorrectedHeader).toBe(false)

    await patch(app, entry.id, { useCorrectedHeader: true })
    const back = await get(app, `/api/roms/${entry.id}?header=playable`)
    expect(Buffer.compare(back.rawPayload, Buffer.from(RIGHT))).toBe(0)
  })

  it('refuses an unknown header mode, a malformed change and an unknown entry', async () => {
    const app = await start()
    const entry = await upload(app, LYING)
    const code = (res: { statusCode: number; json(): unknown }) => [
      res.statusCode,
      apiErrorBodySchema.parse(res.json()).error.code,
    ]
    expect(code(await get(app, `/api/roms/${entry.id}?header=fixed`))).toEqual([400, 'BadRequest'])
    expect(code(await patch(app, entry.id, {}))).toEqual([400, 'BadRequest'])
    expect(code(await patch(app, entry.id, { useCorrectedHeader: 'yes' }))).toEqual([
      400,
      'BadRequest',
    ])
    expect(code(await patch(app, entry.id, { size: 1 }))).toEqual([400, 'BadRequest'])
    const unknown = '6f1c0000-0000-4000-8000-000000000000'
    expect(code(await patch(app, unknown, { useCorrectedHeader: false }))).toEqual([
      404,
      'NotFound',
    ])
  })
})

describe('the start-up identification pass', () => {
  it('identifies ROMs stored before the server knew how', async () => {
    // Stored by a server without a cartridge database (the identity of an empty one).
    const store = await openSqliteRomStore({ file: ':memory:' })
    const before = await createTestApp({ store })
    const entry = await upload(before, LYING)
    expect(entry.cartridge).toBeNull()
    await before.app.close()

    t = await createTestApp({ store, cartridgeDb: await cartridgeDb() })
    const app = t
    await vi.waitFor(
      async () => {
        const list = romListResponseSchema.parse((await get(app, '/api/roms')).json())
        expect(list.roms[0]?.cartridge?.board).toBe('NES-UNROM')
        expect(list.roms[0]?.headerIssues.map((i) => i.field)).toEqual(['mapper'])
      },
      { timeout: 5000, interval: 50 },
    )
  })
})
