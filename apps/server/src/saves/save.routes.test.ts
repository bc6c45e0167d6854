// /api/roms/:id/states and how saves and states follow their ROM's delete, undo and purge.
import { Readable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import {
  EMULATORJS_VERSION,
  SAVE_STATE_MAX_BYTES,
  SAVE_STATE_THUMBNAIL_MAX_BYTES,
  saveStateUploadResponseSchema,
} from '@nes-studio/shared'
import { multipart } from '../test/rom-builder'
import {
  t,
  rom,
  addRom,
  restartApp,
  expectError,
  PNG,
  bytesOf,
  stateForm,
  postState,
  postStateOk,
  listStates,
  endless,
  putSave,
} from '../test/save-routes'

describe('save states', () => {
  it('stores a state; lists, serves, and deletes it', async () => {
    const bytes = bytesOf(14_000, 9)
    const res = await postState({ bytes, fields: { slot: ' 1 ' } })
    expect(res.statusCode, res.body).toBe(201)
    const { state, replaced, pruned } = saveStateUploadResponseSchema.parse(res.json())
    expect(res.headers.location).toBe(`/api/roms/${rom.id}/states/${state.id}`)
    expect(state).toMatchObject({
      romId: rom.id,
      kind: 'manual',
      slot: '1',
      size: 14_000,
      core: 'fceumm',
      coreVersion: EMULATORJS_VERSION,
      romSha1: rom.sha1,
      url: `/api/roms/${rom.id}/states/${state.id}`,
      thumbnailUrl: `/api/roms/${rom.id}/states/${state.id}/thumbnail`,
    })
    expect([replaced, pruned]).toEqual([[], []])
    expect(await listStates()).toEqual({ states: [state], limit: 100 })

    const got = await t.app.inject({ method: 'GET', url: state.url })
    expect(got.statusCode).toBe(200)
    expect(got.rawPayload.equals(bytes)).toBe(true)
    expect(got.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-state-core': 'fceumm',
      'x-state-core-version': EMULATORJS_VERSION,
      'x-state-rom-sha1': rom.sha1,
      'x-state-kind': 'manual',
    })
    const thumb = await t.app.inject({ method: 'GET', url: state.thumbnailUrl ?? '' })
    expect(thumb.headers['content-type']).toBe('image/png')
    expect(thumb.rawPayload.equals(PNG)).toBe(true)

    expect((await t.app.inject({ method: 'DELETE', url: state.url })).statusCode).toBe(204)
    expectError(await t.app.inject({ method: 'GET', url: state.url }), 404, 'NotFound')
    expectError(await t.app.inject({ method: 'DELETE', url: state.url }), 404, 'NotFound')
    expect((await listStates()).states).toEqual([])
  })

  it('ignores text fields it does not know', async () => {
    const { state } = await postStateOk({ fields: { title: 'Boss', note: 'x' } })
    expect(state.slot).toBeNull()
  })

  it('accepts a state without thumbnail', async () => {
    const { state } = await postStateOk({ thumbnail: null, fields: { kind: 'auto' } })
    expect(state).toMatchObject({ kind: 'auto', slot: null, thumbnailUrl: null })
    const thumb = await t.app.inject({ method: 'GET', url: `${state.url}/thumbnail` })
    expectError(thumb, 404, 'NotFound')
  })

  it('replaces the state of a re-used slot and the previous resume state', async () => {
    const a = (await postStateOk({ fields: { slot: 'A' } })).state
    const resume = (await postStateOk({ fields: { kind: 'resume' } })).state
    const a2 = await postStateOk({ fields: { slot: 'A' } })
    expect(a2.replaced).toEqual([a.id])
    const resume2 = await postStateOk({ fields: { kind: 'resume' } })
    expect(resume2.replaced).toEqual([resume.id])
    expect((await listStates()).states.map((s) => s.id)).toEqual([resume2.state.id, a2.state.id])
    expectError(await t.app.inject({ method: 'GET', url: a.url }), 404, 'NotFound')
  })

  it('refuses a state of another ROM or another core version, storing nothing', async () => {
    const other = await addRom()
    const msg = expectError(
      await postState({ fields: { romSha1: other.sha1 } }),
      422,
      'StateRomMismatch',
    )
    expect(msg).toMatch(/another ROM.*"Battery Game"/)
    const v = expectError(
      await postState({ fields: { coreVersion: '4.2.2' } }),
      422,
      'StateCoreMismatch',
    )
    expect(v).toContain(`fceumm 4.2.2`)
    expect(v).toContain(`fceumm ${EMULATORJS_VERSION}`)
    expectError(await postState({ fields: { core: 'nestopia' } }), 422, 'StateCoreMismatch')
    expect((await listStates()).states).toEqual([])
  })

  it('413 for a state over 1 MiB or a thumbnail over 256 KiB', async () => {
    const bigState = bytesOf(SAVE_STATE_MAX_BYTES + 1)
    expect(expectError(await postState({ bytes: bigState }), 413, 'StateTooLarge')).toMatch(
      /1024 KiB/,
    )
    const bigThumb = Buffer.concat([PNG, Buffer.alloc(SAVE_STATE_THUMBNAIL_MAX_BYTES)])
    expectError(await postState({ thumbnail: bigThumb }), 413, 'ThumbnailTooLarge')
    const tooLong = await t.app.inject({
      method: 'POST',
      url: `/api/roms/${rom.id}/states`,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '9999999' },
      payload: Readable.from([Buffer.from('--x\r\n')]),
    })
    expectError(tooLong, 413, 'StateTooLarge')
    // Without Content-Length, reading stops at the cap of the part being read.
    for (const [name, code] of [
      ['state', 'StateTooLarge'],
      ['thumbnail', 'ThumbnailTooLarge'],
    ]) {
      const head = multipart([{ name: name!, value: PNG, fileName: 'x' }]).payload
      const endlessPart = await t.app.inject({
        method: 'POST',
        url: `/api/roms/${rom.id}/states`,
        headers: stateForm().headers,
        payload: endless(head.subarray(0, head.indexOf(PNG) + PNG.length)),
      })
      expectError(endlessPart, 413, code!)
    }
    // Exactly at the limits is fine.
    const thumbnail = Buffer.concat([
      PNG,
      Buffer.alloc(SAVE_STATE_THUMBNAIL_MAX_BYTES - PNG.length),
    ])
    await postStateOk({ bytes: bytesOf(SAVE_STATE_MAX_BYTES), thumbnail })
    expect((await listStates()).states).toHaveLength(1)
  })

  it('400 with a clear message for a malformed upload', async () => {
    expect(expectError(await postState({ bytes: null }), 400, 'InvalidState')).toMatch(/"state"/)
    expectError(await postState({ bytes: Buffer.alloc(0) }), 400, 'InvalidState')
    expectError(await postState({ thumbnail: Buffer.from('GIF89a...') }), 400, 'InvalidThumbnail')
    const cases: Record<string, string>[] = [
      { romSha1: 'abc' },
      { kind: 'forever' },
      { kind: 'resume', slot: '1' },
      { slot: 'x'.repeat(41) },
      { coreVersion: '' },
    ]
    for (const fields of cases) {
      expectError(await postState({ fields }), 400, 'InvalidState')
    }
    expectError(await postState({ fields: { slot: 'y'.repeat(300) } }), 400, 'InvalidState')
    const nineFields = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`extra${i}`, 'x']))
    expectError(await postState({ fields: nineFields }), 400, 'InvalidState')
    const notForm = await t.app.inject({
      method: 'POST',
      url: `/api/roms/${rom.id}/states`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: bytesOf(100),
    })
    expectError(notForm, 415, 'UnsupportedMediaType')
    const extraFile = multipart([{ name: 'other', value: bytesOf(10), fileName: 'x.bin' }])
    const extra = await t.app.inject({
      method: 'POST',
      url: `/api/roms/${rom.id}/states`,
      ...extraFile,
    })
    expectError(extra, 400, 'InvalidState')
    expect((await listStates()).states).toEqual([])
  })

  it('answers at once when the parser skips the last part (not form-data), not at the timeout', async () => {
    // busboy never finished a form whose skipped part over 16 KiB ended in the chunk that ends the form.
    const form = stateForm({ bytes: bytesOf(20 * 1024), thumbnail: null })
    const payload = Buffer.from(
      form.payload
        .toString('latin1')
        .replace('form-data; name="state"', 'attachment; name="state"'),
      'latin1',
    )
    const answer = t.app.inject({
      method: 'POST',
      url: `/api/roms/${rom.id}/states`,
      headers: form.headers,
      payload,
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    const stalled = new Promise<'stalled'>(
      (resolve) => (timer = setTimeout(resolve, 3000, 'stalled')),
    )
    const res = await Promise.race([answer.then((r) => r), stalled]).finally(() =>
      clearTimeout(timer),
    )
    expect(res).not.toBe('stalled')
    if (res !== 'stalled') expect(expectError(res, 400, 'InvalidState')).toMatch(/"state"/)
  })

  it('keeps 100 states a ROM: the oldest auto one goes first, then 409', async () => {
    const auto = (await postStateOk({ bytes: bytesOf(64), fields: { kind: 'auto' } })).state
    for (let i = 0; i < 99; i++) await postStateOk({ bytes: bytesOf(64, i), thumbnail: null })
    const next = await postStateOk({ bytes: bytesOf(64) })
    expect(next.pruned).toEqual([auto.id])
    const full = await postState({ bytes: bytesOf(64), fields: { kind: 'auto' } })
    expect(expectError(full, 409, 'TooManyStates')).toMatch(/100 save states/)
    const listed = await listStates()
    expect(listed.states).toHaveLength(100)
    expect(listed.states[0]?.id).toBe(next.state.id)
  })

  it('finds states only under their ROM, and 404s for unknown ids', async () => {
    const other = await addRom()
    const { state } = await postStateOk()
    const elsewhere = `/api/roms/${other.id}/states/${state.id}`
    expectError(await t.app.inject({ method: 'GET', url: elsewhere }), 404, 'NotFound')
    expectError(await t.app.inject({ method: 'DELETE', url: elsewhere }), 404, 'NotFound')
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/states/not-a-uuid` }),
      404,
      'NotFound',
    )
    const unknownRom = '2209221d-8b5c-4585-9ecd-a7f42ffda7c4'
    expectError(await postState({}, unknownRom), 404, 'NotFound')
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/roms/${unknownRom}/states` }),
      404,
      'NotFound',
    )
  })

  it('503 ServerBusy while 32 state uploads of unknown length are being read', async () => {
    const form = stateForm()
    const split = form.payload.indexOf('name="state"') + 200
    // From 32 clients: one client may hold only a quarter of the budget.
    const held = Array.from({ length: 32 }, (_, i) => {
      let reads = 0
      let waiting: () => void = () => undefined
      const reading = new Promise<void>((resolve) => (waiting = resolve))
      const body = new Readable({
        read() {
          if (++reads === 1) this.push(form.payload.subarray(0, split))
          else waiting()
        },
      })
      const done = t.app.inject({
        method: 'POST',
        url: `/api/roms/${rom.id}/states`,
        headers: form.headers,
        payload: body,
        remoteAddress: `198.51.100.${i + 1}`,
      })
      return { body, reading, done }
    })
    await Promise.all(held.map((h) => h.reading))
    const busy = await postState()
    expectError(busy, 503, 'ServerBusy')
    expect(busy.headers['retry-after']).toBe('2')
    for (const h of held) {
      h.body.push(form.payload.subarray(split))
      h.body.push(null)
    }
    expect((await Promise.all(held.map((h) => h.done))).map((r) => r.statusCode)).toEqual(
      Array(32).fill(201),
    )
    await postStateOk()
  })

  it('refuses a cross-site upload', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/roms/${rom.id}/states`,
      ...stateForm(),
      headers: {
        ...stateForm().headers,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    })
    expectError(res, 403, 'CrossSiteRequest')
  })
})

it('a deleted ROM keeps its save and states hidden (404), Undo brings them back, the purge removes them', async () => {
  await restartApp({ undoDeleteMs: 300 })
  const saveBytes = bytesOf(8192)
  await putSave(saveBytes)
  const { state } = await postStateOk()
  const deleteRom = () => t.app.inject({ method: 'DELETE', url: `/api/roms/${rom.id}` })
  expect((await deleteRom()).statusCode).toBe(204)

  // Deleted: every call under the ROM answers as for an unknown ROM, but nothing is gone yet.
  const calls = [
    { method: 'GET', url: `/api/roms/${rom.id}/save` },
    { method: 'DELETE', url: `/api/roms/${rom.id}/save` },
    { method: 'GET', url: `/api/roms/${rom.id}/states` },
    { method: 'GET', url: state.url },
    { method: 'GET', url: `${state.url}/thumbnail` },
    { method: 'DELETE', url: state.url },
  ] as const
  for (const call of calls) {
    const res = await t.app.inject(call)
    expect(expectError(res, 404, 'NotFound'), `${call.method} ${call.url}`).toMatch(
      /ROM is not in the library/,
    )
  }
  expectError(await putSave(bytesOf(100, 2)), 404, 'NotFound')
  expectError(await postState(), 404, 'NotFound')
  expect(await t.store.getBatterySave(rom.id)).toBeDefined()

  // Restored: the save and the state are back, unchanged.
  const undo = await t.app.inject({ method: 'POST', url: `/api/roms/${rom.id}/restore` })
  expect(undo.statusCode).toBe(200)
  const save = await t.app.inject({ method: 'GET', url: `/api/roms/${rom.id}/save` })
  expect(save.statusCode).toBe(200)
  expect(Buffer.compare(save.rawPayload, saveBytes)).toBe(0)
  expect((await listStates()).states).toEqual([state])
  expect((await t.app.inject({ method: 'GET', url: state.url })).statusCode).toBe(200)

  // Deleted again and left: purged after the window, its rows go with it (ON DELETE CASCADE).
  expect((await deleteRom()).statusCode).toBe(204)
  await vi.waitFor(async () => expect(await t.store.getBatterySave(rom.id)).toBeUndefined(), {
    timeout: 3000,
    interval: 100,
  })
  expect(await t.store.listSaveStates(rom.id)).toEqual([])
  expect(await t.store.getSaveState(rom.id, state.id)).toBeUndefined()
})
