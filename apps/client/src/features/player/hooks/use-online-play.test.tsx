// The room's note as the player sees it (the Online panel's note line and the bar over the picture),
// driven through useOnlinePlay with the session replaced by one whose views the test sends.
import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EmulatorHost } from '../../../emulator/types'
import type { SessionOptions, SessionView } from '../../../netplay/netplay-session'
import { OnlineBar } from '../components/online-bar'
import { OnlinePanel } from '../components/online-panel'
import { useOnlinePlay } from './use-online-play'
import type { OnlinePlay } from './use-online-play'
import type { PlayerController } from './use-player'
import type { RoomMember } from '@nes-studio/shared/netplay-api'

const sessions = vi.hoisted(() => [] as SessionOptions[])
vi.mock('../../../netplay/netplay-session', () => ({
  NetplaySession: class {
    constructor(options: SessionOptions) {
      sessions.push(options)
    }
    leave() {}
    setPaused() {}
    givePad() {}
  },
}))

afterEach(() => {
  sessions.length = 0
  vi.useRealTimers()
})

const REFUSAL = "Rewind is off during online play, so every player's game stays the same."
const LEFT = 'Player 2 left the room.'
const RESYNCED = "Re-synced: player 2 was sent the host's game again."

const member = (id: string, pad: 1 | 2 | null): RoomMember => ({
  id,
  pad,
  role: pad === 1 ? ('host' as const) : pad === 2 ? ('player' as const) : ('spectator' as const),
  connected: true,
  hidden: false,
  rtt: 20,
})

function roomView(change: Partial<SessionView> = {}): SessionView {
  return {
    phase: 'playing',
    role: 'host',
    pad: 1,
    me: 'a',
    members: [member('a', 1), member('b', 2)],
    delay: 3,
    pingMs: 40,
    resyncs: 0,
    paused: null,
    waitingFor: [],
    waitingMs: 0,
    game: null,
    endedReason: null,
    note: null,
    noteId: 0,
    hashes: [],
    ...change,
  }
}

/** The hook in a room, and a way to send it the session's next view. */
async function inRoom() {
  const hook = renderHook(() => useOnlinePlay({} as EmulatorHost, {} as PlayerController, true))
  act(() => hook.result.current.join('room', async () => new File([], 'x.nes')))
  await waitFor(() => expect(sessions).toHaveLength(1))
  let view = roomView()
  const send = (change: Partial<SessionView>) => {
    view = { ...view, ...change }
    act(() => sessions[0]!.onView(view))
  }
  send({})
  return { online: () => hook.result.current, send }
}

/** What the panel's note line and the bar over the picture say. */
function shownNote(online: OnlinePlay): { panel: string; bar: string } {
  const panel = render(<OnlinePanel online={online} isRunning />)
  const bar = render(<OnlineBar online={online} />)
  const shown = {
    panel: screen.getByTestId('online-note').textContent ?? '',
    bar: screen.getByTestId('online-bar').textContent ?? '',
  }
  panel.unmount()
  bar.unmount()
  return shown
}

describe('useOnlinePlay: the newest note wins', () => {
  it('shows a room notice that comes after a refusal', async () => {
    const room = await inRoom()
    act(() => void room.online().refuse('Rewind'))
    expect(shownNote(room.online())).toEqual({ panel: REFUSAL, bar: REFUSAL })
    room.send({ note: LEFT, noteId: 1, members: [member('a', 1)] })
    expect(shownNote(room.online())).toEqual({ panel: LEFT, bar: LEFT })
  })

  it('shows a refusal that comes after a room notice', async () => {
    const room = await inRoom()
    room.send({ note: LEFT, noteId: 1 })
    expect(shownNote(room.online()).panel).toBe(LEFT)
    act(() => void room.online().refuse('Rewind'))
    expect(shownNote(room.online())).toEqual({ panel: REFUSAL, bar: REFUSAL })
  })

  it('shows the same words again when they come again after a refusal', async () => {
    const room = await inRoom()
    room.send({ note: RESYNCED, noteId: 1, resyncs: 1 })
    act(() => void room.online().refuse('Rewind'))
    room.send({ note: RESYNCED, noteId: 2, resyncs: 2 })
    expect(shownNote(room.online()).panel).toBe(RESYNCED)
  })

  it('shows a pause that comes after a refusal, and the refusal pressed during the pause', async () => {
    const room = await inRoom()
    act(() => void room.online().refuse('Rewind'))
    room.send({ paused: { reason: 'pause', pad: 1 } })
    expect(shownNote(room.online()).panel).toBe('Paused by player 1.')
    act(() => void room.online().refuse('Rewind'))
    expect(shownNote(room.online()).panel).toBe(REFUSAL)
  })

  it('shows "Re-synced" over a wait that began before it, and the wait again once the note is gone', async () => {
    const room = await inRoom()
    room.send({ waitingFor: [2] })
    expect(shownNote(room.online()).panel).toBe('waiting for player 2…')
    room.send({ note: RESYNCED, noteId: 1, resyncs: 1 })
    expect(shownNote(room.online())).toEqual({ panel: RESYNCED, bar: RESYNCED })
    room.send({ note: null })
    expect(shownNote(room.online()).panel).toBe('waiting for player 2…')
  })

  it('shows a wait that began after "Re-synced"', async () => {
    const room = await inRoom()
    room.send({ note: RESYNCED, noteId: 1, resyncs: 1 })
    room.send({ waitingFor: [2] })
    expect(shownNote(room.online()).panel).toBe('waiting for player 2…')
  })

  it('lets a refusal go after 5 seconds, back to what holds the room', async () => {
    const room = await inRoom()
    room.send({ paused: { reason: 'pause', pad: 2 } })
    vi.useFakeTimers()
    act(() => void room.online().refuse('Rewind'))
    expect(shownNote(room.online()).panel).toBe(REFUSAL)
    act(() => vi.advanceTimersByTime(5000))
    expect(shownNote(room.online()).panel).toBe('Paused by player 2.')
  })

  it('keeps a slow network the last word: any other note shows over it', async () => {
    const room = await inRoom()
    room.send({ waitingMs: 800 })
    expect(shownNote(room.online()).panel).toBe('waiting for player 2…')
    room.send({ note: LEFT, noteId: 1 })
    expect(shownNote(room.online()).panel).toBe(LEFT)
  })
})

describe('useOnlinePlay: a passing note replaces the one before it', () => {
  it('does not bring back a refusal that a room notice replaced', async () => {
    const room = await inRoom()
    act(() => void room.online().refuse('Rewind'))
    room.send({ note: LEFT, noteId: 1 })
    room.send({ note: null })
    expect(shownNote(room.online()).panel).toBe('')
  })

  it("keeps a room notice that came after a refusal when the refusal's 5 s are up", async () => {
    const room = await inRoom()
    vi.useFakeTimers()
    act(() => void room.online().refuse('Rewind'))
    room.send({ note: LEFT, noteId: 1 })
    act(() => vi.advanceTimersByTime(5000))
    expect(shownNote(room.online()).panel).toBe(LEFT)
  })
})
