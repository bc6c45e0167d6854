// PLAY ONLINE: opening a room for the running game (this browser hosts it, player 1), joining one from an
// invite link (player 2, or a spectator), and what the player's controls do meanwhile: pause pauses the
// room, and rewind, fast-forward, reset and loading a state are off (refuse says why). The session code
// (netplay/) is loaded on first use.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import type { CreateRoomResponse, RoomGame } from '@nes-studio/shared'
import { roomInvitePath } from '@nes-studio/shared/netplay-constants'
import type { EmulatorHost } from '../../../emulator/types'
import { ApiError, apiRequest } from '../../../lib/api-client'
import type { NetplaySession, SessionOptions, SessionView } from '../../../netplay/netplay-session'
import { noRoomNotes, roomNotes, shownNote } from '../lib/room-notes'
import type { PlayerController } from './use-player'

export interface OnlinePlay {
  view: SessionView | undefined
  /** In a room now (joining, playing or waiting; not ended). */
  isActive: boolean
  isOpening: boolean
  /** Why a room could not be opened. */
  problem: string | undefined
  /** The room's newest note: a wait, a pause, a re-sync, a room notice, or why a control did nothing. */
  note: string | undefined
  /** The invite link (host only). */
  inviteUrl: string | undefined
  open(): void
  join(roomId: string, loadLibraryRom: (romId: string) => Promise<File>): void
  leave(): void
  togglePause(): void
  givePad(memberId: string): void
  /** True (and says why on screen) when `what` is off because a room is on. */
  refuse(what: string): boolean
  /** Forgets an ended room's message. */
  dismiss(): void
}

const loadSessionCode = () => import('../../../netplay/netplay-session')

function openProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401)
      return 'Opening a room needs the library token: unlock the library below.'
    const body = error.message.slice(error.message.indexOf(':') + 1)
    try {
      const message = (JSON.parse(body) as { error?: { message?: string } }).error?.message
      if (message) return message
    } catch {
      // not our JSON: the generic message below
    }
  }
  return 'The room could not be opened. Check the connection and try again.'
}

export function useOnlinePlay(
  host: EmulatorHost | undefined,
  player: PlayerController,
  isRunning: boolean,
): OnlinePlay {
  const session = useRef<NetplaySession | undefined>(undefined)
  const [room, dispatch] = useReducer(roomNotes, noRoomNotes)
  const { view } = room
  const setView = useCallback(
    (next: SessionView | undefined) => dispatch({ type: 'view', view: next }),
    [],
  )
  const [isOpening, setIsOpening] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [inviteUrl, setInviteUrl] = useState<string>()
  const refusalTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pendingJoin = useRef<{ roomId: string; load: (romId: string) => Promise<File> }>(undefined)
  const isActive = view !== undefined && view.phase !== 'ended'

  const begin = useCallback(async (options: SessionOptions) => {
    session.current?.leave()
    const { NetplaySession } = await loadSessionCode()
    session.current = new NetplaySession(options)
  }, [])

  const open = useCallback(() => {
    const cartridge = player.cartridge()
    if (!host?.isRunning() || !cartridge || isOpening) return
    setIsOpening(true)
    setProblem(undefined)
    void (async () => {
      const { file, romId } = cartridge
      const game: RoomGame = romId
        ? { kind: 'library', romId }
        : { kind: 'cartridge', fileName: file.name, size: file.size }
      const res = await apiRequest('POST', '/api/netplay/rooms', { game })
      const room = (await res.json()) as CreateRoomResponse
      const bytes = romId ? undefined : new Uint8Array(await file.arrayBuffer())
      await begin({
        emulator: host,
        roomId: room.roomId,
        host: { hostKey: room.hostKey, ...(bytes ? { cartridge: bytes } : {}) },
        onView: setView,
      })
      setInviteUrl(`${location.origin}${roomInvitePath(room.roomId)}`)
    })()
      .catch((error: unknown) => setProblem(openProblem(error)))
      .finally(() => setIsOpening(false))
  }, [host, player, isOpening, begin, setView])

  const join = useCallback(
    (roomId: string, loadLibraryRom: (romId: string) => Promise<File>) => {
      const start = (emulator: EmulatorHost) =>
        void begin({
          emulator,
          roomId,
          startGame: async (game, cartridge) => {
            const file =
              game.kind === 'library'
                ? await loadLibraryRom(game.romId)
                : new File([new Uint8Array(cartridge ?? [])], game.fileName)
            await player.playNow(file, { isRoomGuest: true })
          },
          onView: setView,
        })
      setInviteUrl(undefined)
      if (host) start(host)
      else pendingJoin.current = { roomId, load: loadLibraryRom }
    },
    [host, player, begin, setView],
  )

  // A link opened before the emulator host existed joins once it does.
  useEffect(() => {
    const pending = pendingJoin.current
    if (!host || !pending) return
    pendingJoin.current = undefined
    join(pending.roomId, pending.load)
  }, [host, join])

  const leave = useCallback(() => session.current?.leave(), [])

  // The game stopped (EJECT, POWER, another cartridge) or the page goes away: this browser leaves.
  useEffect(() => {
    if (!isRunning && isActive && view?.phase === 'playing') leave()
  }, [isRunning, isActive, view?.phase, leave])
  useEffect(() => {
    window.addEventListener('pagehide', leave)
    return () => window.removeEventListener('pagehide', leave)
  }, [leave])

  const say = useCallback((text: string) => {
    clearTimeout(refusalTimer.current)
    dispatch({ type: 'refuse', text })
    refusalTimer.current = setTimeout(() => dispatch({ type: 'refusal-over' }), 5000)
  }, [])

  const refuse = useCallback(
    (what: string) => {
      if (!isActive) return false
      say(`${what} is off during online play, so every player's game stays the same.`)
      return true
    },
    [isActive, say],
  )

  return {
    view,
    isActive,
    isOpening,
    problem,
    note: shownNote(room),
    inviteUrl: isActive ? inviteUrl : undefined,
    open,
    join,
    leave,
    togglePause: () => {
      if (view?.pad === null) say('Only players can pause the room.')
      else session.current?.setPaused(view?.paused?.reason !== 'pause')
    },
    givePad: (memberId) => session.current?.givePad(memberId),
    refuse,
    dismiss: () => setView(undefined),
  }
}
