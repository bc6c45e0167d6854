// A library game's battery save is written from the server version it was loaded from: when another
// browser saved the game meanwhile, neither save is lost until the player picks one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CONFLICT_KEPT_BROWSER,
  CONFLICT_KEPT_BROWSER_RELOAD,
  CONFLICT_KEPT_LIBRARY,
  CONFLICT_KEPT_LIBRARY_RELOAD,
  createSaveSession,
} from './save-session'
import { BatteryConflictError } from './saves'
import { readServerJournal } from './server-journal'
import { BATTERY_CONFLICT_MESSAGE, sendKeptServerSaves, serverSaves } from './server-saves'

/** The server's battery save endpoint as docs/rom-api.md describes it (If-Match / If-None-Match). */
class FakeServer {
  save: { bytes: Uint8Array; at: string } | undefined
  isUp = true
  isRomDeleted = false
  heads = 0
  puts: { headers: Record<string, string>; bytes: Uint8Array }[] = []
  private clock = Date.parse('2026-11-26T10:00:00.000Z')

  /** Another browser stores a save. */
  storeElsewhere(bytes: number[]) {
    this.save = { bytes: new Uint8Array(bytes), at: this.tick() }
  }

  private tick() {
    this.clock += 1000
    return new Date(this.clock).toISOString()
  }

  fetch = async (url: string, init: RequestInit = {}): Promise<Response> => {
    if (!this.isUp) throw new TypeError('Failed to fetch')
    if (init.method === 'HEAD') {
      this.heads++
      return new Response(null, { status: this.isRomDeleted ? 404 : 200 })
    }
    if (!url.endsWith('/save')) return Response.json({ states: [] })
    const etag = () => (this.save ? { etag: `"${this.save.at}"` } : undefined)
    if ((init.method ?? 'GET') === 'GET') {
      if (!this.save)
        return Response.json({ error: { code: 'NotFound', message: 'none' } }, { status: 404 })
      return new Response(new Uint8Array(this.save.bytes), { headers: etag() })
    }
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    )
    const bytes = new Uint8Array(init.body as Uint8Array)
    this.puts.push({ headers, bytes })
    const base = headers['if-match'] ?? (headers['if-none-match'] === '*' ? null : undefined)
    const current = this.save ? `"${this.save.at}"` : null
    if (base !== undefined && base !== current) {
      return Response.json(
        { error: { code: 'SaveConflict', message: 'changed' } },
        { status: 412, headers: etag() },
      )
    }
    this.save = { bytes, at: this.tick() }
    return Response.json(
      { save: { romId: 'rom', size: bytes.length, updatedAt: this.save.at } },
      { headers: etag() },
    )
  }
}

let server: FakeServer
beforeEach(() => {
  localStorage.clear()
  server = new FakeServer()
  vi.stubGlobal('fetch', server.fetch)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('server saves from a version', () => {
  it('writes from the loaded version and refuses to overwrite a save made elsewhere since', async () => {
    server.storeElsewhere([1])
    const saves = serverSaves('rom', 'sha')
    expect(await saves.loadBattery()).toEqual(new Uint8Array([1]))
    await saves.storeBattery(new Uint8Array([2]))
    expect(server.puts[0]?.headers['if-match']).toBe('"2026-11-26T10:00:01.000Z"')
    // The next write is from the version the last one made.
    await saves.storeBattery(new Uint8Array([3]))
    expect(server.puts[1]?.headers['if-match']).toBe('"2026-11-26T10:00:02.000Z"')

    server.storeElsewhere([9])
    const refused = saves.storeBattery(new Uint8Array([4]))
    await expect(refused).rejects.toBeInstanceOf(BatteryConflictError)
    await expect(refused).rejects.toThrow(BATTERY_CONFLICT_MESSAGE)
    expect(server.save?.bytes).toEqual(new Uint8Array([9]))
    expect(saves.batteryConflict?.()).toEqual({
      keptAt: expect.any(Number) as number,
      library: '2026-11-26T10:00:04.000Z',
    })
    expect(readServerJournal('rom')?.conflicted?.bytes).toBe(btoa('\x04'))
  })

  it('a first save is sent with If-None-Match: *', async () => {
    const saves = serverSaves('rom', 'sha')
    expect(await saves.loadBattery()).toBeNull()
    server.storeElsewhere([7])
    await expect(saves.storeBattery(new Uint8Array([1]))).rejects.toBeInstanceOf(
      BatteryConflictError,
    )
    expect(server.puts[0]?.headers['if-none-match']).toBe('*')
    expect(server.save?.bytes).toEqual(new Uint8Array([7]))
  })

  it('a save kept offline is sent from its version later, and kept aside when the library changed meanwhile', async () => {
    server.storeElsewhere([1])
    const saves = serverSaves('rom', 'sha')
    await saves.loadBattery()
    server.isUp = false
    await expect(saves.storeBattery(new Uint8Array([5]))).rejects.toThrow(/Saved in this browser/)
    const keptAt = readServerJournal('rom')?.battery?.at
    expect(keptAt).toEqual(expect.any(Number))
    // The conflict is found a minute later: the save is still dated when it was made.
    vi.spyOn(Date, 'now').mockReturnValue((keptAt ?? 0) + 60_000)
    server.isUp = true
    server.storeElsewhere([8])
    // The next load sends the kept save first: refused, it waits; the game gets the library's.
    expect(await saves.loadBattery()).toEqual(new Uint8Array([8]))
    expect(server.puts.at(-1)?.headers['if-match']).toBe('"2026-11-26T10:00:01.000Z"')
    const journal = readServerJournal('rom')
    expect(journal?.battery).toBeUndefined()
    expect(journal?.conflicted?.at).toBe(keptAt)
    expect(journal?.conflicted).toMatchObject({
      bytes: btoa('\x05'),
      library: '2026-11-26T10:00:02.000Z',
    })
  })

  it('the player picks: this browser’s save replaces the library’s, or it is dropped', async () => {
    server.storeElsewhere([1])
    const saves = serverSaves('rom', 'sha')
    await saves.loadBattery()
    server.storeElsewhere([9])
    await saves.storeBattery(new Uint8Array([4])).catch(() => undefined)
    await saves.resolveBatteryConflict?.('browser')
    expect(server.save?.bytes).toEqual(new Uint8Array([4]))
    expect(server.puts.at(-1)?.headers['if-match']).toBeUndefined()
    expect(saves.batteryConflict?.()).toBeUndefined()
    expect(readServerJournal('rom')).toBeUndefined()

    server.storeElsewhere([6])
    await saves.storeBattery(new Uint8Array([5])).catch(() => undefined)
    await saves.resolveBatteryConflict?.('library')
    expect(server.save?.bytes).toEqual(new Uint8Array([6]))
    expect(readServerJournal('rom')).toBeUndefined()
    // From the library's version now: the next write goes through.
    await saves.storeBattery(new Uint8Array([7]))
    expect(server.save?.bytes).toEqual(new Uint8Array([7]))
  })
})

describe('a running game’s session when the library’s save changed elsewhere', () => {
  // A battery-backed ROM (iNES flags 6 bit 1).
  const rom = new Uint8Array(16 + 16384 + 8192)
  rom.set([0x4e, 0x45, 0x53, 0x1a, 1, 1, 0b0010])

  function game(sram: number[]) {
    const emulator = {
      sram: new Uint8Array(sram),
      readSave: () => emulator.sram,
      writeSave: () => undefined,
      saveState: () => new Uint8Array([0]),
      isRunning: () => true,
    }
    return emulator
  }

  it('stops writing, keeps its progress, and goes on once this browser’s save is chosen', async () => {
    server.storeElsewhere([1])
    const emulator = game([1])
    const conflicts: unknown[] = []
    const errors: string[] = []
    const session = createSaveSession(
      rom,
      { romId: 'rom' },
      emulator,
      (m) => errors.push(m),
      (c) => conflicts.push(c),
    )
    await session.prepare()
    emulator.sram = new Uint8Array([2])
    await session.flushBattery()
    server.storeElsewhere([9])
    emulator.sram = new Uint8Array([3])
    await session.flushBattery()
    expect(errors).toEqual([BATTERY_CONFLICT_MESSAGE])
    expect(session.batteryConflict()).toBeDefined()
    expect(conflicts.at(-1)).toMatchObject({ library: '2026-11-26T10:00:03.000Z' })
    // Blocked: more progress is not written over the library's save.
    emulator.sram = new Uint8Array([4])
    await session.flushBattery()
    expect(server.save?.bytes).toEqual(new Uint8Array([9]))

    expect(await session.resolveBatteryConflict('browser')).toBe(CONFLICT_KEPT_BROWSER)
    // The running game's newest progress, not only the bytes kept when the conflict came.
    expect(server.save?.bytes).toEqual(new Uint8Array([4]))
    expect(conflicts.at(-1)).toBeUndefined()
    emulator.sram = new Uint8Array([5])
    await session.flushBattery()
    expect(server.save?.bytes).toEqual(new Uint8Array([5]))
  })

  it('a write that failed (the network dropped for a moment) does not stop the later ones', async () => {
    server.storeElsewhere([1])
    const emulator = game([1])
    const errors: string[] = []
    const session = createSaveSession(rom, { romId: 'rom' }, emulator, (m) => errors.push(m))
    await session.prepare()
    server.isUp = false
    emulator.sram = new Uint8Array([2])
    await session.flushBattery()
    expect(errors).toEqual([expect.stringMatching(/Saved in this browser/)])
    server.isUp = true
    emulator.sram = new Uint8Array([3])
    await session.flushBattery()
    expect(server.save?.bytes).toEqual(new Uint8Array([3]))
    expect(errors).toHaveLength(1)
  })

  it('keeping the library’s save stops this game’s writes and asks for a reload', async () => {
    server.storeElsewhere([1])
    const emulator = game([1])
    const session = createSaveSession(rom, { romId: 'rom' }, emulator, () => undefined)
    await session.prepare()
    server.storeElsewhere([9])
    emulator.sram = new Uint8Array([3])
    await session.flushBattery()
    expect(await session.resolveBatteryConflict('library')).toBe(CONFLICT_KEPT_LIBRARY_RELOAD)
    emulator.sram = new Uint8Array([4])
    await session.flushBattery()
    await session.checkpoint({ keepResume: false, isFinal: true })
    expect(server.save?.bytes).toEqual(new Uint8Array([9]))
  })

  /** An earlier game of this browser kept [4]; the library has [9] from elsewhere, made after it. */
  async function keepConflictedSave() {
    server.storeElsewhere([1])
    const saves = serverSaves('rom', 'sha')
    await saves.loadBattery()
    server.storeElsewhere([9])
    await saves.storeBattery(new Uint8Array([4])).catch(() => undefined)
  }

  it('a kept save found when the game loads: the game plays the library’s, and either choice is safe', async () => {
    await keepConflictedSave()
    const emulator = game([0])
    const conflicts: unknown[] = []
    const session = createSaveSession(
      rom,
      { romId: 'rom' },
      emulator,
      () => undefined,
      (c) => conflicts.push(c),
    )
    expect(await session.prepare()).toEqual(new Uint8Array([9]))
    expect(conflicts.at(-1)).toMatchObject({ library: '2026-11-26T10:00:02.000Z' })
    // Playing from the library's save: choosing the kept one stores it and asks for a reload, and this
    // game (the library's progress) writes no more.
    expect(await session.resolveBatteryConflict('browser')).toBe(CONFLICT_KEPT_BROWSER_RELOAD)
    expect(server.save?.bytes).toEqual(new Uint8Array([4]))
    emulator.sram = new Uint8Array([10])
    await session.flushBattery()
    expect(server.save?.bytes).toEqual(new Uint8Array([4]))
  })

  it('keeping the library’s save when the game plays from it: saving goes on', async () => {
    await keepConflictedSave()
    // The library changed once more after the conflict was found: the game loads that newest save.
    server.storeElsewhere([11])
    const emulator = game([0])
    const session = createSaveSession(rom, { romId: 'rom' }, emulator, () => undefined)
    await session.prepare()
    expect(await session.resolveBatteryConflict('library')).toBe(CONFLICT_KEPT_LIBRARY)
    emulator.sram = new Uint8Array([10])
    await session.flushBattery()
    expect(server.save?.bytes).toEqual(new Uint8Array([10]))
  })
})

describe('saves kept in this browser, sent when a page opens', () => {
  /** A save made while the server was out of reach; the page is left before the network comes back. */
  async function keptOffline() {
    server.storeElsewhere([1])
    const saves = serverSaves('rom', 'sha')
    await saves.loadBattery()
    server.isUp = false
    await saves.storeBattery(new Uint8Array([5])).catch(() => undefined)
    server.isUp = true
    expect(readServerJournal('rom')?.battery).toBeDefined()
  }

  it('a save kept in an earlier visit reaches the library without its game being loaded again', async () => {
    await keptOffline()
    sendKeptServerSaves()
    await vi.waitFor(() => expect(readServerJournal('rom')).toBeUndefined())
    expect(server.save?.bytes).toEqual(new Uint8Array([5]))
  })

  it('a conflicted save waits for the player, and goes once its ROM is deleted from the library', async () => {
    await keptOffline()
    server.storeElsewhere([8])
    sendKeptServerSaves()
    await vi.waitFor(() => expect(server.heads).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    // The ROM is still in the library: kept until the player loads the game and chooses.
    expect(readServerJournal('rom')?.conflicted?.bytes).toBe(btoa('\x05'))
    expect(server.save?.bytes).toEqual(new Uint8Array([8]))

    server.isUp = false
    sendKeptServerSaves()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(readServerJournal('rom')?.conflicted).toBeDefined()

    server.isUp = true
    server.isRomDeleted = true
    sendKeptServerSaves()
    // No one can load the game to choose any more: nothing is left behind for it.
    await vi.waitFor(() => expect(localStorage.length).toBe(0))
  })
})
