// The / screen (and /play/:romId, a shared link to a library game): the player console, the library panels,
// how-to-play and the legal notice. Library → player hand-off: the library calls onLoadRom(file, entry) and
// the player takes the file as its cartridge (its saves on the server) and starts it.
import { useCallback, useEffect, useRef } from 'react'
import type { RefObject } from 'react'
import type { RomEntry } from '@nes-studio/shared'
import { useParams, useSearchParams } from 'react-router'
import { markPlayed } from '../../features/library/api/mark-played'
import { DatPanel } from '../../features/library/components/dat-panel'
import { RomLibrary } from '../../features/library/components/rom-library'
import { UploadPanel } from '../../features/library/components/upload-panel'
import { HowToPlay, LegalNotice } from '../../features/player/components/how-to-play'
import { Player } from '../../features/player/player'
import type { PlayerHandle } from '../../features/player/player'
import { useOnline } from '../../hooks/use-online'
import { fetchLibraryRom } from './play-link'

/** Without a network the library cannot be reached; what still works is said instead of errors. */
function OfflineLibrary() {
  return (
    <section className="panel library library--offline" aria-labelledby="offline-title">
      <h2 id="offline-title" className="panel__title">
        Offline
      </h2>
      <p className="library__status" role="status">
        Offline: the library comes back when the network does.
      </p>
      <p className="library__status">
        Cartridges from your computer still play, and the studio still compiles and runs.
      </p>
    </section>
  )
}

/** Starts the game (and moment) a /play/:romId link names, once. */
function usePlayLink(player: RefObject<PlayerHandle | null>): void {
  const { romId } = useParams()
  const [search] = useSearchParams()
  const stateId = search.get('state') ?? undefined
  useEffect(() => {
    if (!romId) return
    let isCurrent = true
    fetchLibraryRom(romId).then(
      (file) => {
        if (!isCurrent) return
        player.current?.loadCartridge(file, { romId, ...(stateId ? { stateId } : {}) })
        // Best effort: the game plays whether or not the library hears of it.
        markPlayed(romId).catch(() => undefined)
      },
      (error: unknown) => {
        if (isCurrent)
          player.current?.showProblem(error instanceof Error ? error.message : String(error))
      },
    )
    return () => {
      isCurrent = false
    }
  }, [player, romId, stateId])
}

/** Joins the online room a /room/:roomId invite link names, once. */
function useRoomLink(player: RefObject<PlayerHandle | null>): void {
  const { roomId } = useParams()
  useEffect(() => {
    if (roomId) player.current?.joinRoom(roomId, fetchLibraryRom)
  }, [player, roomId])
}

export function HomeRoute() {
  const player = useRef<PlayerHandle>(null)
  const onLoadRom = useCallback(
    (file: File, rom: RomEntry) => player.current?.loadCartridge(file, { romId: rom.id }),
    [],
  )
  usePlayLink(player)
  useRoomLink(player)
  const isOnline = useOnline()

  return (
    <main className="home">
      <div className="home__player">
        <Player ref={player} />
      </div>
      <aside className="home__side">
        {isOnline ? null : <OfflineLibrary />}
        {/* Kept mounted (and in sight, dimmed and inert) while offline: a short drop keeps the picked
            file, the typed title, the search and its results, and an upload or Undo under way still
            reports how it ended. */}
        <div
          className={isOnline ? 'home__library' : 'home__library home__library--offline'}
          inert={!isOnline}
        >
          <UploadPanel />
          <RomLibrary onLoadRom={onLoadRom} />
          <DatPanel />
        </div>
        <HowToPlay />
      </aside>
      <LegalNotice />
    </main>
  )
}
