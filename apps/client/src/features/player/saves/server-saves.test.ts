// Library saves written while the server is out of reach are kept in this browser and sent later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readServerJournal, replayServerJournal } from './server-journal'
import type { ServerSender } from './server-journal'
import type { NewState } from './saves'
import { serverSaves } from './server-saves'

const offline = () => Promise.reject(new TypeError('Failed to fetch'))

interface Sent {
  method: string
  url: string
  body: unknown
}

function recordingFetch(sent: Sent[]) {
  return (url: string, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', url, body: init?.body })
    if (init?.method === 'POST') {
      return Promise.resolve(Response.json({ state: { id: `s${sent.length}` } }, { status: 201 }))
    }
    if (init?.method === 'PUT') return Promise.resolve(new Response(null, { status: 204 }))
    return Promise.resolve(new Response(new Uint8Array([9, 9]), { status: 200 }))
  }
}

const resume = (byte: number) => ({
  bytes: new Uint8Array([byte]),
  thumbnail: null,
  kind: 'resume' as const,
  coreVersion: '4.2.3',
})

beforeEach(() => localStorage.clear())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('server saves while the server is out of reach', () => {
  it('keeps the newest battery save and resume state in the browser and says so', async () => {
    vi.stubGlobal('fetch', offline)
    const saves = serverSaves('rom1', 'sha')
    await expect(saves.storeBattery(new Uint8Array([1]))).rejects.toThrow(/Saved in this browser/)
    await expect(saves.storeBattery(new Uint8Array([2]))).rejects.toThrow(/Saved in this browser/)
    await expect(saves.addState(resume(7))).rejects.toThrow(/Saved in this browser/)
    await expect(saves.addState(resume(8))).rejects.toThrow(/Saved in this browser/)
    const journal = readServerJournal('rom1')
    expect(journal?.battery?.bytes).toBe(btoa('\x02'))
    expect(Object.values(journal?.states ?? {}).map((s) => s.bytes)).toEqual([btoa('\x08')])
    // Still offline on the next load: the kept save is the one to play with.
    expect(await saves.loadBattery()).toEqual(new Uint8Array([2]))
  })

  it('sends the kept writes on the next load, before reading the save, and forgets them', async () => {
    vi.stubGlobal('fetch', offline)
    const saves = serverSaves('rom2', 'sha')
    await saves.storeBattery(new Uint8Array([5])).catch(() => undefined)
    await saves.addState(resume(6)).catch(() => undefined)
    const sent: Sent[] = []
    vi.stubGlobal('fetch', recordingFetch(sent))
    expect(await saves.loadBattery()).toEqual(new Uint8Array([9, 9]))
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'PUT /api/roms/rom2/save',
      'POST /api/roms/rom2/states',
      'GET /api/roms/rom2/save',
    ])
    expect(sent[0]?.body).toEqual(new Uint8Array([5]))
    expect(readServerJournal('rom2')).toBeUndefined()
  })

  it('sends the kept writes when the network comes back', async () => {
    vi.stubGlobal('fetch', offline)
    const saves = serverSaves('rom3', 'sha')
    await saves.storeBattery(new Uint8Array([3])).catch(() => undefined)
    const sent: Sent[] = []
    vi.stubGlobal('fetch', recordingFetch(sent))
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(readServerJournal('rom3')).toBeUndefined())
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['PUT /api/roms/rom3/save'])
  })

  it('a write that reaches the server replaces the kept one', async () => {
    vi.stubGlobal('fetch', offline)
    const saves = serverSaves('rom4', 'sha')
    await saves.storeBattery(new Uint8Array([1])).catch(() => undefined)
    vi.stubGlobal('fetch', recordingFetch([]))
    await saves.storeBattery(new Uint8Array([2]))
    expect(readServerJournal('rom4')).toBeUndefined()
  })
})

describe('states kept offline with their picture', () => {
  const withPicture = (byte: number) => ({
    bytes: new Uint8Array([byte]),
    thumbnail: new Uint8Array([0x89, 0x50, 0x4e, 0x47, byte]),
    kind: 'manual' as const,
    slot: 'Slot 1',
    coreVersion: '4.2.3',
  })

  it('keeps the thumbnail and sends it with the state', async () => {
    vi.stubGlobal('fetch', offline)
    const saves = serverSaves('rom6', 'sha')
    await saves.addState(withPicture(4)).catch(() => undefined)
    const added: NewState[] = []
    await replayServerJournal('rom6', {
      storeBattery: () => Promise.resolve(),
      addState: (state) => Promise.resolve(added.push(state)),
      isUnreachable: () => false,
      conflictOf: () => undefined,
      isRomGone: () => Promise.resolve(false),
    })
    expect(readServerJournal('rom6')).toBeUndefined()
    expect(added.map((s) => [s.slot, s.thumbnail])).toEqual([
      ['Slot 1', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 4])],
    ])
  })

  it('keeps the state without its picture when the browser has no room for both', async () => {
    vi.stubGlobal('fetch', offline)
    const setItem = Storage.prototype.setItem
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (value.includes('thumbnail')) throw new DOMException('full', 'QuotaExceededError')
      setItem.call(this, key, value)
    })
    const saves = serverSaves('rom7', 'sha')
    await saves.addState(withPicture(5)).catch(() => undefined)
    const kept = Object.values(readServerJournal('rom7')?.states ?? {})
    expect(kept.map((s) => [s.bytes, s.thumbnail])).toEqual([[btoa('\x05'), undefined]])
  })
})

describe('replayServerJournal', () => {
  it('keeps the writes while unreachable and drops the ones the server refuses', async () => {
    vi.stubGlobal('fetch', offline)
    const saves = serverSaves('rom5', 'sha')
    await saves.storeBattery(new Uint8Array([1])).catch(() => undefined)
    const unreachable = new Error('down')
    const down: ServerSender = {
      storeBattery: () => Promise.reject(unreachable),
      addState: () => Promise.reject(unreachable),
      isUnreachable: (e) => e === unreachable,
      conflictOf: () => undefined,
      isRomGone: () => Promise.resolve(false),
    }
    await replayServerJournal('rom5', down)
    expect(readServerJournal('rom5')?.battery).toBeDefined()
    const refuses: ServerSender = { ...down, isUnreachable: () => false }
    await replayServerJournal('rom5', refuses)
    expect(readServerJournal('rom5')).toBeUndefined()
  })
})
