// The / screen: the player console, the library panels, how-to-play and the legal notice. Library → player
// hand-off: the library calls onLoadRom(file) and the player takes the file as its cartridge and starts it.
import { useCallback, useRef } from 'react'
import { RomLibrary } from '../../features/library/components/rom-library'
import { UploadPanel } from '../../features/library/components/upload-panel'
import { HowToPlay, LegalNotice } from '../../features/player/components/how-to-play'
import { Player } from '../../features/player/player'
import type { PlayerHandle } from '../../features/player/player'

export function HomeRoute() {
  const player = useRef<PlayerHandle>(null)
  const onLoadRom = useCallback((file: File) => player.current?.loadCartridge(file), [])

  return (
    <main className="home">
      <div className="home__player">
        <Player ref={player} />
      </div>
      <aside className="home__side">
        <UploadPanel />
        <RomLibrary onLoadRom={onLoadRom} />
        <HowToPlay />
      </aside>
      <LegalNotice />
    </main>
  )
}
