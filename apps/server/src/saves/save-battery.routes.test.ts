// /api/roms/:id/save: the battery save's bytes, limits and versions (If-Match / If-None-Match).
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { BATTERY_SAVE_MAX_BYTES, batterySavePutResponseSchema } from '@nes-studio/shared'
import { t, rom, expectError, bytesOf, endless, putSave } from '../test/save-routes'

describe('battery save', () => {
  it('404 until written, then returns the exact bytes; a second PUT replaces them', async () => {
    const none = await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/save` })
    expect(expectError(none, 404, 'NotFound')).toMatch(/no battery save/)
    const first = await putSave(bytesOf(8192, 1))
    expect(first.statusCode, first.body).toBe(200)
    const saved = batterySavePutResponseSchema.parse(first.json()).save
    expect(saved).toMatchObject({ romId: rom.id, size: 8192 })
    const bytes = bytesOf(BATTERY_SAVE_MAX_BYTES, 2)
    expect((await putSave(bytes)).statusCode).toBe(200)
    const res = await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/save` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(new Date(String(res.headers['x-save-updated-at'])).getTime()).toBeGreaterThan(
      new Date(saved.updatedAt).getTime(),
    )
    expect(res.rawPayload.equals(bytes)).toBe(true)
  })

  it('sends an ETag and stores a PUT with If-Match / If-None-Match only from the current version', async () => {
    const putFrom = (payload: Buffer, headers: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/roms/${rom.id}/save`,
        headers: { 'content-type': 'application/octet-stream', ...headers },
        payload,
      })
    const first = await putFrom(bytesOf(64, 1), { 'if-none-match': '*' })
    expect(first.statusCode, first.body).toBe(200)
    const v1 = batterySavePutResponseSchema.parse(first.json()).save.updatedAt
    expect(first.headers.etag).toBe(`"${v1}"`)
    const got = await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/save` })
    expect(got.headers.etag).toBe(`"${v1}"`)

    // Another browser stores a save in between: a write still based on v1's predecessor is refused.
    expectError(await putFrom(bytesOf(64, 2), { 'if-none-match': '*' }), 412, 'SaveConflict')
    await new Promise((resolve) => setTimeout(resolve, 5))
    const second = await putFrom(bytesOf(64, 3), { 'if-match': `"${v1}"` })
    expect(second.statusCode, second.body).toBe(200)
    const v2 = batterySavePutResponseSchema.parse(second.json()).save.updatedAt
    const stale = await putFrom(bytesOf(64, 4), { 'if-match': `"${v1}"` })
    expect(expectError(stale, 412, 'SaveConflict')).toMatch(/did not overwrite/)
    expect(stale.headers.etag).toBe(`"${v2}"`)
    expect(stale.headers['x-save-updated-at']).toBe(v2)
    const kept = await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/save` })
    expect(kept.rawPayload.equals(bytesOf(64, 3))).toBe(true)
    // The same bytes sent again (an answer lost on the way) are taken as stored.
    const repeat = await putFrom(bytesOf(64, 3), { 'if-match': `"${v1}"` })
    expect(repeat.statusCode, repeat.body).toBe(200)
    expect(batterySavePutResponseSchema.parse(repeat.json()).save.updatedAt).toBe(v2)
    // Without a condition a PUT replaces whatever is there, as before.
    expect((await putFrom(bytesOf(64, 5), {})).statusCode).toBe(200)
  })

  it('400 for a malformed If-Match or If-None-Match on a save', async () => {
    for (const headers of [
      { 'if-match': 'W/"2026-03-01T10:00:00.000Z"' },
      { 'if-match': '*' },
      { 'if-match': '"yesterday"' },
      { 'if-none-match': '"2026-03-01T10:00:00.000Z"' },
      { 'if-match': '"2026-03-01T10:00:00.000Z"', 'if-none-match': '*' },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/roms/${rom.id}/save`,
        headers: { 'content-type': 'application/octet-stream', ...headers },
        payload: bytesOf(64, 1),
      })
      expectError(res, 400, 'BadRequest')
    }
  })

  it('deletes the save, then 404', async () => {
    await putSave(bytesOf(8192))
    const del = await t.app.inject({ method: 'DELETE', url: `/api/roms/${rom.id}/save` })
    expect(del.statusCode).toBe(204)
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/save` }),
      404,
      'NotFound',
    )
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/roms/${rom.id}/save` }),
      404,
      'NotFound',
    )
  })

  it('413 over 64 KiB, by Content-Length or while streaming, and keeps the old save', async () => {
    const old = bytesOf(8192, 3)
    await putSave(old)
    const big = bytesOf(BATTERY_SAVE_MAX_BYTES + 1)
    expect(expectError(await putSave(big), 413, 'SaveTooLarge')).toMatch(/64 KiB/)
    const streamed = await putSave(Readable.from([big.subarray(0, 40_000), big.subarray(40_000)]))
    expectError(streamed, 413, 'SaveTooLarge')
    expectError(await putSave(endless()), 413, 'SaveTooLarge')
    const res = await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/save` })
    expect(res.rawPayload.equals(old)).toBe(true)
  })

  it('400 for an empty save, 415 for anything but application/octet-stream', async () => {
    expectError(await putSave(Buffer.alloc(0)), 400, 'InvalidSave')
    expectError(
      await putSave(Buffer.from('{"a":1}'), rom.id, 'application/json'),
      415,
      'UnsupportedMediaType',
    )
    expectError(
      await putSave(Buffer.from('abc'), rom.id, 'text/plain'),
      415,
      'UnsupportedMediaType',
    )
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/save` }),
      404,
      'NotFound',
    )
  })

  it('404 for an unknown or malformed ROM id', async () => {
    const unknown = '2209221d-8b5c-4585-9ecd-a7f42ffda7c4'
    expect(expectError(await putSave(bytesOf(10), unknown), 404, 'NotFound')).toMatch(/library/)
    for (const id of [unknown, 'nope']) {
      expectError(
        await t.app.inject({ method: 'GET', url: `/api/roms/${id}/save` }),
        404,
        'NotFound',
      )
      expectError(
        await t.app.inject({ method: 'DELETE', url: `/api/roms/${id}/save` }),
        404,
        'NotFound',
      )
    }
  })
})
