// Over a real socket: a compressed request body gets a quick 415, never a hang or a body stored compressed.
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { buildRom, uploadForm } from '../test/rom-builder'
import { createTestApp } from '../test/test-app'
import type { TestApp } from '../test/test-app'

let t: TestApp
let base: string
beforeEach(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterEach(async () => {
  await t.close()
})

const send = (path: string, method: string, headers: Record<string, string>, body: Uint8Array) =>
  fetch(`${base}${path}`, {
    method,
    headers: { origin: base, ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  })

it('refuses a compressed upload with 415 and a clear message, and stores nothing', async () => {
  const form = uploadForm(buildRom())
  for (const encoding of ['gzip', 'br', 'deflate']) {
    const res = await send(
      '/api/roms',
      'POST',
      { ...form.headers, 'content-encoding': encoding },
      gzipSync(form.payload),
    )
    expect(res.status, encoding).toBe(415)
    expect(res.headers.get('accept-encoding')).toBe('identity')
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('UnsupportedMediaType')
    expect(body.error.message).toContain(`Content-Encoding: ${encoding}`)
  }
  const list = (await (await fetch(`${base}/api/roms`)).json()) as { roms: unknown[] }
  expect(list.roms).toHaveLength(0)
  // identity is no coding at all
  const plain = await send(
    '/api/roms',
    'POST',
    { ...form.headers, 'content-encoding': 'identity' },
    form.payload,
  )
  expect(plain.status).toBe(201)
})

it('refuses a compressed battery save instead of storing the compressed bytes', async () => {
  const form = uploadForm(buildRom({ flags6Low: 2 })) // battery-backed
  const rom = (
    (await (await send('/api/roms', 'POST', form.headers, form.payload)).json()) as {
      rom: { id: string }
    }
  ).rom
  const save = new Uint8Array(8192).fill(7)
  const res = await send(
    `/api/roms/${rom.id}/save`,
    'PUT',
    { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' },
    gzipSync(save),
  )
  expect(res.status).toBe(415)
  expect((await fetch(`${base}/api/roms/${rom.id}/save`)).status).toBe(404)
})
