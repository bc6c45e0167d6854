// A full disk can be freed through the app (issue 24): with DATA_DIR on a small, real file system
// (a 16 MiB tmpfs mounted for the server alone, test/small-filesystem.ts) filled up by uploads and then
// by another program, deleting ROMs still works, and once the deletes are purged their space is
// back, so uploads fit again: the 507's advice holds.
import { afterEach, describe, expect, it } from 'vitest'
import { romUploadResponseSchema } from '@nes-studio/shared'
import { RESERVE_BYTES } from '../storage/sqlite/sqlite-space'
import { buildRom, uploadForm } from '../test/rom-builder'
import { smallFilesystemUnsupported, startSmallDiskServer } from '../test/small-filesystem'
import type { SmallDiskServer } from '../test/small-filesystem'

const PRG_BANKS = 16
const ROM_BYTES = 16 + PRG_BANKS * 16384 // about 40 fit on the 16 MiB disk, besides the 4 MiB reserve
const UNDO_MS = 1000

if (smallFilesystemUnsupported) {
  describe('full disk', () => {
    it('not run: no small file system can be mounted here', () => {
      console.warn(`FULL-DISK TEST NOT RUN: ${smallFilesystemUnsupported}`)
      expect(smallFilesystemUnsupported).toBeTruthy()
    })
  })
}

describe.skipIf(smallFilesystemUnsupported !== undefined)('full disk', () => {
  let server: SmallDiskServer | undefined
  afterEach(async () => {
    await server?.stop()
    server = undefined
  })

  async function upload(seed: number) {
    const form = uploadForm(buildRom({ seed, prgBanks: PRG_BANKS, chrBanks: 0 }), `r${seed}.nes`)
    const res = await fetch(`${server!.origin}/api/roms`, {
      method: 'POST',
      headers: form.headers,
      body: form.payload,
    })
    return { status: res.status, body: (await res.json()) as unknown }
  }

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    let value = await read()
    for (let tries = 0; !done(value) && tries < 80; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      value = await read()
    }
    return value
  }

  /** Uploads until the disk is full (507); returns the stored ids. */
  async function fillWithRoms(): Promise<string[]> {
    const stored: string[] = []
    let full: { status: number; body: unknown } | undefined
    for (let seed = 1; seed <= 80 && !full; seed++) {
      const res = await upload(seed)
      if (res.status === 201) stored.push(romUploadResponseSchema.parse(res.body).rom.id)
      else full = res
    }
    expect(full).toMatchObject({ status: 507, body: { error: { code: 'StorageFull' } } })
    expect(stored.length).toBeGreaterThan(20)
    return stored
  }

  async function deleteRoms(ids: string[], left: number): Promise<void> {
    for (const id of ids) {
      const res = await fetch(`${server!.origin}/api/roms/${id}`, { method: 'DELETE' })
      expect(res.status, await res.text()).toBe(204)
    }
    const list = (await (await fetch(`${server!.origin}/api/roms`)).json()) as { roms: unknown[] }
    expect(list.roms).toHaveLength(left)
    // Until the purge the room is not there (the reserve the deletes used is kept for the next ones).
    expect(await upload(1000)).toMatchObject({ status: 507 })
  }

  /**
   * After the undo window the purge gives the deleted ROMs' room back to the file system, and the
   * reserve for the next deletes is written again first; then uploads fit again.
   */
  async function expectRoomBack(): Promise<void> {
    const back = await waitFor(
      () => server!.space(),
      (space) => space.reserveBytes === RESERVE_BYTES && space.freeBytes > 3.5 * ROM_BYTES,
    )
    const log = `space ${JSON.stringify(back)}; server log:\n${server!.output()}`
    expect(back.reserveBytes, log).toBe(RESERVE_BYTES)
    expect(back.freeBytes, log).toBeGreaterThan(3.5 * ROM_BYTES)
    expect(await upload(1000)).toMatchObject({ status: 201 })
    expect(await upload(1001)).toMatchObject({ status: 201 })
  }

  it('answers deletes on a full disk, and gives their space back once purged', async () => {
    server = await startSmallDiskServer(16 * 1024 * 1024, UNDO_MS)
    const stored = await fillWithRoms()
    // Another program takes what was left: not one byte is free.
    await server.fill()
    expect((await server.space()).freeBytes).toBe(0)
    await deleteRoms(stored.slice(0, 4), stored.length - 4)
    await expectRoomBack()
  })

  it('gives the space back when the deletes had room but the purge has not', async () => {
    server = await startSmallDiskServer(16 * 1024 * 1024, UNDO_MS)
    const stored = await fillWithRoms()
    // Room for the deletes' few pages, not for the pages the purge moves to shrink the file: the
    // purge must give up the reserve too (before: it failed, and no later round tried again).
    await server.fill(256 * 1024)
    await deleteRoms(stored.slice(0, 4), stored.length - 4)
    expect((await server.space()).reserveBytes).toBe(RESERVE_BYTES)
    await expectRoomBack()
  })
})
