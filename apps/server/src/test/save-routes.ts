// Shared by the save and state route tests: a fresh app with one battery-backed ROM per test (registered
// as hooks of the importing test file), and the request helpers.
import { Readable } from 'node:stream'
import { afterEach, beforeEach, expect } from 'vitest'
import {
  EMULATORJS_VERSION,
  apiErrorBodySchema,
  romUploadResponseSchema,
  saveStateListResponseSchema,
  saveStateUploadResponseSchema,
} from '@nes-studio/shared'
import type { RomEntry } from '@nes-studio/shared'
import { buildRom, multipart, uploadForm } from './rom-builder'
import type { MultipartPart } from './rom-builder'
import { createTestApp } from './test-app'
import type { TestApp } from './test-app'

export let t: TestApp
export let rom: RomEntry
let seed = 1

beforeEach(async () => {
  t = await createTestApp()
  rom = await addRom()
})
afterEach(async () => {
  await t.close()
})

/** Replaces this test's app with one made with `options` (and a new ROM in it). */
export async function restartApp(options: Parameters<typeof createTestApp>[0]): Promise<void> {
  await t.close()
  t = await createTestApp(options)
  rom = await addRom()
}

export async function addRom(): Promise<RomEntry> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/roms',
    ...uploadForm(buildRom({ seed: seed++, flags6Low: 0b0010 }), 'battery.nes', 'Battery Game'),
  })
  expect(res.statusCode, res.body).toBe(201)
  return romUploadResponseSchema.parse(res.json()).rom
}

export function expectError(
  res: { statusCode: number; json(): unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status)
  const body = apiErrorBodySchema.parse(res.json())
  expect(body.error.code).toBe(code)
  expect(body.error.message.length).toBeGreaterThan(10)
  return body.error.message
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
])

export function bytesOf(length: number, fill = 0): Buffer {
  return Buffer.from(new Uint8Array(length).map((_, i) => (i * 5 + fill) & 0xff))
}

export interface StateSpec {
  bytes?: Buffer | null
  thumbnail?: Buffer | null
  fields?: Record<string, string>
}

export function stateForm(spec: StateSpec = {}) {
  const fields: Record<string, string> = {
    core: 'fceumm',
    coreVersion: EMULATORJS_VERSION,
    romSha1: rom.sha1,
    ...spec.fields,
  }
  const parts: MultipartPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }))
  const bytes = spec.bytes === undefined ? bytesOf(14_000, seed++) : spec.bytes
  if (bytes) parts.push({ name: 'state', value: bytes, fileName: 'quick.state' })
  const thumbnail = spec.thumbnail === undefined ? PNG : spec.thumbnail
  if (thumbnail) {
    parts.push({ name: 'thumbnail', value: thumbnail, fileName: 't.png', contentType: 'image/png' })
  }
  return multipart(parts)
}

export const postState = (spec: StateSpec = {}, romId = rom.id) =>
  t.app.inject({ method: 'POST', url: `/api/roms/${romId}/states`, ...stateForm(spec) })

export async function postStateOk(spec: StateSpec = {}) {
  const res = await postState(spec)
  expect(res.statusCode, res.body).toBe(201)
  return saveStateUploadResponseSchema.parse(res.json())
}

export async function listStates(romId = rom.id) {
  const res = await t.app.inject({ method: 'GET', url: `/api/roms/${romId}/states` })
  expect(res.statusCode, res.body).toBe(200)
  return saveStateListResponseSchema.parse(res.json())
}

/** A body that starts with `head` and never ends: only a reader that stops at its cap answers. */
export function endless(head: Buffer = Buffer.alloc(0)): Readable {
  let sentHead = false
  return new Readable({
    read() {
      if (!sentHead) {
        sentHead = true
        if (head.length > 0) return void this.push(head)
      }
      this.push(Buffer.alloc(16 * 1024, 1))
    },
  })
}

export const putSave = (
  payload: Buffer | Readable,
  romId = rom.id,
  type = 'application/octet-stream',
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/roms/${romId}/save`,
    headers: { 'content-type': type },
    payload,
  })
